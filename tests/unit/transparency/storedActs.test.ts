import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedShape } from '../../../mock-server/store/embedded/state';
import { actTime, storedActs } from '../../../mock-server/transparency/acts';
import { toGrams } from '../../../src/domain/carbon';
import { entryBytes } from '../../../src/domain/transparency/entries';
import { demoSeed } from '../../helpers/demoSeed';

/**
 * The acts a store already holds, as a log started on it would bring them in: read from the
 * demo seed's own records (logs, signoffs, mints, retirements, keys, calibrations), each once,
 * oldest first, in whole grams.
 */

let dir = '';
let state: EmbeddedShape;

beforeAll(async () => {
  ({ dir, state } = await demoSeed(24));
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("a store's acts brought into the log", () => {
  it('names every log, mint, retirement, kiln key approval or revocation, lab key registration or revocation and approved calibration once, oldest first', () => {
    const signed = state.audits.filter((a) => a.signoff_ts !== null);
    const manifests = new Map(signed.map((a) => [a.id, 'ab'.repeat(32)]));
    const acts = storedActs(state, manifests);
    const count = (kind: string) => acts.filter((a) => a.kind === kind).length;
    expect(count('kilnlog')).toBe(state.kilnlogs.length);
    expect(count('signoff')).toBe(signed.length);
    expect(count('issuance')).toBe(state.eco_assets.length);
    expect(count('retirement')).toBe(state.eco_retirements.length);
    expect(count('kiln_key')).toBe(
      state.kiln_keys.filter((k) => k.approved_ts !== null).length + state.kiln_keys.filter((k) => k.revoked_ts !== null).length,
    );
    expect(count('calibration')).toBe(state.kiln_calibrations.filter((c) => c.approved_ts !== null).length);
    expect(count('lab_key')).toBe(state.lab_keys.length + state.lab_keys.filter((k) => k.revoked_ts !== null).length);
    expect(state.lab_keys.length).toBeGreaterThan(0);
    expect(state.kilnlogs.length).toBeGreaterThan(0);
    expect(state.eco_assets.length).toBeGreaterThan(0);
    const times = acts.map(actTime);
    expect(times).toEqual([...times].sort());
    // every entry is canonical JSON of whole numbers
    for (const act of acts) expect(() => entryBytes(act)).not.toThrow();
  });

  it('puts each issuance in whole grams with its serial blocks and audits, as the ledger holds them', () => {
    const acts = storedActs(state, new Map());
    for (const asset of state.eco_assets) {
      const entry = acts.find((a) => a.kind === 'issuance' && a.asset_id === asset.id);
      expect(entry).toMatchObject({
        issued_g: toGrams(asset.co2_issued),
        buffer_g: toGrams(asset.co2_buffer),
        transaction_id: asset.transaction_id,
        issued_serials: asset.serial_first === null ? null : [asset.serial_first, asset.serial_last],
      });
    }
    // a signoff waits for its package's manifest
    expect(acts.filter((a) => a.kind === 'signoff')).toEqual([]);
  });
});
