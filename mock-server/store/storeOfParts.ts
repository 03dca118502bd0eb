import type { StoreParts } from './dataStore';

/** The parts of a store outside a transaction, shared by both implementations. */
export abstract class StoreOfParts implements StoreParts {
  protected constructor(private readonly parts: StoreParts) {}

  get users() {
    return this.parts.users;
  }
  get facilities() {
    return this.parts.facilities;
  }
  get kilns() {
    return this.parts.kilns;
  }
  get kilnLogs() {
    return this.parts.kilnLogs;
  }
  get audits() {
    return this.parts.audits;
  }
  get ecoAssets() {
    return this.parts.ecoAssets;
  }
  get changes() {
    return this.parts.changes;
  }
  get statistics() {
    return this.parts.statistics;
  }
  get fleet() {
    return this.parts.fleet;
  }
  get calibrations() {
    return this.parts.calibrations;
  }
  get transparency() {
    return this.parts.transparency;
  }
  get batches() {
    return this.parts.batches;
  }
  get labs() {
    return this.parts.labs;
  }
}
