import { afterEach, beforeEach } from 'vitest';
import { statusOfRefusal } from '../../../mock-server/http/errors';
import type { DataStore } from '../../../mock-server/store/dataStore';
import { StoreRefusal } from '../../../mock-server/store/errors';
import type { StoredFile } from '../../../mock-server/store/model';
import { mintAsset, proposeAudit, signOffAudit } from '../fixtures';
import { recordingCalls } from './calls';

export interface StoreFactory {
  open(): Promise<DataStore>;
}

/**
 * Opens a fresh store before each test of the calling suite and closes it after; answers the store of the running
 * test, which notes in `called` each part method the suite calls (calls.ts).
 */
export function openEach(factory: StoreFactory, called = new Set<string>()): () => DataStore {
  let store: DataStore | undefined;
  beforeEach(async () => {
    store = recordingCalls(await factory.open(), called);
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });
  return () => {
    if (!store) throw new Error('The store is read outside a test.');
    return store;
  };
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

/** Replaces a facility's photo and thumbnail with PNG files of these [key, size]s. */
export function replacePhoto(
  store: DataStore,
  facility_id: number,
  photo_guid: string,
  [photoKey, photoSize]: [string, number],
  [thumbKey, thumbSize]: [string, number],
) {
  return store.facilities.replacePhoto({ facility_id, photo_guid, photo: file(photoKey, photoSize), thumb: file(thumbKey, thumbSize) });
}

/** Proposal, signoff and mint calls of the audit and eco-asset suites, on the store of the running test. */
export function auditCalls(current: () => DataStore) {
  let transactions = 0;
  let jobs = 0;
  return {
    propose: (ids: number[], facility_id: number | null = null, kiln_type = 0) =>
      proposeAudit(current(), ids, {
        job_id: `JOB-${++jobs}`,
        kiln_type,
        facility_id,
        create_ts: '2026-05-01T10:00:00.000Z',
        proposed_by: 4,
      }),
    signoff: (audit_id: number, analysis_ids: number[], signoff_ts = '2026-05-20T12:00:00.000Z') =>
      signOffAudit(current(), audit_id, analysis_ids, {
        signoff_ts,
        doc_key: 'audit-evidence/x.pdf',
        doc_mime_type: 'application/pdf',
        signed_off_by: 1,
      }),
    mint: (allocations: [number, number][], note = 'note', transaction_id = `TX-${++transactions}`) =>
      mintAsset(current(), allocations, { minting_note: note, transaction_id, minted_by: 6 }),
  };
}
