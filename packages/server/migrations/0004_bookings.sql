-- Bookings, recurring series and buddies.

CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE recurring_bookings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  subject text NOT NULL DEFAULT '',
  enter_at timestamptz NOT NULL,
  leave_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  cadence integer NOT NULL,
  cycle integer NOT NULL DEFAULT 1,
  weekdays smallint[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX recurring_bookings_user ON recurring_bookings (user_id);

-- Times are instants. The area and organisation are copied onto the booking so that range
-- queries per area or organisation need no joins.
CREATE TABLE bookings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  location_id uuid NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  enter_at timestamptz NOT NULL,
  leave_at timestamptz NOT NULL,
  approved boolean NOT NULL DEFAULT true,
  subject text NOT NULL DEFAULT '',
  recurring_id uuid REFERENCES recurring_bookings (id) ON DELETE SET NULL,
  caldav_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_info_mail_sent_at timestamptz,
  reminder_sent_at timestamptz,
  CHECK (leave_at >= enter_at),
  -- No double booking, whatever the number of servers: overlapping ranges of one space are
  -- impossible. Ranges are half-open, so back-to-back bookings are fine.
  CONSTRAINT bookings_no_overlap EXCLUDE USING gist (space_id WITH =, tstzrange(enter_at, leave_at, '[)') WITH &&)
);
CREATE INDEX bookings_location_time ON bookings (location_id, enter_at, leave_at);
CREATE INDEX bookings_user_leave ON bookings (user_id, leave_at);
CREATE INDEX bookings_org_enter ON bookings (organization_id, enter_at);
CREATE INDEX bookings_pending ON bookings (space_id, leave_at) WHERE NOT approved;
CREATE INDEX bookings_recurring ON bookings (recurring_id) WHERE recurring_id IS NOT NULL;

CREATE TABLE buddies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  buddy_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (owner_id, buddy_id)
);
CREATE INDEX buddies_buddy ON buddies (buddy_id);
