-- A refresh token presented again within a few seconds of its rotation is most likely the same
-- client whose answer was lost (a reload, a closed tab, a dropped connection): it is honoured
-- once. `replaced_by` names the token its rotation issued (withdrawn when the reuse is
-- honoured, so only one successor lives on); `reused_at` records that the one reuse was spent.
ALTER TABLE refresh_tokens ADD COLUMN replaced_by text;
ALTER TABLE refresh_tokens ADD COLUMN reused_at timestamptz;
