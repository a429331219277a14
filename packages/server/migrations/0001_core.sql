-- Core tenancy, identity and configuration tables.

CREATE TABLE system_settings (
  name text PRIMARY KEY,
  value text NOT NULL DEFAULT ''
);

CREATE TABLE organizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  contact_firstname text NOT NULL DEFAULT '',
  contact_lastname text NOT NULL DEFAULT '',
  contact_email text NOT NULL DEFAULT '',
  language text NOT NULL DEFAULT 'en',
  signup_date timestamptz NOT NULL DEFAULT now()
);

-- The same domain may be pending in several organisations, but active in at most one.
CREATE TABLE organization_domains (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  domain text NOT NULL,
  active boolean NOT NULL DEFAULT false,
  verify_token uuid NOT NULL DEFAULT gen_random_uuid(),
  is_primary boolean NOT NULL DEFAULT false,
  accessible boolean NOT NULL DEFAULT false,
  access_check timestamptz,
  PRIMARY KEY (organization_id, domain)
);
CREATE UNIQUE INDEX organization_domains_active_domain ON organization_domains (domain) WHERE active;
CREATE UNIQUE INDEX organization_domains_one_primary ON organization_domains (organization_id) WHERE is_primary;

CREATE TABLE settings (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL DEFAULT '',
  PRIMARY KEY (organization_id, name)
);

CREATE TABLE auth_providers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  provider_type integer NOT NULL DEFAULT 1,
  auth_url text NOT NULL DEFAULT '',
  token_url text NOT NULL DEFAULT '',
  auth_style integer NOT NULL DEFAULT 0,
  scopes text NOT NULL DEFAULT '',
  userinfo_url text NOT NULL DEFAULT '',
  userinfo_email_field text NOT NULL DEFAULT '',
  userinfo_firstname_field text NOT NULL DEFAULT '',
  userinfo_lastname_field text NOT NULL DEFAULT '',
  client_id text NOT NULL DEFAULT '',
  client_secret text NOT NULL DEFAULT '',
  logout_url text NOT NULL DEFAULT '',
  profile_page_url text NOT NULL DEFAULT '',
  read_only boolean NOT NULL DEFAULT false
);
CREATE INDEX auth_providers_org ON auth_providers (organization_id);
CREATE UNIQUE INDEX auth_providers_org_name ON auth_providers (organization_id, lower(name));

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  password_hash text,
  auth_provider_id uuid REFERENCES auth_providers (id),
  atlassian_id text,
  role integer NOT NULL DEFAULT 0,
  disabled boolean NOT NULL DEFAULT false,
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  last_activity_at timestamptz,
  totp_secret text,
  password_pending boolean NOT NULL DEFAULT false,
  password_update_required boolean NOT NULL DEFAULT false,
  api_token_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organization_id, email)
);
CREATE INDEX users_email ON users (email);
CREATE UNIQUE INDEX users_api_token ON users (api_token_hash) WHERE api_token_hash IS NOT NULL;

CREATE TABLE user_preferences (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL DEFAULT '',
  PRIMARY KEY (user_id, name)
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_activity timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

-- Refresh tokens are stored as SHA-256 hashes. A used token stays (used_at set) until it
-- expires so that presenting it again is recognised as theft and revokes its session.
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);
CREATE INDEX refresh_tokens_expires ON refresh_tokens (expires_at);

CREATE TABLE groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL
);
CREATE UNIQUE INDEX groups_org_name ON groups (organization_id, lower(name));

CREATE TABLE user_groups (
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX user_groups_user ON user_groups (user_id);

-- One-time tokens (invitations, password resets, OAuth state, merge requests …).
CREATE TABLE auth_states (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state_type integer NOT NULL,
  ref_id uuid,
  payload text NOT NULL DEFAULT '',
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_states_expires ON auth_states (expires_at);

-- Failed sign-in throttling, keyed by account and client address (see README).
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_start timestamptz NOT NULL DEFAULT now(),
  blocked_until timestamptz,
  strikes integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Per-user request counters for rate limiting, shared by all server processes.
-- Unlogged: counters need no crash safety and this keeps them cheap.
CREATE UNLOGGED TABLE rate_limit_hits (
  subject text NOT NULL,
  window_start bigint NOT NULL,
  hits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (subject, window_start)
);

-- Last run of each background job, so that N processes run a job once per interval.
CREATE TABLE job_runs (
  name text PRIMARY KEY,
  last_run_at timestamptz NOT NULL
);
