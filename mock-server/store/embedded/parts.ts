import type { StoreParts } from '../dataStore';
import type { Access } from './access';
import { embeddedAudits } from './audits';
import { embeddedBatches, embeddedLabs } from './batches';
import { embeddedCalibrations } from './calibrations';
import { embeddedChanges } from './changes';
import { embeddedEcoAssets } from './ecoAssets';
import { embeddedFacilities } from './facilities';
import { embeddedFleet } from './fleet';
import { embeddedKilnLogs } from './kilnLogs';
import { embeddedKilns } from './kilns';
import { embeddedStatistics } from './statistics';
import { embeddedTransparency } from './transparency';
import { embeddedUsers } from './users';

/** Every part of the embedded store, one file per area, reaching the state through one access. */

export function embeddedParts(access: Access): StoreParts {
  return {
    users: embeddedUsers(access),
    facilities: embeddedFacilities(access),
    kilns: embeddedKilns(access),
    kilnLogs: embeddedKilnLogs(access),
    audits: embeddedAudits(access),
    ecoAssets: embeddedEcoAssets(access),
    changes: embeddedChanges(access),
    statistics: embeddedStatistics(access),
    fleet: embeddedFleet(access),
    calibrations: embeddedCalibrations(access),
    transparency: embeddedTransparency(access),
    batches: embeddedBatches(access),
    labs: embeddedLabs(access),
  };
}
