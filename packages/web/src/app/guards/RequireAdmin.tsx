import type { ReactNode } from 'react';
import { NoAccessPage } from '../../shared/system-pages/NoAccessPage';
import { useSignedInSession } from '../session/session-context';
import { canAdminister } from '../session/session-data';

/** Administration is for space admins and above (role ≥ 10); others see why they cannot enter. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useSignedInSession();
  return canAdminister(user) ? children : <NoAccessPage />;
}
