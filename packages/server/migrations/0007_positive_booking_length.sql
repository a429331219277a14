-- A booking lasts a positive time. An empty range overlaps nothing, so the exclusion
-- constraint alone would let any number of zero-length bookings share one desk.
-- Zero-length rows occupy no time and are removed before the rule is enforced.
DELETE FROM bookings WHERE leave_at <= enter_at;
ALTER TABLE bookings DROP CONSTRAINT IF EXISTS bookings_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_positive_length CHECK (leave_at > enter_at);

DELETE FROM recurring_bookings WHERE leave_at <= enter_at;
ALTER TABLE recurring_bookings ADD CONSTRAINT recurring_bookings_positive_length CHECK (leave_at > enter_at);
