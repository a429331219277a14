-- Check-in and release of bookings nobody came for. A booking records when its person checked
-- in and when it was released (and why). A release or a check-out ends the booking at that
-- moment, so the rest of the slot is free for others under the same no-overlap constraint;
-- the end as booked is kept for the person's history and the statistics.
ALTER TABLE bookings ADD COLUMN checked_in_at timestamptz;
ALTER TABLE bookings ADD COLUMN released_at timestamptz;
ALTER TABLE bookings ADD COLUMN release_reason text;
ALTER TABLE bookings ADD COLUMN booked_leave_at timestamptz;

-- The check-in policy of an area and of a space: null takes the value of the level above
-- (space → area → organisation settings `checkin_*`).
ALTER TABLE locations ADD COLUMN checkin_mode smallint CHECK (checkin_mode BETWEEN 0 AND 2);
ALTER TABLE locations ADD COLUMN checkin_opens_minutes integer CHECK (checkin_opens_minutes BETWEEN 0 AND 720);
ALTER TABLE locations ADD COLUMN checkin_grace_minutes integer CHECK (checkin_grace_minutes BETWEEN 1 AND 720);
ALTER TABLE locations ADD COLUMN checkin_release_time text CHECK (checkin_release_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
ALTER TABLE locations ADD COLUMN checkin_release boolean;
ALTER TABLE locations ADD COLUMN checkin_exempt_long boolean;

ALTER TABLE spaces ADD COLUMN checkin_mode smallint CHECK (checkin_mode BETWEEN 0 AND 2);
ALTER TABLE spaces ADD COLUMN checkin_opens_minutes integer CHECK (checkin_opens_minutes BETWEEN 0 AND 720);
ALTER TABLE spaces ADD COLUMN checkin_grace_minutes integer CHECK (checkin_grace_minutes BETWEEN 1 AND 720);
ALTER TABLE spaces ADD COLUMN checkin_release_time text CHECK (checkin_release_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
ALTER TABLE spaces ADD COLUMN checkin_release boolean;
ALTER TABLE spaces ADD COLUMN checkin_exempt_long boolean;

-- The opaque token in a space's code (QR or NFC): scanning it proves the person stands at the
-- space. An admin rotates it when a printed code must stop working.
ALTER TABLE spaces ADD COLUMN checkin_token text NOT NULL
  DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX spaces_checkin_token ON spaces (checkin_token);
