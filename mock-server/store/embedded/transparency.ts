import { nodeKey, type TransparencyStore } from '../parts/transparency';
import { appendRows, fromHex, nodesToAppend } from '../transparencyAppend';
import type { Access } from './access';
import type { EmbeddedShape } from './state';

function nodesOf(s: EmbeddedShape, ids: readonly { level: number; index: number }[]) {
  const wanted = new Set(ids.map(({ level, index }) => nodeKey(level, index)));
  return new Map(
    s.transparency_nodes.filter((n) => wanted.has(nodeKey(n.level, n.idx))).map((n) => [nodeKey(n.level, n.idx), fromHex(n.hash)]),
  );
}

/** The log in db.json: entries in index order, and the tree's complete subtrees. */
export function embeddedTransparency(a: Access): TransparencyStore {
  return {
    append: (entry, loggedTs, subject) =>
      a.write((s, m) => {
        if (s.transparency_entries.some((e) => e.subject === subject))
          throw new Error(`The transparency log holds an entry of ${subject} already.`);
        const idx = s.transparency_entries.length;
        const nodes = appendRows(idx, entry, nodesOf(s, nodesToAppend(idx)));
        m.insert('transparency_entries', { idx, entry, logged_ts: loggedTs, subject });
        for (const node of nodes) m.insert('transparency_nodes', node);
        return idx;
      }),
    indexOf: (subject) => a.read((s) => s.transparency_entries.find((e) => e.subject === subject)?.idx ?? null),
    addLookup: (key, index) =>
      a.write((s, m) => {
        if (s.transparency_lookups.some((l) => l.key === key)) throw new Error(`The transparency log files an entry under ${key} already.`);
        if (!s.transparency_entries[index]) throw new Error(`The transparency log holds no entry ${index}.`);
        m.insert('transparency_lookups', { key, idx: index });
      }),
    lookup: (key) => a.read((s) => s.transparency_lookups.find((l) => l.key === key)?.idx ?? null),
    size: () => a.read((s) => s.transparency_entries.length),
    entry: (index) =>
      a.read((s) => {
        const row = Number.isSafeInteger(index) && index >= 0 ? s.transparency_entries[index] : undefined;
        return row ? { entry: row.entry, logged_ts: row.logged_ts } : null;
      }),
    actRecords: () =>
      a.read((s) => ({
        kilnlogs: s.kilnlogs.map(({ id, kiln_id, sha256, key_fingerprint, upload_ts }) => ({
          id,
          kiln_id,
          sha256,
          key_fingerprint,
          upload_ts,
        })),
        audits: s.audits.map((row) => ({ ...row })),
        eco_assets: s.eco_assets.map((row) => ({ ...row })),
        eco_allocations: s.eco_allocations.map((row) => ({ ...row })),
        eco_retirements: s.eco_retirements.map((row) => ({ ...row })),
        kiln_keys: s.kiln_keys.map((row) => ({ ...row })),
        kiln_calibrations: s.kiln_calibrations.map((row) => ({ ...row })),
        lab_keys: s.lab_keys.map((row) => ({ ...row })),
      })),
    nodes: (ids) => a.read((s) => nodesOf(s, ids)),
  };
}
