-- A person's bookings by end, carrying their start: the booking rules count a person's upcoming
-- and overlapping bookings from the index alone, without visiting the table.
DROP INDEX bookings_user_leave;
CREATE INDEX bookings_user_leave ON bookings (user_id, leave_at) INCLUDE (enter_at);
