-- Check-in reminders: when the mail that the window is open went out, and when the last call
-- before the release did. Each is sent once per booking; a booking moved to another time is
-- reminded again (the booking core clears both when the times change).
ALTER TABLE bookings ADD COLUMN checkin_reminded_at timestamptz;
ALTER TABLE bookings ADD COLUMN checkin_last_call_at timestamptz;

