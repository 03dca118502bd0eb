/**
 * The store's record model: the records both stores keep and answer, one
 * file per area under model/, independent of the API's payload types (a route
 * turns records into answers). Every collection holds records with a numeric
 * id; binary content (photos, statements, raw burn logs, chart series) lives
 * in file storage and is named by generated keys.
 */
export * from './model/users';
export * from './model/facilities';
export * from './model/kilns';
export * from './model/kilnLogs';
export * from './model/audits';
export * from './model/ecoAssets';
export * from './model/changes';
export * from './model/statistics';
export * from './model/fleet';
export * from './model/calibrations';
export * from './model/transparency';
export * from './model/batches';
