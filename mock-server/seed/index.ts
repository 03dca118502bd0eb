import { anyFile, type Blobs } from '../blobs/blobs';
import type { AppContext } from '../context';
import type { StoreState } from '../store/dataStore';
import { emptyDb, normalise, type DbShape, type EmbeddedShape } from '../store/embedded/state';
import { seedAudits } from './audits';
import { demoEvidence } from './batches';
import { seedChanges } from './changes';
import { seedEcoAssets } from './ecoAssets';
import { seedFacilities } from './facilities';
import { seedFacilityMedia } from './facilityMedia';
import { seedKilnLogs } from './kilnlogs';
import { seedKilnKeys } from './kilnKeys';
import { seedKilns, seedPendingKiln } from './kilns';
import { seedUsers } from './users';

/**
 * One seeder a feature: each adds its collection to the state being built,
 * in dependency order (users before facilities before kilns before logs...).
 */
/** What the seeders build: db.json's collections and the fleet's records of the burns they analyse. */
export type SeedState = DbShape & Pick<EmbeddedShape, 'fleet_burns' | 'anomalies' | 'kiln_calibrations'>;

export type Seeder = (state: SeedState, ctx: Pick<AppContext, 'config' | 'blobs'>) => Promise<void> | void;

// the audits come after these, through the store (seedAudits)
const SEEDERS: Seeder[] = [
  seedUsers,
  seedChanges,
  seedFacilities,
  seedKilns,
  seedKilnKeys,
  seedFacilityMedia,
  seedKilnLogs,
  seedPendingKiln,
];

/** the demo's buffer share: 10 % */
export const DEMO_BUFFER_BASIS_POINTS = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first burn's start (its kiln's clock read as UTC); now when there is none. */
const firstLogMs = (state: StoreState): number =>
  state.kilnlogs.reduce((first, l) => (l.logts === null ? first : Math.min(first, Date.parse(`${l.logts.slice(0, 19)}Z`))), Date.now());

export type SeedProgress = (table: string, done: number, total: number) => void;

/**
 * Builds the demo business from scratch in memory and stores it in one go
 * (multi-row inserts on PostgreSQL), then proposes and signs off the demo
 * audits through the store; answers what it stored (the rows as first
 * stored, the audits and their frozen burns as made).
 */
export async function seedDemoData(ctx: Pick<AppContext, 'config' | 'blobs' | 'data'>, progress?: SeedProgress): Promise<StoreState> {
  const built: SeedState = { ...emptyDb(), fleet_burns: [], anomalies: [], kiln_calibrations: [] };
  for (const seeder of SEEDERS) await seeder(built, ctx);
  const state = normalise(built);
  await ctx.data.replaceAll(state, progress);
  // the batches of the audits' burns, with their lab results and end uses, recorded before each signoff so its package carries them
  const evidence = await demoEvidence(ctx, new Date(firstLogMs(state) - 30 * DAY_MS).toISOString());
  const { audits, burns } = await seedAudits(ctx, evidence.beforeSignoff);
  // the demo withholds a 10 % buffer, set before its mints so they withhold it too (set by no one: the seed)
  const share = await ctx.data.ecoAssets.setBufferShare({
    basis_points: DEMO_BUFFER_BASIS_POINTS,
    set_by: null,
    set_ts: new Date().toISOString(),
  });
  // minted through the store's own mint once the audits are signed off, so the seed's eco assets obey its rules
  const minted = await seedEcoAssets(ctx.data);
  const batches = await evidence.seeded();
  return {
    ...state,
    audits,
    audit_burns: burns,
    eco_assets: minted.map((m) => m.asset),
    eco_allocations: minted.flatMap((m) => m.allocations),
    buffer_shares: [share],
    ...batches,
  };
}

/**
 * The seed writes into a bucket only while it holds nothing: a bucket with
 * files and an empty database is most likely another deployment's (a wrong or
 * empty DATABASE_URL), whose files the demo would overwrite and the start-up
 * sweep then delete. DATA_DIR/files belongs to its DATA_DIR alone.
 */
export async function refuseOccupiedBucket(blobs: Blobs): Promise<void> {
  const held = blobs.kind === 's3' ? await anyFile(blobs) : null;
  if (held) {
    throw new Error(
      `The demo seed writes only into an empty bucket, and this one holds files (${held}, perhaps more): ` +
        'check DATABASE_URL and S3_BUCKET name the same deployment, or empty the bucket to seed demo data into it.',
    );
  }
}

/**
 * The seed at start: only when the store holds no user, under the setup lock
 * so that of servers starting together on one database one seeds and the
 * others find its data; a bucket holding files is refused.
 */
export async function seedIfEmpty(ctx: Pick<AppContext, 'config' | 'blobs' | 'data'>): Promise<boolean> {
  return ctx.data.exclusively('setup', async () => {
    if (!(await ctx.data.isEmpty())) return false;
    await refuseOccupiedBucket(ctx.blobs);
    await seedDemoData(ctx);
    return true;
  });
}
