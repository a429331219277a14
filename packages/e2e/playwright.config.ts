import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8190);
export const baseURL = `http://127.0.0.1:${PORT}`;
/** The journeys' mail server: SMTP for Perch, HTTP for the journeys reading the mails. */
const SMTP_PORT = PORT + 1;
const MAIL_API_PORT = PORT + 2;
export const MAIL_API = `http://127.0.0.1:${MAIL_API_PORT}`;
/** The DNS server a journey starts (dnsmasq) to verify a domain. */
export const DNS_PORT = PORT + 3;

/** Runs the journeys in Debian's Chromium against a real server on a fresh embedded database. */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // Requests a service worker handles bypass page.route(); the offline journey allows it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node mail/mail-catcher.mjs',
      url: `${MAIL_API}/healthcheck`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_SMTP_PORT: String(SMTP_PORT), E2E_MAIL_API_PORT: String(MAIL_API_PORT) },
    },
    {
      command: `rm -rf .tmp/e2e-data-${PORT} && node ../server/dist/main.js`,
      url: `${baseURL}/healthcheck`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: `.tmp/e2e-data-${PORT}`,
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
        DATABASE_URL: '',
        POSTGRES_URL: '',
        INIT_ADMIN_EMAIL: 'admin@perch.local',
        INIT_ADMIN_PASSWORD: 'Admin!pass1',
        LOG_LEVEL: 'warn',
        // One admin account drives every journey of the run; the per-user limit has its own server tests.
        RATE_LIMIT: '100000',
        PUBLIC_URL: baseURL,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(SMTP_PORT),
        MAIL_SENDER_ADDRESS: 'perch@perch.local',
        MAIL_POLL_SECONDS: '0.5',
        // The calendar journey waits for a booking to reach a CalDAV calendar.
        CALDAV_POLL_SECONDS: '1',
        DNS_SERVER: `127.0.0.1:${DNS_PORT}`,
        // The journeys' OpenID provider, SAML identity provider and CalDAV server listen on loopback.
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      },
    },
  ],
});
