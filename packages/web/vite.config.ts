import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = (file: string) => fileURLToPath(new URL(`../${file}`, import.meta.url));

/** API paths proxied to the server in development (`npm run dev`). */
const API_PREFIXES = [
  '/auth',
  '/user',
  '/organization',
  '/auth-provider',
  '/setting',
  '/preference',
  '/location',
  '/booking',
  '/recurring-booking',
  '/buddy',
  '/group',
  '/space-attribute',
  '/stats',
  '/search',
  '/mail-outbox',
  '/healthcheck',
  '/docs',
];
const target = process.env.PERCH_API ?? 'http://localhost:8080';

/** Libraries change less often than the app: separate chunks stay cached across releases. */
const VENDOR_CHUNKS: Record<string, RegExp> = {
  react: /node_modules\/(react|react-dom|scheduler)\//,
  // Date pickers and dayjs only load with the screens that use them.
  'mantine-dates': /node_modules\/(@mantine\/dates|dayjs)\//,
  mantine:
    /node_modules\/(@mantine|@floating-ui|react-remove-scroll[^/]*|react-transition-group|react-number-format|react-textarea-autosize|use-callback-ref|use-sidecar|tslib|get-nonce|detect-node-es)\//,
  router: /node_modules\/react-router\//,
};

function vendorChunk(id: string): string | undefined {
  return Object.entries(VENDOR_CHUNKS).find(([, pattern]) => pattern.test(id))?.[0];
}

export default defineConfig({
  base: '/ui/',
  plugins: [react()],
  resolve: {
    // The zod-free entry of the contract before its main entry.
    alias: [
      { find: '@perch/contract/values', replacement: src('contract/src/values.ts') },
      { find: '@perch/contract', replacement: src('contract/src/index.ts') },
      { find: '@perch/client', replacement: src('client/src/index.ts') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for debugging, without a reference in the bundles; the server serves
    // them only with SERVE_SOURCE_MAPS=1.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
      // The shared packages only declare things: unused modules can go. The app takes the contract's
      // values from its zod-free entry (`@perch/contract/values`), so zod is not in the bundle at all.
      treeshake: { moduleSideEffects: (id) => !/\/packages\/(contract|client)\/src\//.test(id) },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((p) => [p, { target, changeOrigin: false }])),
  },
});
