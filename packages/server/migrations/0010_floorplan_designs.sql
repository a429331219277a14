-- Floor plans drawn in the designer (upstream Seatsurfing's location_floor_plans): the design
-- as the JSON text the designer sent, one per area. Its SVG rendering is stored as the area's
-- map (location_maps) in the same transaction. No row: the area has no design.
CREATE TABLE location_floorplan_designs (
  location_id uuid PRIMARY KEY REFERENCES locations (id) ON DELETE CASCADE,
  design_data text NOT NULL CHECK (design_data <> '' AND length(design_data) <= 1000000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
