import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiErrorMessage } from '../../app/use-api-error-message';
import { signInPath } from './password-link-paths';
import { StepHeading } from './StepHeading';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';

/** A quiet link back to the sign-in screen, under the forms of the password pages. */
export function BackToSignIn({ email }: { email?: string }) {
  const { t } = useTranslation();
  return (
    <Group>
      <Anchor component={Link} to={signInPath(email)} fz="sm">
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft size={16} aria-hidden className="mirror-in-rtl" />
          {t('backToSignIn')}
        </Group>
      </Anchor>
    </Group>
  );
}

/**
 * After asking for a link: the same words whether or not the account exists, so the page never
 * tells which addresses have one.
 */
export function LinkSentNotice({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <StepHeading title={t('linkSentTitle')} />
      <Alert color="teal" variant="light" icon={<IconMailCheck size={18} aria-hidden />} role="status">
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('linkSentBody', { email })}
        </Text>
      </Alert>
      <Text fz="sm" c="dimmed">
        {t('linkSentHint')}
      </Text>
      <Button component={Link} to={signInPath(email)} variant="default" fullWidth>
        {t('backToSignIn')}
      </Button>
    </Stack>
  );
}

/** A link that could not be looked up (the server was unreachable or failed): say so and offer a retry. */
export function LinkLoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const message = useApiErrorMessage();
  return (
    <Stack gap="lg">
      <ErrorAlert compact title={t('linkLoadFailed')}>
        {message(error)}
      </ErrorAlert>
      <Button variant="light" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
      <BackToSignIn />
    </Stack>
  );
}
