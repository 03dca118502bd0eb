/**
 * The TanStack Query keys of the data provider's custom calls, defined once
 * beside the provider: a screen reading a call and a write making it stale
 * name the same key. react-admin keys its own queries by resource first
 * (`[resource, method, params]`), so a key here starts with its resource too
 * and invalidating `[resource]` reaches both.
 */
import type { OperationAction, ResourceName } from '../domain/operations';
import { RESOURCES } from '../domain/operations';
import type { DocumentRef } from './apiMethods';
import type { AnomalyPage } from './fleetMethods';

export const queryKeys = {
  /** every query of a resource, react-admin's and the custom calls' alike */
  resource: (resource: ResourceName) => [resource] as const,
  /** a kiln's keys; its trail's key starts with it, so invalidating the keys refreshes the trail too */
  kilnKeys: (kilnId: number) => ['kilnKeys', kilnId] as const,
  kilnKeyChanges: (kilnId: number) => ['kilnKeys', kilnId, 'changes'] as const,
  kilnCalibrations: (kilnId: number) => ['kilnCalibrations', kilnId] as const,
  facilityChanges: (facilityId: number) => [RESOURCES.facilities, 'changes', facilityId] as const,
  userChanges: (userId: number) => [RESOURCES.users, 'changes', userId] as const,
  bufferShare: [RESOURCES.ecoAssets, 'buffer_share'] as const,
  bufferShareChanges: [RESOURCES.ecoAssets, 'buffer_share', 'changes'] as const,
  availableCo2: [RESOURCES.ecoAssets, 'available_co2'] as const,
  statistics: [RESOURCES.statistics] as const,
  kilnLogDetail: (logId: number) => [RESOURCES.kilnLogs, 'detail', logId] as const,
  archiveRetention: [RESOURCES.archivedKilnLogs, 'retention'] as const,
  userFacilityOptions: [RESOURCES.users, 'facilityOptions'] as const,
  ecoAssetProvenance: (id: number) => [RESOURCES.ecoAssets, 'provenance', id] as const,
  /** react-admin's cached lists and records of a resource: a record leaving the resource leaves them */
  recordLists: (resource: ResourceName) =>
    [
      [resource, 'getList'],
      [resource, 'getMany'],
      [resource, 'getManyReference'],
    ] as const,
  /** a document shown in the viewer */
  document: (ref: DocumentRef) => ['document', ref] as const,
  /** a facility's photo thumbnail: a new upload is a new key */
  facilityThumbnail: (facilityId: number, uploadedTs: string | null | undefined) => ['facilityThumb', facilityId, uploadedTs] as const,
  carbonSummary: [RESOURCES.audits, 'co2Summary'] as const,
  facilityDropdown: [RESOURCES.facilities, 'dropdown'] as const,
  recentChanges: [RESOURCES.changes, 'recent'] as const,
  /** everything the Fleet screen reads: a check makes it all stale */
  fleet: [RESOURCES.fleet] as const,
  fleetView: (facilityId: number | null) => [RESOURCES.fleet, 'view', facilityId] as const,
  anomalies: ({ filter, page, perPage }: AnomalyPage) => [RESOURCES.fleet, 'anomalies', filter, page, perPage] as const,
};

/**
 * The key of a write (a TanStack mutation): the resource and the action of the
 * operation table it is guarded by, e.g. `[photos, upload]`.
 */
export const writeKey = (resource: ResourceName, action: OperationAction) => [resource, action] as const;
