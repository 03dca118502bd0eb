/**
 * The data provider App hands to react-admin: the same methods as
 * apiDataProvider.ts, each loading that module on its first call. The login
 * screen makes no data call, so the REST client, the endpoint table and the
 * custom methods stay out of its bundle.
 */
import type { ApiDataProvider } from './apiDataProvider';

export type { ApiDataProvider } from './apiDataProvider';

const METHOD_NAMES = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
  'getKilnLogDetail',
  'analyseKilnLog',
  'archiveKilnLog',
  'restoreKilnLog',
  'assignKilnLog',
  'approveKiln',
  'getKilnKeys',
  'getKilnKeyChanges',
  'addKilnKey',
  'approveKilnKey',
  'revokeKilnKey',
  'getKilnCalibrations',
  'approveKilnCalibration',
  'getFacilityChanges',
  'setSignedBurnsOnly',
  'downloadKilnLog',
  'downloadAuditPackage',
  'getArchiveRetention',
  'getFacilityDropdown',
  'uploadFacilityPhoto',
  'uploadFacilityStatement',
  'getDocument',
  'updatePassword',
  'signoffAudit',
  'downloadAuditReport',
  'withdrawAudit',
  'getCarbonSummary',
  'getAvailableCo2',
  'getRecentChanges',
  'getUserChanges',
  'releaseUser',
  'getUserFacilityOptions',
  'getStatistics',
  'updateStatistics',
  'getEcoAssetProvenance',
  'getBufferShare',
  'setBufferShare',
  'getBufferShareChanges',
  'retireEcoAsset',
  'downloadEcoAssetCertificate',
  'getFleetView',
  'getAnomalies',
  'checkAnomaly',
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
