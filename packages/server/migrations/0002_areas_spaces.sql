-- Areas (locations), their floor plans, spaces, space attributes and group links.

CREATE TABLE locations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  max_concurrent_bookings integer NOT NULL DEFAULT 0 CHECK (max_concurrent_bookings >= 0),
  timezone text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  map_scale real NOT NULL DEFAULT 1,
  map_type text NOT NULL DEFAULT '',
  map_width integer NOT NULL DEFAULT 0,
  map_height integer NOT NULL DEFAULT 0,
  map_mime_type text NOT NULL DEFAULT '',
  -- Weekdays the area can be booked on, 0 = Sunday; empty means every day.
  bookable_days smallint[] NOT NULL DEFAULT '{}'
);
CREATE INDEX locations_org_name ON locations (organization_id, name);

-- Floor-plan images live apart from the area row so that listing areas never loads them.
CREATE TABLE location_maps (
  location_id uuid PRIMARY KEY REFERENCES locations (id) ON DELETE CASCADE,
  data bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE location_allowed_bookers (
  location_id uuid NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  PRIMARY KEY (location_id, group_id)
);

CREATE TABLE spaces (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  location_id uuid NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  name text NOT NULL,
  x integer NOT NULL DEFAULT 0,
  y integer NOT NULL DEFAULT 0,
  width integer NOT NULL DEFAULT 0,
  height integer NOT NULL DEFAULT 0,
  rotation integer NOT NULL DEFAULT 0,
  require_subject boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  kiosk_enabled boolean NOT NULL DEFAULT false,
  shape text NOT NULL DEFAULT 'rect',
  font_size text NOT NULL DEFAULT 'normal'
);
CREATE INDEX spaces_location_name ON spaces (location_id, name);

CREATE TABLE space_approvers (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  PRIMARY KEY (space_id, group_id)
);
CREATE INDEX space_approvers_group ON space_approvers (group_id);

CREATE TABLE space_allowed_bookers (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  PRIMARY KEY (space_id, group_id)
);

CREATE TABLE space_attributes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  label text NOT NULL,
  type integer NOT NULL DEFAULT 1,
  space_applicable boolean NOT NULL DEFAULT false,
  location_applicable boolean NOT NULL DEFAULT false
);
CREATE INDEX space_attributes_org ON space_attributes (organization_id, label);

CREATE TABLE space_attribute_values (
  attribute_id uuid NOT NULL REFERENCES space_attributes (id) ON DELETE CASCADE,
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  value text NOT NULL DEFAULT '',
  PRIMARY KEY (space_id, attribute_id)
);
CREATE INDEX space_attribute_values_attribute ON space_attribute_values (attribute_id);

CREATE TABLE location_attribute_values (
  attribute_id uuid NOT NULL REFERENCES space_attributes (id) ON DELETE CASCADE,
  location_id uuid NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  value text NOT NULL DEFAULT '',
  PRIMARY KEY (location_id, attribute_id)
);
CREATE INDEX location_attribute_values_attribute ON location_attribute_values (attribute_id);
