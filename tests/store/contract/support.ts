import { afterEach, beforeEach } from 'vitest';
import { statusOfRefusal } from '../../../mock-server/http/errors';
import type { DataStore } from '../../../mock-server/store/dataStore';
import { StoreRefusal } from '../../../mock-server/store/errors';
import type { StoredFile } from '../../../mock-server/store/model';
import { FIXTURE_ALGORITHM_VERSION } from '../fixtures';

export interface StoreFactory {
  open(): Promise<DataStore>;
}

/** Opens a fresh store before each test of the calling suite (handing it to `use`) and closes it after. */
export function openEach(factory: StoreFactory, use: (store: DataStore) => void): void {
  let store: DataStore;
  beforeEach(async () => {
    store = await factory.open();
    use(store);
  });
  afterEach(async () => {
    await store.close();
  });
}

/** The refusal a store call ends in, with the HTTP status the API answers for it. */
export async function refusal(work: Promise<unknown>): Promise<StoreRefusal & { status: number }> {
  try {
    await work;
  } catch (err) {
    if (err instanceof StoreRefusal) return Object.assign(err, { status: statusOfRefusal(err) });
    throw err;
  }
  throw new Error('expected a refusal, got success');
}

export const file = (key: string, size: number): StoredFile => ({
  key,
  mime_type: 'image/png',
  size,
  original_name: 'a.png',
  uploaded_ts: '2026-02-03T04:05:06.789Z',
  uploader_id: 1,
});

/** Proposal, signoff and mint calls of the audit and eco-asset suites, on the store of the running test. */
export function auditCalls(current: () => DataStore) {
  let transactions = 0;
  return {
    propose: (ids: number[], facility_id: number | null = null, kiln_type = 0) =>
      current().audits.propose({
        job_id: 'JOB-1',
        kiln_type,
        facility_id,
        analysis_ids: ids,
        create_ts: '2026-05-01T10:00:00.000Z',
        proposed_by: 4,
        algorithm_version: FIXTURE_ALGORITHM_VERSION,
      }),
    signoff: (audit_id: number, analysis_ids: number[], signoff_ts = '2026-05-20T12:00:00.000Z') =>
      current().audits.signoff({
        audit_id,
        analysis_ids,
        signoff_ts,
        doc_key: 'audit-evidence/x.pdf',
        doc_mime_type: 'application/pdf',
        signed_off_by: 1,
        algorithm_version: FIXTURE_ALGORITHM_VERSION,
      }),
    mint: (allocations: [number, number][], note = 'note', transaction_id = `TX-${++transactions}`) =>
      current().ecoAssets.mint({
        minting_note: note,
        transaction_id,
        allocations: new Map(allocations),
        minted_ts: '2026-06-01T00:00:00.000Z',
        minted_by: 6,
      }),
  };
}
