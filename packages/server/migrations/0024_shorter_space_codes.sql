-- New spaces get a shorter code token: 32 base64url characters (about 180 random bits), as a
-- rotated token has, so the QR code printed for it has fewer modules and scans more easily.
-- Tokens already issued stay as they are: their printed codes keep working.
ALTER TABLE spaces ALTER COLUMN checkin_token SET DEFAULT substr(
  translate(
    encode(
      decode(replace(gen_random_uuid()::text, '-', ''), 'hex') || decode(replace(gen_random_uuid()::text, '-', ''), 'hex'),
      'base64'
    ),
    '+/=',
    '-_'
  ),
  1,
  32
);
