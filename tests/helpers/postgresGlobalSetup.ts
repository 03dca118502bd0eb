import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPostgresCluster } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the throwaway cluster's admin connection string; null when this machine has no PostgreSQL */
    postgresUrl: string | null;
  }
}

/**
 * One PostgreSQL cluster for the whole run of the store tests. TEST_POSTGRES_URL
 * names an existing server instead (its user must be allowed to create
 * databases); TEST_POSTGRES=off skips the PostgreSQL half.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  if (process.env.TEST_POSTGRES_URL) {
    project.provide('postgresUrl', process.env.TEST_POSTGRES_URL);
    return;
  }
  const bin = process.env.TEST_POSTGRES === 'off' ? null : findPostgresBin();
  if (!bin) {
    project.provide('postgresUrl', null);
    const why =
      process.env.TEST_POSTGRES === 'off'
        ? 'TEST_POSTGRES=off'
        : "no PostgreSQL binaries (initdb, postgres, pg_ctl) on this machine; install Debian's postgresql to run them";
    console.log(`PostgreSQL store tests skipped: ${why}.`);
    return;
  }
  const cluster = await startPostgresCluster(bin);
  project.provide('postgresUrl', cluster.adminUrl);
  return () => cluster.stop();
}
