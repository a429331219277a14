import type { Config } from './config.js';
import { smtpRequiresTls } from './messaging/mail/index.js';

/**
 * Settings that work but leave something open, said once at start (main.ts logs them as
 * warnings). `env` is read for NODE_ENV, which the Docker image and the systemd unit set.
 */
export function startupWarnings(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  const warnings: string[] = [];
  // The embedded quick start on a developer's machine may keep the key beside the data; a
  // shared PostgreSQL server or a production install should not.
  if (!config.CRYPT_KEY && (config.databaseUrl !== undefined || env.NODE_ENV === 'production')) {
    warnings.push(
      'CRYPT_KEY is not set: the key of the stored secrets (the token signing key, TOTP secrets, passkeys, ' +
        'sign-in provider and CalDAV passwords, the wiki secret) is kept in the database, so a copy of the ' +
        'database or a backup reveals them. Set CRYPT_KEY (32 bytes): the next start encrypts them with it.',
    );
  }
  if (
    config.SMTP_HOST &&
    config.SMTP_AUTH_USER &&
    config.SMTP_ALLOW_PLAIN_AUTH &&
    smtpRequiresTls(config) === 'when-offered'
  ) {
    warnings.push(
      'SMTP_ALLOW_PLAIN_AUTH=1: the SMTP password is sent in clear text to a mail server that offers no STARTTLS.',
    );
  }
  if (env.PASSWORD_HASH_COST !== undefined && env.PASSWORD_HASH_COST !== '')
    warnings.push(
      'PASSWORD_HASH_COST is no longer used: passwords are hashed with argon2id, sized by PASSWORD_HASH_MEMORY_KIB ' +
        'and PASSWORD_HASH_PASSES (scrypt hashes of earlier versions are replaced at the next sign-in).',
    );
  return warnings;
}
