-- Waiting bookings by start, carrying every column the approvals list shows: the list of an
-- organisation's waiting bookings is read from this index alone, already in order.
DROP INDEX bookings_pending_org_enter;
CREATE INDEX bookings_pending_org_enter ON bookings (organization_id, enter_at, id)
  INCLUDE (leave_at, space_id, location_id, user_id, recurring_id, subject) WHERE NOT approved;
