import type { Preflight } from '@perch/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '../../app/safe-redirect';
import { useSession } from '../../app/session/session-context';
import { usePageTitle } from '../../app/ui/use-page-title';
import { EmailStep } from './EmailStep';
import { NewPasswordStep } from './NewPasswordStep';
import { PasswordStep } from './PasswordStep';
import { ProviderStep } from './ProviderStep';

type LoginStep =
  | { kind: 'email' }
  | { kind: 'password'; organisation: Preflight }
  | { kind: 'providers'; organisation: Preflight }
  | { kind: 'newPassword'; organisation: Preflight; currentPassword: string };

/** Email first, then a password or the organisation's sign-in providers (reference §1.2). */
export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('loginTitle'));
  const { state } = useSession();
  const [params] = useSearchParams();
  const redirectTarget = safeRedirectTarget(params.get('redir'));
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [step, setStep] = useState<LoginStep>({ kind: 'email' });

  if (state.status === 'signedIn') return <Navigate to={redirectTarget} replace />;

  const backToEmail = () => setStep({ kind: 'email' });
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
