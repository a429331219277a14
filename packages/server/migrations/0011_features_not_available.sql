-- Sign-in providers and kiosk mode are not available in this version, and requiring a second
-- factor is not possible before two-factor sign-in exists: stored values say so, so that
-- clients (the Seatsurfing web UI included) hide these features instead of failing on them.
UPDATE settings SET value = '0' WHERE name IN ('feature_auth_providers', 'feature_kiosk_mode', 'enforce_totp');
