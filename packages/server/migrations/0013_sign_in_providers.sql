-- Company sign-in: OpenID Connect and SAML 2.0 providers.
-- OAuth 2 providers may name an OpenID issuer (discovery, ID-token checks); SAML providers name
-- the identity provider's entity ID there and keep its signing certificate.
ALTER TABLE auth_providers ADD COLUMN issuer text NOT NULL DEFAULT '';
ALTER TABLE auth_providers ADD COLUMN idp_certificate text NOT NULL DEFAULT '';

-- Users bound to a provider keep it from being deleted (the API answers 400 first); the index
-- serves that check and the sign-in lookups.
CREATE INDEX users_auth_provider ON users (auth_provider_id) WHERE auth_provider_id IS NOT NULL;

-- Sign-in providers exist now: the stored flag that hid them says so.
UPDATE settings SET value = '1' WHERE name = 'feature_auth_providers';

-- The sign-in log names SAML sign-ins as such.
ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_method_check;
ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_method_check
  CHECK (method IN ('password', 'totp', 'passkey', 'passkey_2fa', 'oauth', 'saml', 'confluence'));
