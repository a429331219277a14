import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useEmbedded } from '../../app/embedded/embedded-mode';
import { usePageTitle } from '../../shared/ui/use-page-title';
import type { MessageKey } from '../../i18n';
import { providerFailureMessage, providerFailureTitle } from '../../shared/sign-in-providers/provider-failure';
import { SIGN_IN_WITHOUT_REDIRECT } from './LoginSuccessPage';
import { StepHeading } from './StepHeading';

/** Providers may send long descriptions; the page shows a readable amount. */
const DETAIL_MAX = 500;

const clip = (text: string) => (text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX)}…` : text);

/** In the team wiki's frame the sign-in came from the wiki: what went wrong, in its terms. */
const WIKI_REASON_MESSAGES: Readonly<Record<string, MessageKey>> = {
  config: 'wikiFailedConfig',
  expired: 'wikiFailedExpired',
  login: 'wikiFailedLogin',
};

function wikiFailureMessage(reason: string | null): MessageKey {
  return reason && Object.hasOwn(WIKI_REASON_MESSAGES, reason) ? WIKI_REASON_MESSAGES[reason]! : 'wikiFailedUnknown';
}

/** Where linking an account to a provider starts, and where the person goes back to after a failed link. */
const SECURITY_PREFERENCES = '/preferences?tab=security';

/**
 * `/login/failed?reason&error&error_description`: where the server sends the browser when a
 * sign-in through a provider (or the team wiki) did not work. Says why, with the
 * provider's own words when it gave any, and leads back to the sign-in page (in the web app).
 * A `link` failure is Perch's own (the account has a password and is not linked yet, or the
 * provider signed in another email while linking): its words are Perch's, so no details show.
 */
export function LoginFailedPage() {
  const { t } = useTranslation();
  const embedded = useEmbedded();
  const [params] = useSearchParams();
  const reason = params.get('reason');
  // The team wiki sent a visitor it has not signed in, and the organisation books only for signed-in ones.
  const anonymous = params.get('error') === 'anonymous';
  const link = reason === 'link';
  // Linking started from the preferences of a signed-in account: that is where to go back to.
  const linking = link && params.get('error') === 'email_mismatch';
  const title = t(anonymous ? 'wikiAnonymousTitle' : providerFailureTitle(reason, params.get('error')));
  usePageTitle(title);
  const ownWords = anonymous || link;
  const error = ownWords ? '' : clip(params.get('error')?.trim() ?? '');
  const description = ownWords ? '' : clip(params.get('error_description')?.trim() ?? '');
  const message = anonymous
    ? 'wikiAnonymousBody'
    : embedded
      ? wikiFailureMessage(reason)
      : providerFailureMessage(reason, params.get('error'));
  return (
    <Stack gap="lg">
      <StepHeading title={title} />
      <Alert
        role="alert"
        color={anonymous ? 'blue' : 'red'}
        variant="light"
        icon={<IconAlertCircle size={18} aria-hidden />}
      >
        {t(message)}
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
      {/* Inside the wiki, the wiki page signs people in again; Perch's own sign-in is for the web app. */}
      {!embedded &&
        (linking ? (
          <Button component={Link} to={SECURITY_PREFERENCES} fullWidth>
            {t('providerLinkBackToSecurity')}
          </Button>
        ) : (
          <Button component={Link} to={SIGN_IN_WITHOUT_REDIRECT} fullWidth>
            {t(anonymous ? 'signInToPerch' : 'backToSignIn')}
          </Button>
        ))}
    </Stack>
  );
}
