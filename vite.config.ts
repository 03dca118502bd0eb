/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { prerenderFirstScreen } from './src/login/prerender/vitePlugin';
import { findPostgresBin } from './tests/helpers/postgres';

/**
 * Every API test file runs on both stores, but one: embeddedStore.test.ts is
 * about db.json itself (its atomic write, its file mode, an older db.json's
 * duplicate kiln ids), which PostgreSQL does not have.
 */
const API_ONLY_EMBEDDED = ['tests/api/embeddedStore.test.ts'];
const hasPostgres = Boolean(process.env.TEST_POSTGRES_URL) || (process.env.TEST_POSTGRES !== 'off' && findPostgresBin() !== null);
if (!hasPostgres && process.argv.some((a) => a.includes('vitest'))) {
  console.log(
    "api-postgres skipped: no PostgreSQL binaries (initdb, postgres, pg_ctl) on this machine; install Debian's postgresql to run it.",
  );
}

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [react(), prerenderFirstScreen()],
  // copied as they are into dist/ (robots.txt); kept under src/ so the top level stays as it is
  publicDir: 'src/public',
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
  test: {
    globals: true,
    // Vitest's default in a run is one worker fewer than the cores: one on a 2-core machine, with the other core idle
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          // the tree's RFC cross-checks and the wobble match are seconds of CPU each, more on 2 busy cores
          testTimeout: 30000,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['tests/components/**/*.test.tsx'],
          setupFiles: ['tests/setup/dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // each API test file starts its own server with its own DATA_DIR, a copy of the run's seeded demo data
          globalSetup: ['tests/helpers/apiGlobalSetup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      // the same API tests on PostgreSQL: one cluster per run, a fresh database per server
      ...(hasPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                environment: 'node' as const,
                include: ['tests/api/**/*.test.ts'],
                exclude: API_ONLY_EMBEDDED,
                env: { KILN_TEST_STORE: 'postgres' },
                globalSetup: ['tests/helpers/apiGlobalSetup.ts'],
                testTimeout: 30000,
                hookTimeout: 60000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'store',
          environment: 'node',
          include: ['tests/store/**/*.test.ts'],
          // one throwaway PostgreSQL cluster for the run; each file takes fresh databases in it
          globalSetup: ['tests/helpers/postgresGlobalSetup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
