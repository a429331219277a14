import { loginWithSecondFactor } from '@perch/client';
import type { PasskeyRequired, Preflight } from '@perch/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '../../app/safe-redirect';
import { useSession } from '../../app/session/session-context';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { EmailStep } from './EmailStep';
import { NewPasswordStep } from './NewPasswordStep';
import { PasskeyStep } from './PasskeyStep';
import { PasswordStep } from './PasswordStep';
import { ProviderStep } from './ProviderStep';
import type { SecondFactorAnswer } from './second-factor-step';
import { TotpStep } from './TotpStep';
import { useSignIn } from './use-sign-in';

type LoginStep =
  | { kind: 'email' }
  | { kind: 'password'; organisation: Preflight }
  | { kind: 'providers'; organisation: Preflight }
  | { kind: 'newPassword'; organisation: Preflight; currentPassword: string }
  | { kind: 'totp'; organisation: Preflight; password: string }
  | { kind: 'passkey'; organisation: Preflight; password: string; challenge: PasskeyRequired };

/**
 * Email first, then a password or the organisation's sign-in providers, then the account's second
 * factor if it has one: an authenticator code or a passkey.
 */
export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('loginTitle'));
  const { state } = useSession();
  const [params] = useSearchParams();
  const redirectTarget = safeRedirectTarget(params.get('redir'));
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [step, setStep] = useState<LoginStep>({ kind: 'email' });
  const signIn = useSignIn();

  if (state.status === 'signedIn') return <Navigate to={redirectTarget} replace />;

  const backToEmail = () => setStep({ kind: 'email' });
  // The second factor goes with the password again: the server keeps no half-finished sign-in.
  const sendWithPassword = (organisation: Preflight, password: string) => (answer: SecondFactorAnswer) =>
    signIn((client) =>
      loginWithSecondFactor(client, { email, password, organizationId: organisation.organization.id, ...answer }),
    );
  switch (step.kind) {
    case 'email':
      return (
        <EmailStep
          initialEmail={email}
          onFound={(address, organisation) => {
            setEmail(address);
            const choose = organisation.authProviders.length > 0 || organisation.disablePasswordLogin;
            setStep({ kind: choose ? 'providers' : 'password', organisation });
          }}
        />
      );
    case 'providers':
      return (
        <ProviderStep
          email={email}
          organisation={step.organisation}
          redirectTarget={redirectTarget}
          mayRedirect={params.get('noredirect') !== '1'}
          onUsePassword={() => setStep({ kind: 'password', organisation: step.organisation })}
          onBack={backToEmail}
        />
      );
    case 'password':
      return (
        <PasswordStep
          email={email}
          organisation={step.organisation}
          onBack={() =>
            step.organisation.authProviders.length > 0
              ? setStep({ kind: 'providers', organisation: step.organisation })
              : backToEmail()
          }
          onNewPasswordRequired={(currentPassword) =>
            setStep({ kind: 'newPassword', organisation: step.organisation, currentPassword })
          }
          onSecondFactor={(request, password) =>
            setStep(
              request.status === 'passkeyRequired'
                ? { kind: 'passkey', organisation: step.organisation, password, challenge: request.challenge }
                : { kind: 'totp', organisation: step.organisation, password },
            )
          }
        />
      );
    case 'totp':
      return (
        <TotpStep
          email={email}
          send={sendWithPassword(step.organisation, step.password)}
          onBack={() => setStep({ kind: 'password', organisation: step.organisation })}
        />
      );
    case 'passkey':
      return (
        <PasskeyStep
          email={email}
          send={sendWithPassword(step.organisation, step.password)}
          challenge={step.challenge}
          onUseTotp={() => setStep({ kind: 'totp', organisation: step.organisation, password: step.password })}
          onBack={() => setStep({ kind: 'password', organisation: step.organisation })}
        />
      );
    case 'newPassword':
      return (
        <NewPasswordStep
          email={email}
          organisation={step.organisation}
          currentPassword={step.currentPassword}
          onBack={backToEmail}
        />
      );
  }
}
