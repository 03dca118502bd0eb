import { auditsContract } from './contract/audits';
import { changesContract } from './contract/changes';
import { ecoAssetsContract } from './contract/ecoAssets';
import { facilitiesContract } from './contract/facilities';
import { kilnLogsContract } from './contract/kilnLogs';
import { kilnsContract } from './contract/kilns';
import { statisticsContract } from './contract/statistics';
import type { StoreFactory } from './contract/support';
import { usersContract } from './contract/users';
import { wholeStoreContract } from './contract/wholeStore';

export type { StoreFactory } from './contract/support';

/**
 * The store contract: every test runs against each implementation, so the
 * embedded store and PostgreSQL answer the same calls with the same rows and
 * refuse the same things. One module per area, as the engines are split.
 */
export function storeContract(factory: StoreFactory): void {
  usersContract(factory);
  facilitiesContract(factory);
  kilnsContract(factory);
  kilnLogsContract(factory);
  auditsContract(factory);
  ecoAssetsContract(factory);
  wholeStoreContract(factory);
  changesContract(factory);
  statisticsContract(factory);
}
