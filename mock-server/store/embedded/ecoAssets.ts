import { toGrams, toKg } from '../../../src/domain/carbon';
import { checkAllocations, checkMintInput, refuseTakenTransaction, transactionKey } from '../auditRules';
import { mintLedger, nextSerial, retirementOf } from '../ledgerRules';
import type { EcoAssetStore } from '../parts/ecoAssets';
import type { EcoAssetRecord } from '../model';
import { byText, copy, type Access } from './access';
import { allocatedGrams, burnSums, inFacilities, totalsOf } from './audits';
import type { EmbeddedShape } from './state';

/** the buffer share set last (the highest id) */
const currentShare = (s: EmbeddedShape) =>
  s.buffer_shares.reduce<EmbeddedShape['buffer_shares'][number] | null>((n, b) => (!n || b.id > n.id ? b : n), null);

export function embeddedEcoAssets(a: Access): EcoAssetStore {
  const remainingGrams = (s: EmbeddedShape, used: Map<number, number>, auditId: number, burned = burnSums(s)): number | null => {
    const audit = s.audits.find((x) => x.id === auditId);
    if (!audit || audit.signoff_ts === null) return null;
    return toGrams(totalsOf(s, audit, used, burned).audited_co2) - (used.get(auditId) ?? 0);
  };
  return {
    available: (filter = {}) =>
      a.read((s) => {
        const used = allocatedGrams(s);
        const burned = burnSums(s);
        return s.audits
          .filter((x) => x.signoff_ts !== null && inFacilities(filter.facilityIds, x.facility_id))
          .sort((x, y) => x.facility_id - y.facility_id || byText(x.signoff_ts!, y.signoff_ts!) || x.id - y.id)
          .map((x) => ({
            ...totalsOf(s, x, used, burned),
            facility_name: s.facilities.find((f) => f.id === x.facility_id)?.name ?? '',
            remaining_co2: toKg(remainingGrams(s, used, x.id, burned) ?? 0),
          }));
      }),
    remaining: (auditId) => a.read((s) => toKg(Math.max(0, remainingGrams(s, allocatedGrams(s), auditId) ?? 0))),
    mint: (input) =>
      a.write((s, m) => {
        checkMintInput(input);
        if (s.eco_assets.some((e) => transactionKey(e.transaction_id) === transactionKey(input.transaction_id)))
          refuseTakenTransaction(input.transaction_id);
        const used = allocatedGrams(s);
        const burned = burnSums(s);
        checkAllocations(input, new Map([...input.allocations.keys()].map((id) => [id, remainingGrams(s, used, id, burned)])));
        const kg = [...input.allocations.values()].map((v) => toKg(toGrams(v)));
        const co2Allocated = toKg(kg.reduce((n, v) => n + toGrams(v), 0));
        const asset: EcoAssetRecord = {
          id: m.nextId('eco_assets'),
          minting_note: input.minting_note.trim(),
          transaction_id: input.transaction_id.trim(),
          co2_allocated: co2Allocated,
          ...mintLedger(co2Allocated, currentShare(s)?.basis_points ?? 0, nextSerial(s.eco_assets)),
          minted_ts: input.minted_ts,
          minted_by: input.minted_by,
        };
        m.insert('eco_assets', asset);
        const allocations = [...input.allocations.keys()].map((auditId, i) => {
          const row = { id: m.nextId('eco_allocations'), eco_asset_id: asset.id, audit_id: auditId, co2_allocated: kg[i] };
          m.insert('eco_allocations', row);
          return row;
        });
        return copy({ asset, allocations });
      }),
    retire: (input) =>
      a.write((s, m) => {
        const asset = s.eco_assets.find((e) => e.id === input.eco_asset_id);
        if (!asset) return null;
        const { retirement, co2_retired } = retirementOf(asset, input);
        const row = { id: m.nextId('eco_retirements'), ...retirement };
        m.insert('eco_retirements', row);
        m.patch(asset, { co2_retired });
        return copy({ asset, retirement: row });
      }),
    retirements: (ecoAssetId) =>
      a.read((s) => copy(s.eco_retirements.filter((r) => r.eco_asset_id === ecoAssetId).sort((x, y) => x.id - y.id))),
    bufferShare: () => a.read((s) => copy(currentShare(s))),
    setBufferShare: (share) =>
      a.write((_s, m) => {
        const row = { id: m.nextId('buffer_shares'), ...share };
        m.insert('buffer_shares', row);
        return copy(row);
      }),
    bufferShares: () => a.read((s) => copy([...s.buffer_shares].sort((x, y) => y.id - x.id))),
    get: (id) => a.read((s) => copy(s.eco_assets.find((e) => e.id === id) ?? null)),
    list: ({ facilityId }) =>
      a.read((s) => {
        const audits = new Set(s.audits.filter((x) => x.facility_id === facilityId).map((x) => x.id));
        const assets = new Set(s.eco_allocations.filter((al) => audits.has(al.audit_id)).map((al) => al.eco_asset_id));
        return copy(s.eco_assets.filter((e) => assets.has(e.id)).sort((x, y) => byText(y.minted_ts, x.minted_ts) || y.id - x.id));
      }),
    allocations: (ecoAssetId) =>
      a.read((s) =>
        s.eco_allocations
          .filter((al) => al.eco_asset_id === ecoAssetId)
          .map((al) => {
            const audit = s.audits.find((x) => x.id === al.audit_id);
            return {
              ...copy(al),
              signoff_ts: audit?.signoff_ts ?? '',
              doc_key: audit?.doc_key ?? null,
              evidence_mime_type: audit?.doc_mime_type ?? null,
              job_id: audit?.job_id ?? '',
              facility_id: audit?.facility_id ?? 0,
              facility_name: s.facilities.find((f) => f.id === audit?.facility_id)?.name ?? '',
            };
          }),
      ),
  };
}
