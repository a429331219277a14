-- Rate limiting hands out leases of several credits at once; remember the size of the last one.
ALTER TABLE rate_limit_hits ADD COLUMN last_grant integer NOT NULL DEFAULT 0;
