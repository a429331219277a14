-- Requests to merge one account (the source, e.g. one the team wiki created) into another of
-- the same organisation (the target), who accepts them within an hour.
CREATE TABLE merge_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  target_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  CHECK (source_user_id <> target_user_id)
);
CREATE INDEX merge_requests_target ON merge_requests (target_user_id, expires_at);
CREATE INDEX merge_requests_expires ON merge_requests (expires_at);
