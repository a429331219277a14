-- The sign-in audit log: every sign-in outcome of an
-- organisation, who tried, how, from where and why it failed. Organisation admins read it
-- (GET /auth-attempt/); rows older than AUTH_EVENT_RETENTION_DAYS are purged by a job.
CREATE TABLE auth_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- The account the email belonged to; null when none did (user_not_found) or it was deleted since.
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- As entered: trimmed and lower-case, also for unknown accounts.
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  successful boolean NOT NULL,
  method text NOT NULL CHECK (method IN ('password', 'totp', 'passkey', 'passkey_2fa', 'oauth', 'confluence')),
  -- The sign-in provider of an OAuth attempt; kept when the provider is removed (the name is then unknown).
  auth_provider_id uuid,
  -- '' on success, a failure reason otherwise (user_not_found, wrong_password, throttled …).
  error_code text NOT NULL DEFAULT '',
  error_detail text NOT NULL DEFAULT '',
  client_address text NOT NULL DEFAULT '',
  device text NOT NULL DEFAULT '',
  CHECK (successful = (error_code = ''))
);
-- The admin list: one organisation, newest first.
CREATE INDEX auth_attempts_org_created ON auth_attempts (organization_id, created_at DESC);
-- The retention purge across organisations.
CREATE INDEX auth_attempts_created ON auth_attempts (created_at);
-- Deleting a user clears its references.
CREATE INDEX auth_attempts_user ON auth_attempts (user_id) WHERE user_id IS NOT NULL;
