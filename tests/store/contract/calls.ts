import type { DataStore, StoreParts } from '../../../mock-server/store/dataStore';

/** The areas of `StoreParts`, each a part of the store (mock-server/store/parts/<area>.ts). */
export const STORE_AREAS = [
  'users',
  'facilities',
  'kilns',
  'kilnLogs',
  'audits',
  'ecoAssets',
  'changes',
  'statistics',
  'fleet',
  'calibrations',
  'transparency',
  'batches',
  'labs',
] as const satisfies readonly (keyof StoreParts)[];

/** Every method of every part of a store, as `area.method`. */
export function partMethods(store: StoreParts): string[] {
  return STORE_AREAS.flatMap((area) =>
    Object.entries(store[area])
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => `${area}.${name}`),
  ).sort();
}

/**
 * The store as the contract suite sees it, noting in `called` each part method
 * it calls (`area.method`), in a transaction's parts too.
 */
export function recordingCalls(store: DataStore, called: Set<string>): DataStore {
  const bound = (target: object, value: unknown) => (typeof value === 'function' ? (value as () => unknown).bind(target) : value);
  const recordPart = (part: object, area: string): object =>
    new Proxy(part, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (typeof value !== 'function' || typeof name !== 'string') return value;
        return (...args: unknown[]) => {
          called.add(`${area}.${name}`);
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const recordParts = <S extends object>(parts: S): S =>
    new Proxy(parts, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (typeof name === 'string' && (STORE_AREAS as readonly string[]).includes(name)) return recordPart(value as object, name);
        return bound(target, value);
      },
    });
  const recorded = recordParts(store);
  return new Proxy(recorded, {
    get(target, name, receiver) {
      if (name !== 'transaction') return Reflect.get(target, name, receiver) as unknown;
      return <T>(work: (tx: StoreParts) => Promise<T>) => store.transaction((tx) => work(recordParts(tx)));
    },
  });
}
