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
import { seedKilns, seedPendingKiln } from './kilns';
import { seedUsers } from './users';

/**
 * One seeder a feature: each adds its collection to the state being built,
 * in dependency order (users before facilities before kilns before logs...).
 */
export type Seeder = (state: DbShape, ctx: Pick<AppContext, 'config' | 'blobs'>) => Promise<void> | void;

// the audits come after these, through the store (seedAudits)
const SEEDERS: Seeder[] = [seedUsers, seedChanges, seedFacilities, seedKilns, seedFacilityMedia, seedKilnLogs, seedPendingKiln];

export type SeedProgress = (table: string, done: number, total: number) => void;

/**
 * Builds the demo business from scratch in memory and stores it in one go
 * (multi-row inserts on PostgreSQL), then proposes and signs off the demo
 * audits through the store; answers what it stored (the rows as first
 * stored, the audits and their frozen burns as made).
 */
export async function seedDemoData(ctx: Pick<AppContext, 'config' | 'blobs' | 'data'>, progress?: SeedProgress): Promise<StoreState> {
  const built = emptyDb();
  for (const seeder of SEEDERS) await seeder(built, ctx);
  const state = normalise(built);
  await ctx.data.replaceAll(state, progress);
  const { audits, burns } = await seedAudits(ctx);
  // minted through the store's own mint once the audits are signed off, so the seed's eco assets obey its rules
  const minted = await seedEcoAssets(ctx.data);
  return {
    ...state,
    audits,
    audit_burns: burns,
    eco_assets: minted.map((m) => m.asset),
    eco_allocations: minted.flatMap((m) => m.allocations),
  };
}

export async function seedIfEmpty(ctx: Pick<AppContext, 'config' | 'blobs' | 'data'>): Promise<boolean> {
  if (!(await ctx.data.isEmpty())) return false;
  await seedDemoData(ctx);
  return true;
}
