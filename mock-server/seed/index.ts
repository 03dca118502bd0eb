import type { AppContext } from '../context';
import type { StoreState } from '../store/dataStore';
import { normalise } from '../store/embedded/state';
import { emptyDb, type DbShape } from '../store/schema';
import { seedAudits } from './audits';
import { seedChanges } from './changes';
import { seedEcoAssets } from './ecoAssets';
import { seedFacilities } from './facilities';
import { seedFacilityMedia } from './facilityMedia';
import { seedKilnLogs } from './kilnlogs';
import { seedKilns } from './kilns';
import { seedUsers } from './users';

/**
 * One seeder a feature: each adds its collection to the state being built,
 * in dependency order (users before facilities before kilns before logs...).
 */
export type Seeder = (state: DbShape, ctx: Pick<AppContext, 'config' | 'blobs'>) => Promise<void> | void;

const SEEDERS: Seeder[] = [seedUsers, seedChanges, seedFacilities, seedKilns, seedFacilityMedia, seedKilnLogs, seedAudits];

export type SeedProgress = (table: string, done: number, total: number) => void;

/** Builds the demo business from scratch in memory and stores it in one go (multi-row inserts on PostgreSQL); answers what it stored. */
export async function seedDemoData(ctx: Pick<AppContext, 'config' | 'blobs' | 'data'>, progress?: SeedProgress): Promise<StoreState> {
  const built = emptyDb();
  for (const seeder of SEEDERS) await seeder(built, ctx);
  const state = normalise(built);
  await ctx.data.replaceAll(state, progress);
  // minted through the store's own mint, so the seed's eco assets obey its rules
  for (const { asset, allocations } of await seedEcoAssets(ctx.data)) {
    state.eco_assets.push(asset);
    state.eco_allocations.push(...allocations);
  }
  return state;
}

export async function seedIfEmpty(ctx: Pick<AppContext, 'config' | 'blobs' | 'data'>): Promise<boolean> {
  if (!(await ctx.data.isEmpty())) return false;
  await seedDemoData(ctx);
  return true;
}
