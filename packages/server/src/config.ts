import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isAllowListEntry } from './lib/outbound-addresses.js';
import { FLOOR_PLAN_MAX_MB_DEFAULT, FLOOR_PLAN_MAX_MB_RANGE, isHumanName, LANGUAGES } from '@perch/contract';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');
const int = (min: number, max: number) =>
  z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().int().min(min).max(max));
/** Seconds between two rounds of a background loop, fractions allowed (tests poll quickly). */
const pollSeconds = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'must be a number of seconds')
  .transform(Number)
  .pipe(z.number().min(0.1).max(3600));

/** A file of PEM certificates (a private CA), read at start: its text. */
const pemCertificatesFile = z.string().transform((file, ctx): string => {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? e}` });
    return z.NEVER;
  }
  const first = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(text)?.[0];
  try {
    if (first) new X509Certificate(first);
    if (first) return text;
  } catch {
    /* reported below */
  }
  ctx.addIssue({ code: 'custom', message: `${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)` });
  return z.NEVER;
});

/** A person's name (letters, digits, spaces, `.'-`, 2–64 characters), or empty for none. */
const humanName = z
  .string()
  .trim()
  .refine((v) => v === '' || isHumanName(v), 'must be a name of 2–64 letters, spaces, dots, hyphens or apostrophes');

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isAddressOrCidr = (v: string): boolean => {
  const [address, bits, ...rest] = v.split('/');
  if (rest.length || !address || net.isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = net.isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
};

/**
 * The reverse proxies in front of the server, which `X-Forwarded-For` is believed from: off
 * (`0`), a hop count (`1` for one proxy), or a comma-separated list of addresses, CIDR ranges
 * and the names loopback, linklocal, uniquelocal. The client's address is the right-most
 * entry not written by a trusted proxy; whatever the client itself sent is never believed.
 */
const trustProxy = z.string().transform((v, ctx): TrustProxy => {
  const text = v.trim().toLowerCase();
  if (text === '' || text === '0' || text === 'false' || text === 'no') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const bad = entries.filter((x) => !PROXY_NAMES.includes(x) && !isAddressOrCidr(x));
  if (bad.length === 0) return entries;
  ctx.addIssue({
    code: 'custom',
    message:
      text === 'true' || text === 'yes'
        ? 'name the proxies: a hop count (1 for one reverse proxy) or their addresses (e.g. 10.0.0.0/8)'
        : `not a hop count, address, CIDR range or loopback/linklocal/uniquelocal: ${bad.join(', ')}`,
  });
  return z.NEVER;
});

/** One resolver address as `Resolver#setServers` takes it, or undefined when it is not one. */
const resolverAddress = (v: string): string | undefined => {
  const port = (p: string | undefined) =>
    p === undefined || (/^\d{1,5}$/.test(p) && Number(p) >= 1 && Number(p) <= 65535);
  const bracketed = /^\[([^\]]+)\](?::([^:]*))?$/.exec(v);
  if (bracketed) {
    const [, ip = '', p] = bracketed;
    return net.isIPv6(ip) && port(p) ? (p === undefined ? `[${ip}]` : `[${ip}]:${p}`) : undefined;
  }
  if (net.isIPv6(v)) return v;
  const [ip = '', p, ...rest] = v.split(':');
  return rest.length === 0 && net.isIPv4(ip) && port(p) ? v : undefined;
};

/**
 * The DNS servers for domain verification and the reachability probe: one or more
 * comma-separated addresses `ip`, `ip:port`, `ipv6` or `[ipv6]:port`. Unset: the system's.
 */
const dnsServers = z.string().transform((v, ctx): string[] | undefined => {
  const entries = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  const bad = entries.filter((x) => resolverAddress(x) === undefined);
  if (bad.length === 0) return entries.map((x) => resolverAddress(x)!);
  ctx.addIssue({
    code: 'custom',
    message: `not a DNS server address (ip, ip:port or [ipv6]:port): ${bad.join(', ')}`,
  });
  return z.NEVER;
});

/**
 * The outbound policy's allow-list: comma-separated host names (`calendar.internal`,
 * `*.corp.example`), addresses and CIDR ranges that the server may fetch from although they are
 * loopback, private or otherwise not public (lib/outbound-addresses.ts).
 */
const outboundAllowList = z.string().transform((v, ctx): string[] => {
  const entries = v
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);
  const bad = entries.filter((x) => !isAllowListEntry(x));
  if (bad.length === 0) return entries;
  ctx.addIssue({ code: 'custom', message: `not a host name, *.domain, address or CIDR range: ${bad.join(', ')}` });
  return z.NEVER;
});

/** Off, the number of proxy hops, or the proxies' addresses and ranges. */
export type TrustProxy = false | number | string[];

/** `<n>-S|M|H|D`, e.g. `1-M` (one minute). */
const period = z
  .string()
  .regex(/^\d+-[SMHD]$/, 'must look like 1-M (a number, then S, M, H or D)')
  .transform((v) => {
    const [n, unit] = v.split('-') as [string, 'S' | 'M' | 'H' | 'D'];
    const seconds = { S: 1, M: 60, H: 3600, D: 86400 }[unit];
    return Number(n) * seconds;
  })
  .pipe(z.number().int().min(1, 'must be at least one second'));

/** Environment variables, their defaults and their rules. docs/configuration.md documents each one. */
const envSchema = z.object({
  PORT: int(0, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  POSTGRES_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: int(1, 500).default(20),
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  /** How long a write's commit may wait for the database's confirmation; 0: for ever (db/commit-deadline.ts). */
  DATABASE_COMMIT_TIMEOUT_SECONDS: int(0, 3600).default(5),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url().optional(),
  UPDATE_CHECK_URL: z.url().optional(),
  INIT_ORG_NAME: z.string().min(2).max(64).default('Sample Company'),
  INIT_ORG_DOMAIN: z.string().min(1).max(253).default('localhost'),
  INIT_ORG_LANGUAGE: z.enum(LANGUAGES).default('en'),
  INIT_ADMIN_EMAIL: z.email().default('admin@perch.local'),
  INIT_ADMIN_PASSWORD: z.string().min(8).max(64).optional(),
  INIT_ADMIN_FIRSTNAME: humanName.default('Administrator'),
  INIT_ADMIN_LASTNAME: humanName.default(''),
  SAMPLE_DATA: bool.default(true),
  CRYPT_KEY: z
    .string()
    .refine((v) => Buffer.byteLength(v) === 32, 'must be exactly 32 bytes')
    .optional(),
  /** The key CRYPT_KEY replaces: stored secrets made with it are encrypted again with CRYPT_KEY at start. */
  CRYPT_KEY_PREVIOUS: z
    .string()
    .refine((v) => Buffer.byteLength(v) === 32, 'must be exactly 32 bytes')
    .optional(),
  CORS_ORIGINS: z.string().default(''),
  FRAME_ANCESTORS: z.string().default(''),
  RATE_LIMIT: int(1, 100_000_000).default(250),
  RATE_LIMIT_PERIOD: period.default(60),
  LOGIN_PROTECTION_MAX_FAILS: int(1, 1000).default(10),
  LOGIN_PROTECTION_SLIDING_WINDOW_SECONDS: int(1, 86_400 * 30).default(600),
  LOGIN_PROTECTION_BAN_MINUTES: int(1, 60 * 24 * 30).default(5),
  /** Failures at one second factor of an account, from any address, that lock that factor. */
  SECOND_FACTOR_MAX_FAILS: int(1, 1000).default(20),
  /** The window those failures are counted in (at most a day: stale counters are purged after two). */
  SECOND_FACTOR_WINDOW_MINUTES: int(1, 60 * 24).default(60),
  /** How long a locked second factor stays locked. */
  SECOND_FACTOR_LOCK_MINUTES: int(1, 60 * 24).default(60),
  MAX_SESSIONS_PER_USER: int(1, 1000).default(10),
  /** Passkeys one account may register. */
  MAX_PASSKEYS_PER_USER: int(1, 1000).default(10),
  /** The relying party's name that browsers show when creating or using a passkey. */
  WEBAUTHN_RP_DISPLAY_NAME: z.string().trim().min(1).max(64).default('Perch'),
  ACCESS_TOKEN_TTL_SECONDS: int(30, 86_400).default(900),
  DISABLE_PASSWORD_LOGIN: bool.default(false),
  ALLOW_ORG_DELETE: bool.default(false),
  DISABLE_INSTALL_ID_EXPOSURE: bool.default(false),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: int(1, 65535).default(25),
  SMTP_START_TLS: bool.default(false),
  SMTP_AUTH_USER: z.string().optional(),
  SMTP_AUTH_PASS: z.string().optional(),
  /** PEM certificates of a private CA the mail server's certificate may chain to (besides the public ones); the text of the file. */
  SMTP_TLS_CA: pemCertificatesFile.optional(),
  /** `1` lets the SMTP credentials go to a server that offers no STARTTLS, in clear text. */
  SMTP_ALLOW_PLAIN_AUTH: bool.default(false),
  MAIL_SENDER_ADDRESS: z.string().min(3).default('no-reply@perch.local'),
  /** How long a mail that cannot be delivered is retried before it counts as failed. */
  MAIL_RETRY_HOURS: int(1, 24 * 30).default(72),
  /** Seconds between two looks at the outbox for due mails. */
  MAIL_POLL_SECONDS: pollSeconds.default(5),
  /** Seconds between two looks at the calendar sync queue for events to write to CalDAV calendars. */
  CALDAV_POLL_SECONDS: pollSeconds.default(5),
  /** How long a calendar event that cannot be written is retried before it is given up. */
  CALDAV_RETRY_HOURS: int(1, 24 * 30).default(72),
  /** Days a delivered mail stays listed in the outbox. */
  MAIL_RETENTION_DAYS: int(1, 3650).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `GET /metrics` (Prometheus): on with 1, off with 0; unset: on exactly when METRICS_TOKEN is set. */
  METRICS: bool.optional(),
  /** The bearer token `GET /metrics` asks for; unset: the metrics are open to whoever reaches them. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .min(16, 'must be at least 16 characters')
    .max(256)
    .optional(),
  /** `1` serves the metrics without METRICS_TOKEN although HOST is reachable from other machines. */
  METRICS_PUBLIC: bool.default(false),
  JOBS_DISABLED: bool.default(false),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: trustProxy.default(false),
  SERVE_SOURCE_MAPS: bool.default(false),
  /** argon2id's memory per password hash in KiB and its passes (OWASP: 19 MiB, 2 passes; lib/password.ts). */
  PASSWORD_HASH_MEMORY_KIB: int(1024, 1_048_576).default(19_456),
  PASSWORD_HASH_PASSES: int(1, 10).default(2),
  /** Password checks one process runs at once (its cores), and how long one may wait for its turn. */
  PASSWORD_CHECK_CONCURRENCY: int(1, 256).default(availableParallelism()),
  PASSWORD_CHECK_WAIT_SECONDS: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a number of seconds')
    .transform(Number)
    .pipe(z.number().max(60))
    .default(2),
  MAP_MAX_MB: int(FLOOR_PLAN_MAX_MB_RANGE.min, FLOOR_PLAN_MAX_MB_RANGE.max).default(FLOOR_PLAN_MAX_MB_DEFAULT),
  STATS_CACHE_SECONDS: int(0, 3600).default(60),
  /** Diagnostics: a file receiving the SQL of requests marked `x-perch-sql-trace` (db/sql-trace.ts). */
  SQL_TRACE_FILE: z.string().min(1).optional(),
  /** Days the sign-in audit log keeps an attempt; 0 keeps them forever. */
  AUTH_EVENT_RETENTION_DAYS: int(0, 36_500).default(14),
  /** Resolvers for domain verification and the reachability probe; undefined: the system's. */
  DNS_SERVER: dnsServers.optional(),
  /** Hosts, addresses and ranges the server may fetch from although they are local or private (lib/outbound.ts). */
  OUTBOUND_ALLOWED_HOSTS: outboundAllowList.default([]),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** The PostgreSQL URL, or undefined for the embedded database in DATA_DIR. */
  databaseUrl: string | undefined;
  dataDir: string;
  corsOrigins: string[];
  frameAncestors: string[];
  /** Rate limit window in seconds. */
  rateLimitPeriodSeconds: number;
  /** Whether `GET /metrics` answers (METRICS, or METRICS_TOKEN alone). */
  metricsEnabled: boolean;
}

export class ConfigError extends Error {}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether HOST takes connections from this machine only: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  const family = net.isIP(h);
  return family !== 0 && LOOPBACK.check(h, family === 4 ? 'ipv4' : 'ipv6');
}

/** Reads the configuration; a bad variable stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => k in envSchema.shape && v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.CRYPT_KEY_PREVIOUS !== undefined && e.CRYPT_KEY === undefined)
    throw new ConfigError('Invalid configuration:\n  CRYPT_KEY_PREVIOUS: set CRYPT_KEY too (the key that replaces it)');
  const metricsEnabled = e.METRICS ?? e.METRICS_TOKEN !== undefined;
  if (metricsEnabled && e.METRICS_TOKEN === undefined && !e.METRICS_PUBLIC && !isLoopbackHost(e.HOST)) {
    // The metrics name routes, job names and backlogs: not for whoever reaches the port.
    throw new ConfigError(
      `Invalid configuration:\n  METRICS: METRICS=1 would serve /metrics to anyone who reaches HOST=${e.HOST}; ` +
        'set METRICS_TOKEN, listen on loopback only (HOST=127.0.0.1), or set METRICS_PUBLIC=1 to serve them openly',
    );
  }
  const list = (v: string) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return {
    ...e,
    databaseUrl: e.DATABASE_URL ?? e.POSTGRES_URL,
    dataDir: path.resolve(e.DATA_DIR),
    corsOrigins: list(e.CORS_ORIGINS),
    frameAncestors: list(e.FRAME_ANCESTORS),
    rateLimitPeriodSeconds: e.RATE_LIMIT_PERIOD,
    metricsEnabled,
  };
}
