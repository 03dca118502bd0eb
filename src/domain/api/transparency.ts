/** Payloads of the transparency log's proofs (GET /api/transparency/proof/…). Shapes from mock-server/openapi.yaml through generated.ts. */
import type { components } from './generated';

export type InclusionProofResponse = components['schemas']['InclusionProof'];
export type ConsistencyProofResponse = components['schemas']['ConsistencyProof'];
export type TransparencyLookupResponse = components['schemas']['TransparencyLookup'];
