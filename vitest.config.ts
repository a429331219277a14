import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (file: string) => fileURLToPath(new URL(`./packages/${file}`, import.meta.url));
/** The workspace packages from source; the zod-free entry of the contract before its main entry. */
const alias = [
  { find: '@perch/contract/values', replacement: src('contract/src/values.ts') },
  { find: '@perch/contract', replacement: src('contract/src/index.ts') },
  { find: '@perch/client', replacement: src('client/src/index.ts') },
];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['packages/{contract,client}/src/**/*.test.ts', 'packages/server/src/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          exclude: [
            'packages/server/src/**/*.unit.test.ts',
            'packages/server/src/**/*.system.test.ts',
            'packages/server/src/resilience/**',
          ],
          environment: 'node',
          // One database per worker, reused by every file that worker runs.
          pool: 'forks',
          isolate: false,
          fileParallelism: true,
          maxWorkers: 2,
          minWorkers: 1,
          testTimeout: 30_000,
          hookTimeout: 120_000,
          env: { TZ: process.env.TZ ?? 'UTC' },
        },
      },
      {
        resolve: { alias },
        test: {
          // Server tests against system services run as child processes (a real DNS server:
          // dnsmasq; a real CalDAV server: Radicale). Not in `npm test`, which needs nothing installed:
          // `npm run test:system`.
          name: 'system',
          include: ['packages/server/src/**/*.system.test.ts'],
          environment: 'node',
          pool: 'forks',
          isolate: false,
          fileParallelism: true,
          maxWorkers: 2,
          minWorkers: 1,
          testTimeout: 30_000,
          hookTimeout: 120_000,
          env: { TZ: process.env.TZ ?? 'UTC' },
        },
      },
      {
        resolve: { alias },
        test: {
          // Outages and crashes: each file runs PostgreSQL servers and Perch processes of its
          // own, stops and kills them. One file at a time.
          name: 'resilience',
          include: ['packages/server/src/resilience/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          env: { TZ: process.env.TZ ?? 'UTC' },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/web/src/test-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
