/**
 * Payloads of the Fleet calls: anomalies, their check, and the
 * burns and facility boxes the map and trends read. Shapes from
 * mock-server/openapi.yaml through generated.ts.
 */
import type { components } from './generated';

type Schemas = components['schemas'];

export type Anomaly = Schemas['Anomaly'];
export type AnomalyCheckRequest = Schemas['AnomalyCheckRequest'];
export type FleetFacility = Schemas['FleetFacility'];
export type FleetBurn = Schemas['FleetBurn'];
export type FleetView = Schemas['FleetView'];

export { ANOMALY_SORT_FIELDS, type AnomalySortField } from '../fleet/anomalies';

/** The longest note a check may carry. */
export const CHECK_NOTE_MAX = 1000;
