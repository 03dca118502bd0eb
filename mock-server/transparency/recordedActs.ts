import type { TransparencyEntry } from '../../src/domain/transparency/entries';
import type { DataStore, StoreParts } from '../store/dataStore';
import { calibrationEntry, issuanceEntry, kilnKeyEntry, kilnLogEntry, labKeyEntry, retirementEntry } from './acts';
import { logAct } from './log';

/**
 * The store methods that are acts of the transparency log, and the entries each one's answer
 * makes. Wrapping the store (recordingActs) rather than each handler means no path that writes
 * one of these can leave it out of the log: a handler, the start-up upgrade or a tool.
 * A signoff is not here: its entry holds its package's manifest, which only the signoff's
 * handler makes (audits/routes.ts).
 */
type Answer<P extends keyof StoreParts, M extends keyof StoreParts[P]> = StoreParts[P][M] extends (...args: never[]) => Promise<infer R>
  ? R
  : never;
type ActsOf<P extends keyof StoreParts> = {
  [M in keyof StoreParts[P]]?: (answer: Answer<P, M>, tx: StoreParts) => Promise<TransparencyEntry[]>;
};
type Acts = { [P in keyof StoreParts]?: ActsOf<P> };

export const ACTS = {
  kilnLogs: {
    insert: async (log) => [kilnLogEntry(log)],
  },
  ecoAssets: {
    mint: async ({ asset }, tx) => [issuanceEntry(asset, await tx.ecoAssets.allocations(asset.id))],
    retire: async (retired) => (retired ? [retirementEntry(retired.retirement)] : []),
  },
  kilns: {
    addKey: async (key) => (key.approved_ts !== null ? [kilnKeyEntry('approve', key, key.approved_ts)] : []),
    approveKey: async (done) =>
      done?.approved && done.key.approved_ts !== null ? [kilnKeyEntry('approve', done.key, done.key.approved_ts)] : [],
    revokeKey: async (done) =>
      done?.revoked && done.key.revoked_ts !== null ? [kilnKeyEntry('revoke', done.key, done.key.revoked_ts)] : [],
  },
  labs: {
    addKey: async (key) => [labKeyEntry('register', key, key.registered_ts)],
    revokeKey: async (done) =>
      done?.revoked && done.key.revoked_ts !== null ? [labKeyEntry('revoke', done.key, done.key.revoked_ts)] : [],
  },
  calibrations: {
    add: async (calibration) => (calibration.approved_ts !== null ? [calibrationEntry(calibration)] : []),
    approve: async (done) => (done?.outcome === 'approved' ? [calibrationEntry(done.calibration)] : []),
  },
} satisfies Acts;

type Method = (...args: unknown[]) => Promise<unknown>;
type Entries = (answer: unknown, tx: StoreParts) => Promise<TransparencyEntry[]>;

/** The part with each act's method appending its entries after it, in the transaction `tx` is bound to. */
function recordingPart<P extends keyof StoreParts>(tx: StoreParts, part: P): StoreParts[P] {
  const acts = (ACTS as Acts)[part] as Record<string, Entries> | undefined;
  if (!acts) return tx[part];
  return new Proxy(tx[part], {
    get(target, name, receiver) {
      const method = Reflect.get(target, name, receiver) as unknown;
      const entriesOf = typeof name === 'string' ? acts[name] : undefined;
      if (!entriesOf || typeof method !== 'function') return method;
      return async (...args: unknown[]) => {
        const answer = await (method as Method).apply(target, args);
        const loggedTs = new Date().toISOString();
        for (const entry of await entriesOf(answer, tx)) await logAct(tx.transparency, entry, loggedTs);
        return answer;
      };
    },
  });
}

/** The transaction's parts, each act among them recording itself. */
const recordingParts = (tx: StoreParts): StoreParts =>
  new Proxy(tx, {
    get: (target, name, receiver) =>
      typeof name === 'string' && name in ACTS ? recordingPart(target, name as keyof typeof ACTS) : Reflect.get(target, name, receiver),
  });

/**
 * The store with every act recorded in the transparency log in the act's own transaction: an act
 * called on the store itself runs in a transaction of its own, one called inside `transaction`
 * in that one. Nothing else changes.
 */
export function recordingActs(store: DataStore): DataStore {
  const outside = (part: keyof typeof ACTS) =>
    new Proxy(store[part], {
      get(target, name, receiver) {
        const method = Reflect.get(target, name, receiver) as unknown;
        if (typeof name !== 'string' || !(name in ACTS[part]) || typeof method !== 'function') return method;
        return (...args: unknown[]) => store.transaction((tx) => (Reflect.get(recordingPart(tx, part), name) as Method)(...args));
      },
    });
  const parts = Object.fromEntries((Object.keys(ACTS) as (keyof typeof ACTS)[]).map((part) => [part, outside(part)]));
  return new Proxy(store, {
    get(target, name) {
      if (name === 'transaction') return <T>(fn: (tx: StoreParts) => Promise<T>) => target.transaction((tx) => fn(recordingParts(tx)));
      if (typeof name === 'string' && name in parts) return parts[name];
      // read on the store itself, so its getters and methods see it and not the wrapper
      const value = Reflect.get(target, name) as unknown;
      return typeof value === 'function' ? (value as Method).bind(target) : value;
    },
  });
}
