-- Second factors of password accounts: passkeys, TOTP recovery codes (a Perch addition) and
-- what keeps a TOTP code single-use across server processes.

-- Passkeys (WebAuthn credentials). The credential id, public key and AAGUID are encrypted with
-- CRYPT_KEY like every secret at rest; the SHA-256 of the credential id (hex of the base64url
-- form the browser sends) finds a credential at sign-in and keeps it registered only once.
CREATE TABLE passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id_encrypted text NOT NULL,
  credential_id_hash text NOT NULL UNIQUE,
  public_key_encrypted text NOT NULL,
  attestation_type text NOT NULL DEFAULT '',
  aaguid_encrypted text NOT NULL DEFAULT '',
  -- The authenticator's signature counter (uint32); a counter that goes back means a clone.
  sign_count bigint NOT NULL DEFAULT 0 CHECK (sign_count >= 0),
  backup_eligible boolean NOT NULL DEFAULT false,
  backup_state boolean NOT NULL DEFAULT false,
  transports text[] NOT NULL DEFAULT '{}',
  name varchar(255) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- Single-use codes that stand in for a TOTP code when the authenticator app is lost. Only a
-- SHA-256 of each code (salted with the user id) is stored; a used code's row is deleted, so
-- two servers racing with the same code cannot both accept it.
CREATE TABLE totp_recovery_codes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, code_hash)
);

-- The TOTP time step (unix time / 30) of the last code a user signed in with. A code is accepted
-- only for a later step, set with a conditional UPDATE: a code cannot be replayed within its
-- 90 seconds of validity, whichever server process sees it (the counter is shared, not kept in
-- one process's memory).
ALTER TABLE users ADD COLUMN totp_last_step integer;
