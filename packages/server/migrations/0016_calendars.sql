-- Calendars: CalDAV sync through a queue, the sequence number of a booking's calendar event,
-- and each user's personal calendar feed.

-- Bumped whenever a booking's event changes (times, space, subject), so calendars that got an
-- earlier copy (mail attachments, CalDAV, the feed) take the new one in its place (RFC 5545 SEQUENCE).
ALTER TABLE bookings ADD COLUMN calendar_sequence integer NOT NULL DEFAULT 0;

-- Bookings whose event in a user's CalDAV calendar must be brought up to date. A row is written
-- in the transaction of the booking change and worked off by any server process, outside the
-- request: the event is put when the booking exists, belongs to the user and is approved, and
-- deleted otherwise. `version` counts changes that arrive while a process works on the row, so
-- the row is kept for another round instead of being deleted.
CREATE TABLE caldav_sync_queue (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  booking_id uuid NOT NULL,
  version integer NOT NULL DEFAULT 1,
  due_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  queued_at timestamptz NOT NULL DEFAULT now(),
  last_error text NOT NULL DEFAULT '',
  PRIMARY KEY (user_id, booking_id)
);
CREATE INDEX caldav_sync_queue_due ON caldav_sync_queue (due_at);

-- The outcome of a user's calendar sync, shown in their preferences.
CREATE TABLE caldav_status (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  last_sync_at timestamptz,
  last_error text NOT NULL DEFAULT '',
  last_error_at timestamptz
);

-- A user's calendar feed: a secret address calendar apps poll. The token is kept encrypted (the
-- owner can copy the address again) and as a SHA-256 digest (the feed is found by it).
CREATE TABLE calendar_feeds (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  token_encrypted text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_polled_at timestamptz
);
