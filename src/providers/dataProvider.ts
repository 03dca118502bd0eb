/**
 * The data provider App hands to react-admin: the same methods as
 * apiDataProvider.ts, each loading that module on its first call. The login
 * screen makes no data call, so the REST client, the endpoint table and the
 * custom methods stay out of its bundle.
 */
import type { ApiDataProvider } from './apiDataProvider';

export type { ApiDataProvider } from './apiDataProvider';

export const METHOD_NAMES = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
  'getKilnLog',
  'analyseKilnLog',
  'archiveKilnLog',
  'restoreKilnLog',
  'assignKilnLog',
  'approveKiln',
  'listKilnKeys',
  'listKilnKeyChanges',
  'addKilnKey',
  'approveKilnKey',
  'revokeKilnKey',
  'listKilnCalibrations',
  'approveKilnCalibration',
  'listFacilityChanges',
  'setSignedBurnsOnly',
  'downloadKilnLog',
  'getAuditPackage',
  'getArchiveRetention',
  'listFacilityOptions',
  'uploadFacilityPhoto',
  'uploadFacilityStatement',
  'getDocument',
  'changePassword',
  'signOffAudit',
  'getAuditReport',
  'withdrawAudit',
  'getCo2Summary',
  'getAvailableCo2',
  'listRecentChanges',
  'listUserChanges',
  'releaseUser',
  'listUserFacilities',
  'getStatistics',
  'updateStatistics',
  'getEcoAssetProvenance',
  'getBufferShare',
  'setBufferShare',
  'listBufferShareChanges',
  'retireEcoAsset',
  'getEcoAssetCertificate',
  'listFleetBurns',
  'listFleetAnomalies',
  'checkFleetAnomaly',
  'listLabResults',
  'listEndUses',
  'closeBatch',
  'setBatchEmissions',
  'addLabResult',
  'addEndUse',
  'listLabs',
  'listMethodologies',
  'getAuditCredits',
  'getBatchCredits',
] as const satisfies readonly (keyof ApiDataProvider)[];

// a method added to the provider but not listed above fails to compile here
type Unlisted = Exclude<keyof ApiDataProvider, (typeof METHOD_NAMES)[number]>;
const everyMethodListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyMethodListed;

type AnyMethod = (...args: unknown[]) => Promise<unknown>;
const load = () => import('./apiDataProvider').then((module) => module.dataProvider as unknown as Record<string, AnyMethod>);

/** Starts loading the provider before its first call: the console asks this as it starts, beside react-admin's own start. */
export const preloadDataProvider = (): Promise<void> => load().then(() => undefined);

// each method forwards its arguments unchanged, so the object has the real provider's type
export const dataProvider = Object.fromEntries(
  METHOD_NAMES.map((name) => [name, async (...args: unknown[]) => (await load())[name](...args)]),
) as unknown as ApiDataProvider;
