import type { AppContext } from '../context';
import { emptyDb, type DbShape } from '../store/schema';
import { seedAudits } from './audits';
import { seedChanges } from './changes';
import { seedFacilities } from './facilities';
import { seedFacilityMedia } from './facilityMedia';
import { seedKilnLogs } from './kilnlogs';
import { seedKilns } from './kilns';
import { seedUsers } from './users';

/**
 * One seeder a feature: each adds its collection to the state being built,
 * in dependency order (users before facilities before kilns before logs...).
 */
export type Seeder = (state: DbShape, ctx: AppContext) => Promise<void> | void;

const SEEDERS: Seeder[] = [seedUsers, seedChanges, seedFacilities, seedKilns, seedFacilityMedia, seedKilnLogs, seedAudits];

/** Builds the demo business from scratch and stores it in one write. */
export async function seedDemoData(ctx: AppContext): Promise<void> {
  const state = emptyDb();
  for (const seeder of SEEDERS) await seeder(state, ctx);
  ctx.store.replace(state);
}

export async function seedIfEmpty(ctx: AppContext): Promise<boolean> {
  if (!ctx.store.isEmpty()) return false;
  await seedDemoData(ctx);
  return true;
}
