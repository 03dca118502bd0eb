import path from 'node:path';
import fs from 'node:fs';
import jsonServer from 'json-server';
import low, { type LowdbSync } from 'lowdb';
import { SPEC_FACTOR } from '../../../src/domain/audits/methodology';
import { facilitySettingsOf } from '../../../src/domain/facilitySettings';
import { exactKg } from '../../../src/domain/carbon';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../blobs/privateFiles';
import { AtomicFileAdapter } from '../atomicFileAdapter';
import { upgradeApproval } from '../kilnRules';
import { initialCalibration } from '../calibrationRules';
import { legacyLedgers, nextSerial } from '../ledgerRules';
import { copyKeyFiling } from '../model';
import { IdCounter, Journal, Mutator } from './mutator';
import type {
  AnomalyRecord,
  AuditBurnRecord,
  AuditCreditRecord,
  AuditRecord,
  AuditRow,
  BatchRecord,
  BufferShareRecord,
  ChangeRecord,
  CopyKeyBucketRecord,
  EcoAllocationRecord,
  EcoAssetRecord,
  EcoRetirementRecord,
  EndUseRecord,
  FacilityChangeRecord,
  FacilityPhotoRecord,
  FacilityRecord,
  FacilityStatementRecord,
  FleetBurnRecord,
  KilnCalibrationRecord,
  KilnKeyRecord,
  KilnLogRecord,
  KilnRecord,
  LabKeyRecord,
  LabRecord,
  LabResultRecord,
  StatisticsSnapshot,
  TransparencyEntryRecord,
  TransparencyLookupRecord,
  TransparencyNodeRecord,
  UserChangeRecord,
  UserRecord,
  UserRow,
} from '../model';

/** The collections db.json held before the store interface (the seed builds its business in this shape). */
export interface DbShape {
  users: UserRecord[];
  changes: ChangeRecord[];
  facilities: FacilityRecord[];
  kilns: KilnRecord[];
  kiln_keys: KilnKeyRecord[];
  facility_photos: FacilityPhotoRecord[];
  facility_audits: FacilityStatementRecord[];
  kilnlogs: KilnLogRecord[];
  audits: AuditRecord[];
}

export function emptyDb(): DbShape {
  return {
    users: [],
    changes: [],
    facilities: [],
    kilns: [],
    kiln_keys: [],
    facility_photos: [],
    facility_audits: [],
    kilnlogs: [],
    audits: [],
  };
}

/** What the embedded store's db.json holds: today's collections plus those of audits, eco assets and statistics. */
export interface EmbeddedShape extends Omit<DbShape, 'users' | 'audits'> {
  users: UserRow[];
  audits: AuditRow[];
  audit_burns: AuditBurnRecord[];
  audit_credits: AuditCreditRecord[];
  eco_assets: EcoAssetRecord[];
  eco_allocations: EcoAllocationRecord[];
  eco_retirements: EcoRetirementRecord[];
  buffer_shares: BufferShareRecord[];
  statistics: StatisticsSnapshot[];
  user_changes: UserChangeRecord[];
  facility_changes: FacilityChangeRecord[];
  fleet_burns: FleetBurnRecord[];
  /** the copy index: each burn's buckets (copyKeyFiling), bucket → log id */
  copy_key_buckets: CopyKeyBucketRecord[];
  anomalies: AnomalyRecord[];
  kiln_calibrations: KilnCalibrationRecord[];
  transparency_entries: TransparencyEntryRecord[];
  transparency_nodes: TransparencyNodeRecord[];
  transparency_lookups: TransparencyLookupRecord[];
  batches: BatchRecord[];
  lab_results: LabResultRecord[];
  end_uses: EndUseRecord[];
  labs: LabRecord[];
  lab_keys: LabKeyRecord[];
}

export type CollectionOf<S> = { [K in keyof S]: S[K] extends unknown[] ? K : never }[keyof S];
export type Collection = CollectionOf<EmbeddedShape>;

export function emptyEmbedded(): EmbeddedShape {
  return {
    ...emptyDb(),
    users: [],
    audits: [],
    audit_burns: [],
    audit_credits: [],
    eco_assets: [],
    eco_allocations: [],
    eco_retirements: [],
    buffer_shares: [],
    statistics: [],
    user_changes: [],
    facility_changes: [],
    fleet_burns: [],
    copy_key_buckets: [],
    anomalies: [],
    kiln_calibrations: [],
    transparency_entries: [],
    transparency_nodes: [],
    transparency_lookups: [],
    batches: [],
    lab_results: [],
    end_uses: [],
    labs: [],
    lab_keys: [],
  };
}

/** Fills what an older db.json (or the seed's state) lacks, so every record has every field. */
export function normalise(raw: Partial<EmbeddedShape> | DbShape): EmbeddedShape {
  const state = { ...emptyEmbedded(), ...raw } as EmbeddedShape;
  // a state without a copy index (the seed's, an older db.json) files the burns its records key (migration 2026-12-03-0003)
  if (!Array.isArray((raw as Partial<EmbeddedShape>).copy_key_buckets))
    state.copy_key_buckets = (state.fleet_burns ?? []).flatMap((burn) => copyKeyFiling(burn));
  for (const key of Object.keys(emptyEmbedded()) as (keyof EmbeddedShape)[]) {
    if (!Array.isArray(state[key])) (state as unknown as Record<string, unknown>)[key] = [];
  }
  for (const u of state.users) {
    u.token_version ??= 0;
    u.must_change_password ??= false;
    u.locked ??= false;
  }
  // kilns registered before approval existed are approved as of their last update (migration 2026-11-25-0001)
  for (const k of state.kilns) {
    if (k.approved_ts === undefined) k.approved_ts = k.last_update;
    k.approved_by ??= null;
  }
  // each kiln's config before calibration versions existed becomes its version 1 (migration 2026-12-02-0002)
  const calibrated = new Set(state.kiln_calibrations.map((c) => c.kiln_id));
  let calibrationId = state.kiln_calibrations.reduce((n, c) => Math.max(n, c.id), 0);
  for (const k of state.kilns) if (!calibrated.has(k.id)) state.kiln_calibrations.push({ id: ++calibrationId, ...initialCalibration(k) });
  for (const l of state.kilnlogs) {
    l.kiln_pending ??= false;
    l.calibration_id ??= null;
    // logs stored before kilns signed them are unsigned (migration 2026-11-26-0001)
    l.signed ??= false;
    l.key_fingerprint ??= null;
    l.signature ??= null;
  }
  // results stored before the lab's signature was kept (migration 2026-12-04-0001)
  for (const r of state.lab_results ?? []) r.certificate_signature ??= null;
  // keys stored before who revoked them was kept (migration 2026-12-04-0004)
  for (const k of state.lab_keys ?? []) k.revoked_by ??= null;
  for (const f of state.facilities) {
    f.signed_burns_only ??= false;
    // facilities from before batches have the default batch period (migration 2026-12-03-0001), and from
    // before the VM0044 settings low-tech and unmonitored (migration 2026-12-04-0003)
    Object.assign(f, facilitySettingsOf(f));
  }
  // keys stored before approval existed: the seed's and a super-admin's approved, others pending (migration 2026-12-02-0001)
  for (const k of state.kiln_keys) if (k.approved_ts === undefined) Object.assign(k, upgradeApproval(k, state.users));
  for (const a of state.audits) {
    a.doc_mime_type ??= null;
    a.proposed_by ??= null;
    a.signed_off_by ??= null;
    // audits from before methodologies credit under the specification's factor (migration 2026-12-04-0002)
    a.methodology ??= SPEC_FACTOR;
    a.methodology_version ??= 1;
  }
  // kg of whole grams from signoff on: an older db.json's frozen figures and allocations are rounded to the gram once
  for (const b of state.audit_burns) {
    b.co2_removed = exactKg(b.co2_removed);
    b.biochar_produced = exactKg(b.biochar_produced);
    b.signed ??= false;
    b.key_fingerprint ??= null;
    b.signature ??= null;
  }
  for (const al of state.eco_allocations) al.co2_allocated = exactKg(al.co2_allocated);
  for (const e of state.eco_assets) e.co2_allocated = exactKg(e.co2_allocated);
  // assets minted before the ledger get serial blocks in mint order and a buffer of 0 (migration 2026-11-26-0002)
  const legacy = state.eco_assets.filter((e) => e.co2_issued === undefined);
  if (legacy.length > 0) {
    const ledgers = legacyLedgers(legacy, nextSerial(state.eco_assets.filter((e) => e.co2_issued !== undefined)));
    for (const e of legacy) Object.assign(e, ledgers.get(e.id));
  }
  return state;
}

/**
 * db.json through json-server's lowdb and the atomic file adapter, and a
 * queue that lets one operation or transaction at a time near the state.
 */
export class EmbeddedState {
  readonly db: LowdbSync<EmbeddedShape>;
  state: EmbeddedShape;
  ids: IdCounter;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly dataDir: string) {
    // db.json holds password hashes: its folder and the file are the server's user's only
    ensurePrivateDir(dataDir);
    const dbFile = path.join(dataDir, 'db.json');
    // a db.json written before files were private is narrowed now, not at its next write
    if (fs.existsSync(dbFile)) fs.chmodSync(dbFile, PRIVATE_FILE_MODE);
    const adapter = new AtomicFileAdapter<EmbeddedShape>(dbFile, {
      defaultValue: emptyEmbedded(),
      serialize: (state) => JSON.stringify(state),
    });
    // json-server owns the lowdb instance; its generic REST router is never mounted
    this.db = jsonServer.router<EmbeddedShape>(low(adapter)).db;
    this.state = normalise(this.db.getState());
    this.db.setState(this.state);
    this.ids = new IdCounter(this.state);
  }

  /** Puts a whole new state in place and on disk (call inside exclusive). */
  replace(state: EmbeddedShape): void {
    const next = normalise(state);
    this.db.setState(next);
    try {
      this.db.write();
    } catch (err) {
      this.db.setState(this.state);
      throw err;
    }
    this.state = next;
    this.ids = new IdCounter(next);
  }

  /** Runs fn when every earlier operation has finished. */
  exclusive<T>(fn: () => Promise<T> | T): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Runs fn with a journal; keeps its changes on disk, or undoes them all when fn or the write fails. */
  async atomically<T>(fn: (m: Mutator) => Promise<T> | T): Promise<T> {
    const journal = new Journal();
    try {
      const result = await fn(new Mutator(this.state, journal, this.ids));
      if (journal.dirty) this.db.write();
      return result;
    } catch (err) {
      journal.rollback();
      throw err;
    }
  }
}
