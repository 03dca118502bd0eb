/**
 * Payloads of the eco-asset calls (docs/product.md#eco-asset, docs/product.md#audit-allocation,
 * docs/product.md#available-co2-response, docs/product.md#mint-payload; docs/product.md#calls), named for the console and the
 * API server. The shapes come from mock-server/openapi.yaml through generated.ts.
 */
import type { components } from './generated';

type Schemas = components['schemas'];

export type EcoAsset = Schemas['EcoAsset'];
export type EcoAssetListResponse = Schemas['EcoAssetListResponse'];
/** An eco asset in a facility's list, with the part drawn from that facility. */
export type FacilityEcoAsset = Schemas['FacilityEcoAsset'];
/** One signed-off audit an eco asset draws on; signoff_id is the audit's id. */
export type AuditAllocation = Schemas['AuditAllocation'];
export type EcoAssetAuditsResponse = Schemas['EcoAssetAuditsResponse'];
export type AvailableAudit = Schemas['AvailableAudit'];
export type FacilityAvailableCo2 = Schemas['FacilityAvailableCo2'];
export type AvailableCo2Response = Schemas['AvailableCo2Response'];
/** POST /api/eco-asset/mint: co2_utilisation maps a signoff id to kg. */
export type MintPayload = Schemas['MintPayload'];
export type MintResult = Schemas['MintResult'];
export type ProvenanceBurn = Schemas['ProvenanceBurn'];
export type ProvenanceAllocation = Schemas['ProvenanceAllocation'];
export type EcoAssetProvenance = Schemas['EcoAssetProvenance'];
export type EcoRetirement = Schemas['EcoRetirement'];
/** POST /api/eco-asset/{id}/retire */
export type RetirePayload = Schemas['RetirePayload'];
export type RetireResult = Schemas['RetireResult'];
/** GET and PUT /api/eco-asset/buffer_share */
export type BufferShare = Schemas['BufferShare'];
export type BufferSharePayload = Schemas['BufferSharePayload'];
/** GET /api/eco-asset/buffer_share/changes: one entry of the buffer share's trail */
export type BufferShareChange = Schemas['BufferShareChange'];
