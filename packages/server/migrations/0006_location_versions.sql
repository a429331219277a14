-- A version number per area, raised by every change to the area's spaces and their links,
-- so that servers can keep an area's spaces in memory and know when they are stale.
ALTER TABLE locations ADD COLUMN spaces_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION bump_location_spaces_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'spaces' THEN
    UPDATE locations SET spaces_version = spaces_version + 1
      WHERE id IN (COALESCE((CASE WHEN TG_OP <> 'INSERT' THEN OLD.location_id END), NEW.location_id),
                   COALESCE((CASE WHEN TG_OP <> 'DELETE' THEN NEW.location_id END), OLD.location_id));
  ELSIF TG_TABLE_NAME = 'location_allowed_bookers' THEN
    UPDATE locations SET spaces_version = spaces_version + 1
      WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.location_id ELSE NEW.location_id END);
  ELSE
    UPDATE locations SET spaces_version = spaces_version + 1
      WHERE id = (SELECT location_id FROM spaces
                  WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.space_id ELSE NEW.space_id END));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER spaces_version AFTER INSERT OR UPDATE OR DELETE ON spaces
  FOR EACH ROW EXECUTE FUNCTION bump_location_spaces_version();
CREATE TRIGGER space_attribute_values_version AFTER INSERT OR UPDATE OR DELETE ON space_attribute_values
  FOR EACH ROW EXECUTE FUNCTION bump_location_spaces_version();
CREATE TRIGGER space_approvers_version AFTER INSERT OR UPDATE OR DELETE ON space_approvers
  FOR EACH ROW EXECUTE FUNCTION bump_location_spaces_version();
CREATE TRIGGER space_allowed_bookers_version AFTER INSERT OR UPDATE OR DELETE ON space_allowed_bookers
  FOR EACH ROW EXECUTE FUNCTION bump_location_spaces_version();
CREATE TRIGGER location_allowed_bookers_version AFTER INSERT OR UPDATE OR DELETE ON location_allowed_bookers
  FOR EACH ROW EXECUTE FUNCTION bump_location_spaces_version();
