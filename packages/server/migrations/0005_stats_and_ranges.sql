-- Range lookups of an area's bookings (availability, capacity, statistics) use the overlap
-- operator on this index instead of scanning everything that started before a window ends.
CREATE INDEX bookings_location_range ON bookings USING gist (location_id, tstzrange(enter_at, leave_at, '[)'));

-- Statistics of an organisation, computed at most once per STATS_CACHE_SECONDS for all
-- server processes.
CREATE TABLE stats_cache (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  key text NOT NULL,
  computed_at timestamptz NOT NULL,
  payload jsonb NOT NULL,
  PRIMARY KEY (organization_id, key)
);
