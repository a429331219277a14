-- Ways in that an administrator sets up (a sign-in provider, the team wiki) sign nobody in whose
-- role is above the role of the administrator who last configured them, and never a super admin.
-- What configured the existing ones is not recorded: the lowest role that can configure them
-- (organisation admin) is assumed, and the server's own configuration is the operator's.
ALTER TABLE auth_providers ADD COLUMN configured_by_role smallint NOT NULL DEFAULT 20;
UPDATE auth_providers SET configured_by_role = 90 WHERE read_only;
ALTER TABLE organizations ADD COLUMN wiki_configured_by_role smallint NOT NULL DEFAULT 20;

-- Whether a provider checks two factors itself: then Perch does not ask for the account's own
-- second factor after a sign-in through it. Off: Perch asks.
ALTER TABLE auth_providers ADD COLUMN checks_second_factor boolean NOT NULL DEFAULT false;

-- Team wiki tokens are used once: a digest of each is kept until the token expires.
CREATE TABLE wiki_token_uses (
  digest text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX wiki_token_uses_expiry ON wiki_token_uses (expires_at);
