import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/ui/use-page-title';
import { providerFailureMessage, providerFailureTitle } from '../../shared/sign-in-providers/provider-failure';
import { SIGN_IN_WITHOUT_REDIRECT } from './LoginSuccessPage';
import { StepHeading } from './StepHeading';

/** Providers may send long descriptions; the page shows a readable amount. */
const DETAIL_MAX = 500;

const clip = (text: string) => (text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX)}…` : text);

/**
 * `/login/failed?reason&error&error_description`: where the server sends the browser when a
 * sign-in through a provider did not work. Says why (SPEC §8), with the provider's own words when
 * it gave any, and leads back to the sign-in page.
 */
export function LoginFailedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reason = params.get('reason');
  const title = t(providerFailureTitle(reason));
  usePageTitle(title);
  const error = clip(params.get('error')?.trim() ?? '');
  const description = clip(params.get('error_description')?.trim() ?? '');
  return (
    <Stack gap="lg">
      <StepHeading title={title} />
      <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
        {t(providerFailureMessage(reason))}
      </Alert>
      {(error || description) && (
        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            {t('providerErrorDetails')}
          </Text>
          {/* The provider chose the language of its words: let the text set its own direction. */}
          <Code block dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {[error, description].filter(Boolean).join('\n')}
          </Code>
        </Stack>
      )}
      <Button component={Link} to={SIGN_IN_WITHOUT_REDIRECT} fullWidth>
        {t('backToSignIn')}
      </Button>
    </Stack>
  );
}
