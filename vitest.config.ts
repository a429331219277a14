import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));
const alias = { '@perch/contract': src('contract'), '@perch/client': src('client') };

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
          exclude: ['packages/server/src/**/*.unit.test.ts'],
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
