import type { StoreParts } from '../dataStore';
import type { Db } from './atomic';
import { postgresAudits } from './audits';
import { postgresBatches, postgresLabs } from './batches';
import { postgresCalibrations } from './calibrations';
import { postgresChanges } from './changes';
import { postgresEcoAssets } from './ecoAssets';
import { postgresFacilities } from './facilities';
import { postgresFleet } from './fleet';
import { postgresKilnLogs } from './kilnLogs';
import { postgresKilns } from './kilns';
import { postgresStatistics } from './statistics';
import { postgresTransparency } from './transparency';
import { postgresUsers } from './users';

/** Every part of the PostgreSQL store, one file per area, on one connection or transaction. */
export function postgresParts(db: Db): StoreParts {
  return {
    users: postgresUsers(db),
    facilities: postgresFacilities(db),
    kilns: postgresKilns(db),
    kilnLogs: postgresKilnLogs(db),
    audits: postgresAudits(db),
    ecoAssets: postgresEcoAssets(db),
    changes: postgresChanges(db),
    statistics: postgresStatistics(db),
    fleet: postgresFleet(db),
    calibrations: postgresCalibrations(db),
    transparency: postgresTransparency(db),
    batches: postgresBatches(db),
    labs: postgresLabs(db),
  };
}
