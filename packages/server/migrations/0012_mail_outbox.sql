-- The mail outbox: every mail the server sends is a row written in the same transaction as the
-- change that causes it, so a change never happens without its mail and a rolled-back change
-- never mails. A delivery loop in every server process claims due rows (FOR UPDATE SKIP LOCKED
-- plus a lease), hands them to the SMTP server and records the outcome, retrying with back-off.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The organisation the mail belongs to; its mails go when it is deleted.
  organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE,
  -- What caused it: password-reset, invitation, org-email-verify, org-deletion, booking mails …
  kind text NOT NULL,
  recipient text NOT NULL,
  language text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text NOT NULL,
  -- [{filename, contentType, content}] (calendar files of booking mails).
  attachments jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- While 'sending': the claim expires then, and another process may take the mail over.
  locked_until timestamptz,
  sent_at timestamptz,
  last_error text NOT NULL DEFAULT ''
);
-- The delivery loop: due mails, oldest first.
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status IN ('waiting', 'sending');
-- The admin list: one organisation, newest first.
CREATE INDEX mail_outbox_org_created ON mail_outbox (organization_id, created_at DESC);
-- The retention purge of sent mails.
CREATE INDEX mail_outbox_sent ON mail_outbox (sent_at) WHERE status = 'sent';

-- One-time links of one account or organisation (open password resets, invitations …).
CREATE INDEX auth_states_ref ON auth_states (state_type, ref_id);
