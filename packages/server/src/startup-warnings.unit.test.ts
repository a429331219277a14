import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { startupWarnings } from './startup-warnings.js';

const KEY = 'k'.repeat(32);
const warningsFor = (env: Record<string, string>, nodeEnv?: string) =>
  startupWarnings(loadConfig(env), nodeEnv ? { NODE_ENV: nodeEnv } : {});

describe('CRYPT_KEY at start', () => {
  it('is asked for on PostgreSQL and in production, not in the embedded quick start', () => {
    expect(warningsFor({})).toEqual([]);
    expect(warningsFor({}, 'development')).toEqual([]);
    for (const [env, nodeEnv] of [
      [{ DATABASE_URL: 'postgres://perch@db/perch' }, undefined],
      [{}, 'production'],
    ] as const) {
      const [warning, ...rest] = warningsFor(env, nodeEnv);
      expect(rest).toEqual([]);
      expect(warning).toMatch(/^CRYPT_KEY is not set: the key of the stored secrets .* is kept in the database/);
    }
    expect(warningsFor({ DATABASE_URL: 'postgres://perch@db/perch', CRYPT_KEY: KEY }, 'production')).toEqual([]);
  });

  it('takes CRYPT_KEY_PREVIOUS only beside CRYPT_KEY, and only of 32 bytes', () => {
    expect(() => loadConfig({ CRYPT_KEY_PREVIOUS: KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ CRYPT_KEY_PREVIOUS: KEY })).toThrow(/CRYPT_KEY_PREVIOUS: set CRYPT_KEY too/);
    expect(() => loadConfig({ CRYPT_KEY: KEY, CRYPT_KEY_PREVIOUS: 'short' })).toThrow(
      /CRYPT_KEY_PREVIOUS: must be exactly 32 bytes/,
    );
    expect(loadConfig({ CRYPT_KEY: KEY, CRYPT_KEY_PREVIOUS: 'p'.repeat(32) }).CRYPT_KEY_PREVIOUS).toBe('p'.repeat(32));
  });
});

describe('SMTP settings at start', () => {
  const smtp = { SMTP_HOST: 'mail.example.com', SMTP_AUTH_USER: 'perch', SMTP_AUTH_PASS: 'secret' };

  it('warn when the password may go out in clear text, which only SMTP_ALLOW_PLAIN_AUTH=1 allows', () => {
    expect(warningsFor(smtp)).toEqual([]);
    expect(warningsFor({ ...smtp, SMTP_ALLOW_PLAIN_AUTH: '1' })).toEqual([
      'SMTP_ALLOW_PLAIN_AUTH=1: the SMTP password is sent in clear text to a mail server that offers no STARTTLS.',
    ]);
    // Encryption required anyway: nothing goes out in clear text.
    expect(warningsFor({ ...smtp, SMTP_ALLOW_PLAIN_AUTH: '1', SMTP_START_TLS: '1' })).toEqual([]);
    expect(warningsFor({ ...smtp, SMTP_ALLOW_PLAIN_AUTH: '1', SMTP_PORT: '465' })).toEqual([]);
  });

  it('read SMTP_TLS_CA as a file of PEM certificates, naming the variable when it is not one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-ca-'));
    try {
      const missing = path.join(dir, 'missing.pem');
      expect(() => loadConfig({ SMTP_TLS_CA: missing })).toThrow(/SMTP_TLS_CA: cannot read .*missing\.pem: ENOENT/);
      const junk = path.join(dir, 'junk.pem');
      fs.writeFileSync(junk, '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n');
      expect(() => loadConfig({ SMTP_TLS_CA: junk })).toThrow(/SMTP_TLS_CA: .*junk\.pem holds no PEM certificate/);
      fs.writeFileSync(junk, 'hello');
      expect(() => loadConfig({ SMTP_TLS_CA: junk })).toThrow(/SMTP_TLS_CA: .*holds no PEM certificate/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('settings of earlier versions', () => {
  it('say that PASSWORD_HASH_COST is no longer used', () => {
    expect(startupWarnings(loadConfig({}), { PASSWORD_HASH_COST: '17' })).toEqual([
      expect.stringMatching(/^PASSWORD_HASH_COST is no longer used: passwords are hashed with argon2id/),
    ]);
    expect(startupWarnings(loadConfig({}), {})).toEqual([]);
  });
});
