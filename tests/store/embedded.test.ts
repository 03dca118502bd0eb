import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../mock-server/store/embedded/embeddedStore';
import type { EcoAssetRecord } from '../../mock-server/store/model';
import { DEFAULT_FACILITY_SETTINGS } from '../../src/domain/facilitySettings';
import { storeContract } from './contract';
import { addFacility, addLogs, mintAsset, proposeAudit, signOffAudit } from './fixtures';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('embedded store (lowdb over db.json)', () => {
  storeContract({
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-store-'));
      dirs.push(dir);
      return new EmbeddedStore(dir);
    },
  });
});

/** Audit 1 of facility 1, signed off, as a db.json from before the store interface holds it (no proposer or signer). */
const olderSignedOffAudit = (analysis_ids: number[]) => ({
  id: 1,
  job_id: 'J',
  kiln_type: 0,
  facility_id: 1,
  create_ts: '2026-01-01T00:00:00.000Z',
  analysis_ids,
  signoff_ts: '2026-01-02T00:00:00.000Z',
  doc_key: 'k',
  doc_mime_type: 'application/pdf',
});

describe('embedded store on disk', () => {
  const open = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-store-'));
    dirs.push(dir);
    return dir;
  };

  it('keeps every acknowledged change in db.json, and a refused one leaves the file as it was', async () => {
    const dir = open();
    const store = new EmbeddedStore(dir);
    const f = await addFacility(store, 'NRB');
    const [a] = await addLogs(store, [{ facility: f, co2: 3 }]);
    const audit = await proposeAudit(store, [a.id]);
    await signOffAudit(store, audit.id, [a.id]);
    const file = path.join(dir, 'db.json');
    const before = fs.readFileSync(file);
    await expect(mintAsset(store, [[audit.id, 3.001]])).rejects.toThrow('cannot be allocated');
    await expect(
      store.transaction(async (tx) => {
        await mintAsset(tx, [[audit.id, 1]]);
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    await store.close();

    const reopened = new EmbeddedStore(dir);
    expect(await reopened.ecoAssets.remaining(audit.id)).toBe(3);
    expect(await reopened.kilnLogs.get(a.id)).toMatchObject({ audited: true, audit_id: audit.id });
    expect((await reopened.audits.burns(audit.id)).map((b) => b.co2_removed)).toEqual([3]);
    // ids continue after those on disk
    expect(await reopened.kilnLogs.reserveId()).toBeGreaterThan(a.id);
    await reopened.close();
  });

  it('reads a db.json written before the store interface, filling the new fields', async () => {
    const dir = open();
    fs.writeFileSync(
      path.join(dir, 'db.json'),
      JSON.stringify({
        users: [
          {
            id: 1,
            username: 'superadmin',
            role: 0,
            password_hash: 'h',
            facility_ids: [],
            created_ts: '2026-01-01T00:00:00.000Z',
            last_login_ts: null,
          },
        ],
        audits: [
          {
            id: 1,
            job_id: 'J',
            kiln_type: 0,
            facility_id: 1,
            create_ts: '2026-01-01T00:00:00.000Z',
            analysis_ids: [],
            signoff_ts: null,
            doc_key: null,
          },
        ],
      }),
    );
    const store = new EmbeddedStore(dir);
    expect(await store.users.get(1)).toMatchObject({ token_version: 0 });
    expect(await store.audits.get(1)).toMatchObject({ doc_mime_type: null, proposed_by: null, signed_off_by: null });
    expect(await store.changes.list()).toEqual([]);
    await store.close();
  });

  it('gives the facilities of a db.json from before batches the default batch period, and no batches or laboratories', async () => {
    const dir = open();
    const facility = {
      id: 1,
      mnemonic: 'NRB',
      name: 'Nairobi',
      owner_id: 1,
      latitude_min: -2,
      latitude_max: -1,
      longitude_min: 36,
      longitude_max: 37,
      last_updated: '2026-01-01T00:00:00.000Z',
      latest_facility_audit_id: null,
      kiln_type_config: '{}',
      signed_burns_only: false,
    };
    fs.writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ facilities: [facility] }));
    const store = new EmbeddedStore(dir);
    expect(await store.facilities.get(1)).toEqual({ ...facility, ...DEFAULT_FACILITY_SETTINGS });
    expect(await store.batches.list()).toEqual([]);
    expect(await store.labs.list()).toEqual([]);
    await store.close();
  });

  it("approves the kiln keys of an older db.json only where no second person was missing: the seed's and a super-admin's own", async () => {
    const dir = open();
    const ts = '2026-11-01T00:00:00.000Z';
    const user = (id: number, role: number) => ({
      id,
      username: `u${id}`,
      role,
      password_hash: 'h',
      facility_ids: [],
      created_ts: ts,
      last_login_ts: null,
    });
    const key = (id: number, created_by: number | null) => ({
      id,
      kiln_id: 1,
      fingerprint: String(id).repeat(64),
      label: `key ${id}`,
      public_key: 'PEM',
      created_ts: ts,
      created_by,
      revoked_ts: null,
    });
    fs.writeFileSync(
      path.join(dir, 'db.json'),
      JSON.stringify({ users: [user(1, 0), user(5, 4)], kiln_keys: [key(1, null), key(2, 1), key(3, 5), key(4, 99)] }),
    );
    const store = new EmbeddedStore(dir);
    expect((await store.kilns.keys(1)).map((k) => [k.created_by, k.approved_ts, k.approved_by])).toEqual([
      [null, ts, null],
      [1, ts, 1],
      [5, null, null],
      [99, null, null],
    ]);
    await store.close();
  });

  it('reads frozen carbon of an older db.json to the gram, so its totals carry no float noise', async () => {
    const dir = open();
    const audit = olderSignedOffAudit([1, 2, 3]);
    const burn = (kilnlog_id: number, co2_removed: number) => ({
      audit_id: 1,
      kilnlog_id,
      facility_id: 1,
      co2_removed,
      biochar_produced: 0.1,
      algorithm_version: '2.1.0',
    });
    fs.writeFileSync(
      path.join(dir, 'db.json'),
      JSON.stringify({
        facilities: [{ id: 1, mnemonic: 'NRB', name: 'Nairobi' }],
        audits: [audit],
        audit_burns: [burn(1, 0.1), burn(2, 0.2), burn(3, 344.4872)],
        eco_assets: [
          {
            id: 1,
            minting_note: 'n',
            transaction_id: 't',
            co2_allocated: 0.30000000000000004,
            minted_ts: '2026-02-01T00:00:00.000Z',
            minted_by: null,
          },
        ],
        eco_allocations: [{ id: 1, eco_asset_id: 1, audit_id: 1, co2_allocated: 0.30000000000000004 }],
      }),
    );
    const store = new EmbeddedStore(dir);
    expect((await store.audits.burns(1)).map((b) => b.co2_removed)).toEqual([0.1, 0.2, 344.487]);
    const [history] = await store.audits.history({});
    expect([history.audited_co2, history.audited_biochar, history.utilised_co2]).toEqual([344.787, 0.3, 0.3]);
    expect((await store.ecoAssets.get(1))!.co2_allocated).toBe(0.3);
    await store.close();
  });

  it('gives eco assets of a db.json from before the ledger serial blocks in mint order and a buffer of 0, their kg unchanged; a new mint follows them', async () => {
    const dir = open();
    const asset = (id: number, co2_allocated: number, minted_ts: string) => ({
      id,
      minting_note: 'n',
      transaction_id: `t${id}`,
      co2_allocated,
      minted_ts,
      minted_by: null,
    });
    const audit = olderSignedOffAudit([1]);
    fs.writeFileSync(
      path.join(dir, 'db.json'),
      JSON.stringify({
        facilities: [{ id: 1, mnemonic: 'NRB', name: 'Nairobi' }],
        audits: [audit],
        audit_burns: [{ audit_id: 1, kilnlog_id: 1, facility_id: 1, co2_removed: 100, biochar_produced: 1, algorithm_version: '2.1.0' }],
        // stored out of mint order: the second minted first
        eco_assets: [
          asset(1, 2.5, '2026-03-01T00:00:00.000Z'),
          asset(2, 1.25, '2026-02-01T00:00:00.000Z'),
          asset(3, 0.001, '2026-03-01T00:00:00.000Z'),
        ],
        eco_allocations: [
          { id: 1, eco_asset_id: 1, audit_id: 1, co2_allocated: 2.5 },
          { id: 2, eco_asset_id: 2, audit_id: 1, co2_allocated: 1.25 },
          { id: 3, eco_asset_id: 3, audit_id: 1, co2_allocated: 0.001 },
        ],
      }),
    );
    const store = new EmbeddedStore(dir);
    const ledger = (e: EcoAssetRecord | null) =>
      e && [e.co2_allocated, e.co2_issued, e.co2_buffer, e.co2_retired, e.serial_first, e.serial_last, e.buffer_serial_first];
    expect(ledger(await store.ecoAssets.get(2))).toEqual([1.25, 1.25, 0, 0, 1, 1250, null]);
    expect(ledger(await store.ecoAssets.get(1))).toEqual([2.5, 2.5, 0, 0, 1251, 3750, null]);
    expect(ledger(await store.ecoAssets.get(3))).toEqual([0.001, 0.001, 0, 0, 3751, 3751, null]);
    const { asset: next } = await mintAsset(store, [[1, 1]], { transaction_id: 'new', minted_ts: '2026-04-01T00:00:00.000Z' });
    expect(next.serial_first).toBe(3752);
    await store.close();
    // upgraded once: read again, nothing moves
    const again = new EmbeddedStore(dir);
    expect(ledger(await again.ecoAssets.get(1))).toEqual([2.5, 2.5, 0, 0, 1251, 3750, null]);
    await again.close();
  });
});
