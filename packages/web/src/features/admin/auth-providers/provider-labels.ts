import type { AuthProvider } from '@perch/contract';
import type { MessageKey } from '../../../i18n';
import { PROVIDER_TYPE } from './auth-provider-form';

/** OAuth 2, or OpenID Connect when an issuer is named, or SAML 2.0. */
export function providerTypeLabel(provider: Pick<AuthProvider, 'providerType' | 'issuer'>): MessageKey {
  if (provider.providerType === PROVIDER_TYPE.saml) return 'authProviderTypeSaml';
  return provider.issuer ? 'authProviderTypeOpenId' : 'authProviderTypeOAuth';
}
