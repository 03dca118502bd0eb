import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { createDatabase } from './postgres';
import postgresSetup from './postgresGlobalSetup';
import { seedTemplate, type SeededTemplate } from './seededTemplate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the demo data API test servers copy instead of seeding their own */
    apiTemplate: SeededTemplate | null;
  }
}

/**
 * One seed per run of the API tests (tests/helpers/seededTemplate.ts); in
 * the api-postgres project, first the run's PostgreSQL cluster.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const onPostgres = project.name === 'api-postgres';
  const stopCluster = onPostgres ? await postgresSetup(project) : undefined;
  const adminUrl = onPostgres ? project.getProvidedContext().postgresUrl : null;
  if (onPostgres && !adminUrl) {
    project.provide('apiTemplate', null);
    return async () => stopCluster?.();
  }
  const template = await seedTemplate(adminUrl ? await createDatabase(adminUrl, 'kc_api_template') : null);
  project.provide('apiTemplate', template);
  return async () => {
    fs.rmSync(template.dataDir, { recursive: true, force: true });
    await stopCluster?.();
  };
}
