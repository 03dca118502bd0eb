import { describe, expect, it } from 'vitest';
import { partMethods } from './contract/calls';
import { auditsContract } from './contract/audits';
import { batchesContract } from './contract/batches';
import { calibrationsContract } from './contract/calibrations';
import { changesContract } from './contract/changes';
import { ecoAssetsContract } from './contract/ecoAssets';
import { facilitiesContract } from './contract/facilities';
import { fleetContract } from './contract/fleet';
import { kilnLogsContract } from './contract/kilnLogs';
import { kilnsContract } from './contract/kilns';
import { locksContract } from './contract/locks';
import { statisticsContract } from './contract/statistics';
import { transparencyContract } from './contract/transparency';
import { signingKeysContract } from './contract/signingKeys';
import { openEach, type StoreFactory } from './contract/support';
import { userAdministrationContract, usersContract } from './contract/users';
import { wholeStoreContract } from './contract/wholeStore';

export type { StoreFactory } from './contract/support';

/**
 * The store contract: every test runs against each implementation, so the
 * embedded store and PostgreSQL answer the same calls with the same rows and
 * refuse the same things. One module per area, as the engines are split; each
 * area's tests are handed the fresh store of the running test.
 */
export function storeContract(factory: StoreFactory): void {
  const called = new Set<string>();
  const store = openEach(factory, called);
  describe('users', () => usersContract(store));
  describe('user administration', () => userAdministrationContract(store));
  describe('facilities', () => facilitiesContract(store));
  describe('kilns', () => kilnsContract(store));
  describe('kiln calibrations', () => calibrationsContract(store));
  describe('kiln logs', () => kilnLogsContract(store));
  describe('audits', () => auditsContract(store));
  describe('eco assets', () => ecoAssetsContract(store));
  describe('transactions, replacing and file references', () => wholeStoreContract(store));
  describe('changes', () => changesContract(store));
  describe('statistics', () => statisticsContract(store));
  describe('signing keys', () => signingKeysContract(store));
  describe('locked rows', () => locksContract(store));
  describe('fleet records and anomalies', () => fleetContract(store));
  describe('transparency log', () => transparencyContract(store));
  describe('production batches and laboratories', () => batchesContract(store));
  // last: the tests above have run
  it('calls every method of every part of the store', () => {
    expect(partMethods(store()).filter((method) => !called.has(method))).toEqual([]);
  });
}
