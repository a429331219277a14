import type { AuthAttempt } from '@perch/contract';
import type { AuthAttemptView } from './repo.js';

/** An attempt of the sign-in log as `GET /auth-attempt/` lists it; absent references are `''`. */
export function presentAuthAttempt(a: AuthAttemptView): AuthAttempt {
  return {
    id: a.id,
    userId: a.user_id ?? '',
    email: a.email,
    timestamp: a.created_at.toISOString(),
    successful: a.successful,
    method: a.method,
    authProviderId: a.auth_provider_id ?? '',
    authProviderName: a.auth_provider_name ?? '',
    errorCode: a.error_code,
    errorDetail: a.error_detail,
    device: a.device,
    clientAddress: a.client_address,
  };
}
