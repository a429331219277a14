-- API tokens of service accounts: besides the token's SHA-256
-- (users.api_token_hash, 0001), when it was made and when it was last used, so that an admin can
-- tell a forgotten token from one a script still relies on. Both are null while there is no token.
ALTER TABLE users
  ADD COLUMN api_token_created_at timestamptz,
  ADD COLUMN api_token_last_used_at timestamptz;
