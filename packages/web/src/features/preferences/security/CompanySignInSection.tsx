import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBuildingSkyscraper, IconCircleCheck, IconLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSignedInSession } from '../../../app/session/session-context';
import { useOrganisationProviders } from '../api/provider-link-queries';
import { LinkProviderModal, type ProviderStub } from './LinkProviderModal';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { Section } from '../../../shared/ui/Section';

/** The query parameter the server's link sign-in comes back with: the provider now linked. */
const LINKED_PARAM = 'linked';

/** The provider the account just came back linked to (`?linked=<id>`), read once and then taken off the address. */
function useJustLinked(): string | null {
  const [params, setParams] = useSearchParams();
  const [linked] = useState(() => params.get(LINKED_PARAM));
  useEffect(() => {
    if (!linked) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(LINKED_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [linked, setParams]);
  return linked;
}

/**
 * Company sign-in: the organisation's sign-in providers. An account bound to one is told which; any
 * other account may link itself to one (after a confirmation, at the provider), and then signs in
 * there only. Nothing shows when the organisation has no providers, nor for super admins, whom
 * providers never sign in.
 */
export function CompanySignInSection() {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  const providers = useOrganisationProviders(user.organizationId, !user.superAdmin);
  const justLinked = useJustLinked();
  const [showLinked, setShowLinked] = useState(true);
  const [choice, setChoice] = useState<ProviderStub | null>(null);

  if (user.superAdmin || providers.isPending) return null;
  const list = providers.data ?? [];
  if (!providers.isError && list.length === 0) return null;
  const nameOf = (id: string) => list.find((p) => p.id === id)?.name;
  const bound = user.signInProviderId !== '';
  const boundName = bound ? nameOf(user.signInProviderId) : undefined;
  const linkedName = justLinked ? nameOf(justLinked) : undefined;

  return (
    <Section
      compact
      gap="sm"
      labelled="company-sign-in-heading"
      Icon={IconBuildingSkyscraper}
      title={t('companySignInTitle')}
    >
      {justLinked && showLinked && (
        <Alert
          role="status"
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={18} aria-hidden />}
          withCloseButton
          closeButtonLabel={t('close')}
          onClose={() => setShowLinked(false)}
        >
          {linkedName ? t('providerLinked', { provider: linkedName }) : t('providerLinkedUnnamed')}
        </Alert>
      )}
      {providers.isError ? (
        <QueryFailure compact error={providers.error} onRetry={() => void providers.refetch()} />
      ) : bound ? (
        <Text fz="sm">
          {boundName ? t('companySignInBound', { provider: boundName }) : t('companySignInBoundUnnamed')}
        </Text>
      ) : (
        <>
          <Text fz="sm" c="dimmed">
            {t('companySignInIntro')}
          </Text>
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {list.map((provider) => (
              <Group key={provider.id} component="li" justify="space-between" gap="sm" wrap="wrap">
                <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {provider.name}
                </Text>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconLink size={16} aria-hidden />}
                  onClick={() => setChoice(provider)}
                  aria-label={t('providerLinkTo', { provider: provider.name })}
                >
                  {t('providerLink')}
                </Button>
              </Group>
            ))}
          </Stack>
        </>
      )}
      <LinkProviderModal
        provider={choice}
        email={user.email}
        hasPassword={user.requirePassword}
        onClose={() => setChoice(null)}
      />
    </Section>
  );
}
