import { Anchor, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconExternalLink, IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CopyField } from '../../shared/ui/CopyField';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { perchAppUrl } from '../../shared/account-merge/perch-address';

/**
 * `/login/confluence/:clientId`: what the wiki app shows before it is connected (reference
 * "Confluence onboarding"): the steps to enter its client id in Perch as the shared secret.
 */
export function WikiOnboardingPage() {
  const { t } = useTranslation();
  const { clientId = '' } = useParams();
  usePageTitle(t('wikiOnboardingTitle'));
  return (
    <Stack gap="lg">
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
        <IconPlugConnected size={26} />
      </ThemeIcon>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('wikiOnboardingTitle')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('wikiOnboardingIntro')}
        </Text>
      </Stack>
      <List type="ordered" spacing="md" fz="sm" styles={{ itemWrapper: { display: 'block' } }}>
        <List.Item>
          {t('wikiOnboardingStepSignIn')}{' '}
          <Anchor href={perchAppUrl('/admin/settings/wiki')} target="_blank" rel="noopener noreferrer" fz="sm">
            {t('wikiOnboardingOpenSettings')}
            <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineStart: 4 }} />
          </Anchor>
        </List.Item>
        <List.Item>{t('wikiOnboardingStepOpen')}</List.Item>
        <List.Item>
          <Stack gap={6}>
            <span>{t('wikiOnboardingStepCopy')}</span>
            <CopyField label={t('wikiOnboardingClientId')} value={clientId} />
          </Stack>
        </List.Item>
        <List.Item>{t('wikiOnboardingStepPaste')}</List.Item>
        <List.Item>{t('wikiOnboardingStepOrganization')}</List.Item>
        <List.Item>{t('wikiOnboardingStepReload')}</List.Item>
      </List>
    </Stack>
  );
}
