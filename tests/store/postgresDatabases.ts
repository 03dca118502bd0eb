import { PostgresStore } from '../../mock-server/store/postgres/postgresStore';
import { createDatabase } from '../helpers/postgres';

/**
 * Fresh databases for store tests: the migrations run once per test file
 * into a template, then each test clones it (CREATE DATABASE ... TEMPLATE),
 * which is far faster than migrating every time.
 */
const templates = new Map<string, Promise<string>>();

async function migratedTemplate(adminUrl: string): Promise<string> {
  const url = await createDatabase(adminUrl, 'kc_tpl');
  const store = await PostgresStore.open(url);
  await store.close();
  return url;
}

export async function freshDatabase(adminUrl: string): Promise<string> {
  let template = templates.get(adminUrl);
  if (!template) {
    template = migratedTemplate(adminUrl);
    templates.set(adminUrl, template);
  }
  const name = new URL(await template).pathname.slice(1);
  return createDatabase(adminUrl, 'kc_test', name);
}
