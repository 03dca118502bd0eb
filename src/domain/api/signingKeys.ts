/** Payload of GET /api/signing-keys. Shape from mock-server/openapi.yaml through generated.ts. */
import type { components } from './generated';

export type SigningKeysResponse = components['schemas']['SigningKeys'];
export type SigningKey = SigningKeysResponse['keys'][number];
