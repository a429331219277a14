-- Indexes for organisation-wide lists and statistics at scale (hundreds of thousands of
-- bookings per organisation).

-- Waiting approvals of an organisation, newest-ending first; the count reads the index alone.
CREATE INDEX bookings_pending_org ON bookings (organization_id, leave_at) INCLUDE (enter_at, space_id) WHERE NOT approved;

-- By organisation and start, carrying the area and the end: the weekday statistics and the
-- admin's booking filter read it without visiting the table.
CREATE INDEX bookings_org_enter_covering ON bookings (organization_id, enter_at) INCLUDE (location_id, leave_at);
DROP INDEX bookings_org_enter;
