-- An installation at schema 0012 (migrations 0001–0012) in use: rows in every table, written
-- the way that version wrote them. upgrade.test.ts loads it, upgrades to the newest schema and
-- checks that every row is still there. Times are relative to now: the bookings lie ahead.
-- Sign-in: admin@upgrade.perch.test / Upgrade!pass1 (organisation a0000000-…-0001).

INSERT INTO system_settings (name, value) VALUES
  ('crypt_key', 'q8Jm1sQF1n8Xc1yQG0v3m6Zq2c8tX4pN7e5wR9aB0dE='),
  ('install_id', '7d1b8c52-3f2e-4c6a-9a57-0c2f1e9b4d11');

INSERT INTO organizations (id, name, contact_firstname, contact_lastname, contact_email, language, signup_date) VALUES
  ('a0000000-0000-4000-8000-000000000001', 'Upgrade Org', 'Ada', 'Admin', 'admin@upgrade.perch.test', 'en', now() - interval '400 days'),
  ('a0000000-0000-4000-8000-000000000002', 'Other Org', 'Otto', 'Other', 'otto@other.perch.test', 'de', now() - interval '90 days');

INSERT INTO organization_domains (organization_id, domain, active, is_primary, accessible, access_check) VALUES
  ('a0000000-0000-4000-8000-000000000001', 'upgrade.perch.test', true, true, true, now() - interval '1 day'),
  ('a0000000-0000-4000-8000-000000000001', 'pending.perch.test', false, false, false, NULL),
  ('a0000000-0000-4000-8000-000000000002', 'other.perch.test', true, true, false, NULL);

-- Some defaults changed by the admin; the feature flags as 0011 left them.
INSERT INTO settings (organization_id, name, value) VALUES
  ('a0000000-0000-4000-8000-000000000001', 'max_bookings_per_user', '25'),
  ('a0000000-0000-4000-8000-000000000001', 'max_days_in_advance', '60'),
  ('a0000000-0000-4000-8000-000000000001', 'show_names', '1'),
  ('a0000000-0000-4000-8000-000000000001', 'allow_recurring_bookings', '1'),
  ('a0000000-0000-4000-8000-000000000001', 'default_timezone', 'Europe/Berlin'),
  ('a0000000-0000-4000-8000-000000000001', 'enforce_totp', '0'),
  ('a0000000-0000-4000-8000-000000000001', 'feature_recurring_bookings', '1'),
  ('a0000000-0000-4000-8000-000000000001', 'feature_auth_providers', '0'),
  ('a0000000-0000-4000-8000-000000000001', 'feature_kiosk_mode', '0'),
  ('a0000000-0000-4000-8000-000000000002', 'max_bookings_per_user', '10');

INSERT INTO auth_providers (id, organization_id, name, provider_type, auth_url, token_url, scopes, userinfo_url,
    userinfo_email_field, client_id, client_secret) VALUES
  ('c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Company SSO', 1,
   'https://sso.upgrade.perch.test/authorize', 'https://sso.upgrade.perch.test/token', 'openid email',
   'https://sso.upgrade.perch.test/userinfo', 'email', 'perch', 'sealed:not-a-real-secret');

INSERT INTO users (id, organization_id, email, password_hash, auth_provider_id, role, disabled, firstname, lastname,
    last_activity_at, password_pending, password_update_required, api_token_hash, created_at) VALUES
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'admin@upgrade.perch.test',
   'scrypt$16384$8$1$ER5Vdl2NoCot4pv73myCEw==$RLNh1oSI1cQYYFFnIxSHHgrch7w14T0U0q6owpLWz2s=', NULL, 90, false,
   'Ada', 'Admin', now() - interval '1 hour', false, false, NULL, now() - interval '400 days'),
  ('b0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'mia@upgrade.perch.test',
   'scrypt$16384$8$1$ER5Vdl2NoCot4pv73myCEw==$RLNh1oSI1cQYYFFnIxSHHgrch7w14T0U0q6owpLWz2s=', NULL, 0, false,
   'Mia', 'Member', now() - interval '2 days', false, false, NULL, now() - interval '200 days'),
  ('b0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'sam@upgrade.perch.test',
   NULL, 'c0000000-0000-4000-8000-000000000001', 20, false, 'Sam', 'Sso', NULL, false, false, NULL, now() - interval '30 days'),
  ('b0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000001', 'robot@upgrade.perch.test',
   NULL, NULL, 22, false, 'Export', 'Robot', NULL, false, false,
   'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', now() - interval '10 days'),
  ('b0000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000002', 'otto@other.perch.test',
   NULL, NULL, 90, true, 'Otto', 'Other', NULL, true, true, NULL, now() - interval '90 days');

INSERT INTO user_preferences (user_id, name, value) VALUES
  ('b0000000-0000-4000-8000-000000000001', 'workday_start', '08:00'),
  ('b0000000-0000-4000-8000-000000000001', 'location_id', 'd0000000-0000-4000-8000-000000000001'),
  ('b0000000-0000-4000-8000-000000000002', 'booked_color', '#112233'),
  ('b0000000-0000-4000-8000-000000000002', 'workdays', '1,2,3,4');

INSERT INTO sessions (id, user_id, device, created_at, last_activity, expires_at) VALUES
  ('e0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002', 'Firefox on Linux',
   now() - interval '2 days', now() - interval '2 days', now() + interval '28 days');

INSERT INTO refresh_tokens (token_hash, session_id, user_id, created_at, expires_at, used_at) VALUES
  ('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', 'e0000000-0000-4000-8000-000000000001',
   'b0000000-0000-4000-8000-000000000002', now() - interval '2 days', now() + interval '28 days', NULL);

INSERT INTO groups (id, organization_id, name) VALUES
  ('f0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Facilities');

INSERT INTO user_groups (group_id, user_id) VALUES
  ('f0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001'),
  ('f0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002');

-- An open invitation (type 9) of the member.
INSERT INTO auth_states (id, state_type, ref_id, payload, expires_at) VALUES
  ('e1000000-0000-4000-8000-000000000001', 9, 'b0000000-0000-4000-8000-000000000002', '', now() + interval '6 days');

INSERT INTO login_throttle (key, failures, window_start, blocked_until, strikes, updated_at) VALUES
  ('ip:203.0.113.7', 2, now() - interval '1 minute', NULL, 0, now() - interval '1 minute');

INSERT INTO rate_limit_hits (subject, window_start, hits, last_grant) VALUES
  ('b0000000-0000-4000-8000-000000000002', 0, 12, 4);

INSERT INTO job_runs (name, last_run_at) VALUES
  ('purge-expired', now() - interval '30 seconds'),
  ('booking-reminders', now() - interval '40 seconds');

INSERT INTO locations (id, organization_id, name, description, max_concurrent_bookings, timezone, enabled,
    map_scale, map_type, map_width, map_height, map_mime_type, bookable_days) VALUES
  ('d0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'HQ Floor 1', 'Open space',
   0, 'Europe/Berlin', true, 1, 'svg', 800, 600, 'image/svg+xml', '{1,2,3,4,5}'),
  ('d0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'HQ Floor 2', '',
   2, 'Europe/Berlin', true, 1, '', 0, 0, '', '{}');

INSERT INTO location_maps (location_id, data, updated_at) VALUES
  ('d0000000-0000-4000-8000-000000000001',
   convert_to('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#eee"/></svg>', 'UTF8'),
   now() - interval '100 days');

INSERT INTO location_floorplan_designs (location_id, design_data, updated_at) VALUES
  ('d0000000-0000-4000-8000-000000000001', '{"version":1,"walls":[[0,0,800,0],[800,0,800,600]],"rooms":[]}',
   now() - interval '100 days');

INSERT INTO location_allowed_bookers (location_id, group_id) VALUES
  ('d0000000-0000-4000-8000-000000000002', 'f0000000-0000-4000-8000-000000000001');

INSERT INTO spaces (id, location_id, name, x, y, width, height, rotation, require_subject, enabled) VALUES
  ('d1000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'Desk 1', 10, 10, 80, 40, 0, false, true),
  ('d1000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000001', 'Desk 2', 100, 10, 80, 40, 90, false, true),
  ('d1000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000001', 'Desk 3', 190, 10, 80, 40, 0, false, false),
  ('d1000000-0000-4000-8000-000000000004', 'd0000000-0000-4000-8000-000000000002', 'Meeting room', 10, 10, 200, 120, 0, true, true);

INSERT INTO space_approvers (space_id, group_id) VALUES
  ('d1000000-0000-4000-8000-000000000004', 'f0000000-0000-4000-8000-000000000001');

INSERT INTO space_allowed_bookers (space_id, group_id) VALUES
  ('d1000000-0000-4000-8000-000000000002', 'f0000000-0000-4000-8000-000000000001');

INSERT INTO space_attributes (id, organization_id, label, type, space_applicable, location_applicable) VALUES
  ('d2000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Monitor', 1, true, false),
  ('d2000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'Quiet zone', 1, false, true);

INSERT INTO space_attribute_values (attribute_id, space_id, value) VALUES
  ('d2000000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000001', '1'),
  ('d2000000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000002', '0');

INSERT INTO location_attribute_values (attribute_id, location_id, value) VALUES
  ('d2000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000002', '1');

-- The member's weekly series on desk 1 (Mondays and Wednesdays, 09–17 local) and two of its days.
INSERT INTO recurring_bookings (id, user_id, space_id, subject, enter_at, leave_at, end_at, cadence, cycle, weekdays, created_at) VALUES
  ('d3000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002', 'd1000000-0000-4000-8000-000000000001',
   'Team days',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') + interval '7 days 9 hours') AT TIME ZONE 'Europe/Berlin',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') + interval '7 days 17 hours') AT TIME ZONE 'Europe/Berlin',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') + interval '10 days') AT TIME ZONE 'Europe/Berlin',
   2, 1, '{1,3}', now() - interval '3 days');

INSERT INTO bookings (id, organization_id, location_id, space_id, user_id, enter_at, leave_at, approved, subject,
    recurring_id, caldav_id, created_at, last_info_mail_sent_at, reminder_sent_at) VALUES
  -- the series' Monday and Wednesday
  ('d4000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
   'd1000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') + interval '7 days 9 hours') AT TIME ZONE 'Europe/Berlin',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') + interval '7 days 17 hours') AT TIME ZONE 'Europe/Berlin',
   true, 'Team days', 'd3000000-0000-4000-8000-000000000001', '', now() - interval '3 days', NULL, NULL),
  ('d4000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
   'd1000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') + interval '9 days 9 hours') AT TIME ZONE 'Europe/Berlin',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') + interval '9 days 17 hours') AT TIME ZONE 'Europe/Berlin',
   true, 'Team days', 'd3000000-0000-4000-8000-000000000001', '', now() - interval '3 days', NULL, NULL),
  -- the admin tomorrow on desk 2, with a calendar event and its mail sent
  ('d4000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
   'd1000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001',
   now() + interval '1 day', now() + interval '1 day 8 hours', true, '', NULL, 'perch-d4000003.ics',
   now() - interval '1 day', now() - interval '1 day', NULL),
  -- waiting for approval in the meeting room
  ('d4000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000002',
   'd1000000-0000-4000-8000-000000000004', 'b0000000-0000-4000-8000-000000000002',
   now() + interval '2 days', now() + interval '2 days 1 hour', false, 'Planning', NULL, '', now() - interval '5 hours', NULL, NULL),
  -- yesterday, reminded
  ('d4000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
   'd1000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000002',
   now() - interval '1 day', now() - interval '20 hours', true, '', NULL, '', now() - interval '4 days', NULL,
   now() - interval '25 hours');

INSERT INTO buddies (id, owner_id, buddy_id, created_at) VALUES
  ('d5000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001',
   now() - interval '50 days');

INSERT INTO stats_cache (organization_id, key, computed_at, payload) VALUES
  ('a0000000-0000-4000-8000-000000000001', 'summary', now() - interval '30 seconds',
   '{"numUsers": 4, "numLocations": 2, "numBookingsToday": 0}');

INSERT INTO merge_requests (id, source_user_id, target_user_id, created_at, expires_at) VALUES
  ('d6000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000002',
   now() - interval '10 minutes', now() + interval '50 minutes');

INSERT INTO auth_attempts (id, organization_id, user_id, email, created_at, successful, method, auth_provider_id,
    error_code, error_detail, client_address, device) VALUES
  ('d7000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002',
   'mia@upgrade.perch.test', now() - interval '2 days', true, 'password', NULL, '', '', '198.51.100.4', 'Firefox on Linux'),
  ('d7000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', NULL,
   'nobody@upgrade.perch.test', now() - interval '1 day', false, 'password', NULL, 'user_not_found', '', '203.0.113.7', ''),
  ('d7000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000003',
   'sam@upgrade.perch.test', now() - interval '3 hours', true, 'oauth', 'c0000000-0000-4000-8000-000000000001', '', '', '198.51.100.9', '');

INSERT INTO mail_outbox (id, organization_id, kind, recipient, language, subject, body_text, body_html, attachments,
    created_at, status, attempts, next_attempt_at, locked_until, sent_at, last_error) VALUES
  ('d8000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'booking-confirmed',
   'admin@upgrade.perch.test', 'en', 'Your booking', 'Desk 2, tomorrow', '<p>Desk 2, tomorrow</p>',
   '[{"filename": "booking.ics", "contentType": "text/calendar", "content": "QkVHSU46VkNBTEVOREFS"}]',
   now() - interval '1 day', 'sent', 1, now() - interval '1 day', NULL, now() - interval '1 day', ''),
  ('d8000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'invitation',
   'mia@upgrade.perch.test', 'en', 'Welcome to Perch', 'Set your password', '<p>Set your password</p>', '[]',
   now() - interval '2 minutes', 'waiting', 2, now() + interval '5 minutes', NULL, NULL, 'connection refused');
