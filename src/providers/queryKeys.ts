/**
 * The TanStack Query keys of the data provider's custom calls, defined once
 * beside the provider and each named by the operationId of the call it caches
 * (a whole group's key by what it groups): a screen reading a call and a write
 * making it stale name the same key. react-admin keys its own queries by resource first
 * (`[resource, method, params]`), so a key here starts with its resource too
 * and invalidating `[resource]` reaches both.
 */
import type { OperationId } from '../domain/api/operationIds';
import type { ResourceName } from '../domain/operations';
import { RESOURCES } from '../domain/operations';
import type { DocumentRef } from './apiMethods';
import type { AnomalyPage } from './fleetMethods';

export const queryKeys = {
  /** every query of a resource, react-admin's and the custom calls' alike */
  resource: (resource: ResourceName) => [resource] as const,
  /** a kiln's keys; its trail's key starts with it, so invalidating the keys refreshes the trail too */
  listKilnKeys: (kilnId: number) => ['kilnKeys', kilnId] as const,
  listKilnKeyChanges: (kilnId: number) => ['kilnKeys', kilnId, 'changes'] as const,
  listKilnCalibrations: (kilnId: number) => ['kilnCalibrations', kilnId] as const,
  listFacilityChanges: (facilityId: number) => [RESOURCES.facilities, 'changes', facilityId] as const,
  listUserChanges: (userId: number) => [RESOURCES.users, 'changes', userId] as const,
  getBufferShare: [RESOURCES.ecoAssets, 'buffer_share'] as const,
  listBufferShareChanges: [RESOURCES.ecoAssets, 'buffer_share', 'changes'] as const,
  getAvailableCo2: [RESOURCES.ecoAssets, 'available_co2'] as const,
  getStatistics: [RESOURCES.statistics] as const,
  getKilnLog: (logId: number) => [RESOURCES.kilnLogs, 'detail', logId] as const,
  getArchiveRetention: [RESOURCES.archivedKilnLogs, 'retention'] as const,
  listUserFacilities: [RESOURCES.users, 'facilityOptions'] as const,
  getEcoAssetProvenance: (id: number) => [RESOURCES.ecoAssets, 'provenance', id] as const,
  /** react-admin's cached lists and records of a resource: a record leaving the resource leaves them */
  recordLists: (resource: ResourceName) =>
    [
      [resource, 'getList'],
      [resource, 'getMany'],
      [resource, 'getManyReference'],
    ] as const,
  /** a document shown in the viewer */
  getDocument: (ref: DocumentRef) => ['document', ref] as const,
  /** a facility's photo thumbnail: a new upload is a new key */
  getFacilityPhoto: (facilityId: number, uploadedTs: string | null | undefined) => ['facilityThumb', facilityId, uploadedTs] as const,
  getCo2Summary: [RESOURCES.audits, 'co2Summary'] as const,
  listFacilityOptions: [RESOURCES.facilities, 'dropdown'] as const,
  listRecentChanges: [RESOURCES.changes, 'recent'] as const,
  listLabResults: (batchId: number) => [RESOURCES.batches, 'labResults', batchId] as const,
  listEndUses: (batchId: number) => [RESOURCES.batches, 'endUses', batchId] as const,
  getBatchCredits: (batchId: number) => [RESOURCES.batches, 'credits', batchId] as const,
  listLabs: [RESOURCES.labs] as const,
  listMethodologies: [RESOURCES.methodologies] as const,
  getAuditCredits: (auditId: number) => [RESOURCES.credits, 'audit', auditId] as const,
  /** everything the Fleet screen reads: a check makes it all stale */
  fleet: [RESOURCES.fleet] as const,
  listFleetBurns: (facilityId: number | null) => [RESOURCES.fleet, 'view', facilityId] as const,
  listFleetAnomalies: ({ filter, page, perPage }: AnomalyPage) => [RESOURCES.fleet, 'anomalies', filter, page, perPage] as const,
};

/** The key of a write (a TanStack mutation): the contract's operationId of the call it makes, e.g. `['write', 'uploadFacilityPhoto']`. */
export const writeKey = (operationId: OperationId) => ['write', operationId] as const;
