/**
 * The transparency log's public calls, for its page (src/transparency): no token, no react-admin.
 * What they answer is checked in the browser (src/domain/transparency/publicCheck.ts), never taken
 * on the server's word.
 */
import type { InclusionProofResponse } from '../domain/api/transparency';
import type { SigningKey } from '../domain/api/signingKeys';
import { api, data } from './apiClient';

/** GET /api/transparency/checkpoint: the signed note, as text. */
export async function fetchCheckpoint(): Promise<string> {
  return data(await api.GET('/transparency/checkpoint', { parseAs: 'text' }));
}

/** GET /api/signing-keys: every console key, the one in use last. */
export async function fetchSigningKeys(): Promise<SigningKey[]> {
  return data(await api.GET('/signing-keys')).keys;
}

/** GET /api/transparency/entries/{index}: the entry's exact bytes, as hashed into the log. */
export async function fetchEntry(index: number): Promise<Uint8Array> {
  return new Uint8Array(data(await api.GET('/transparency/entries/{index}', { params: { path: { index } }, parseAs: 'arrayBuffer' })));
}

/** GET /api/transparency/proof/inclusion of entry `index` in the tree of `size` entries. */
export async function fetchInclusionProof(index: number, size: number): Promise<InclusionProofResponse> {
  return data(await api.GET('/transparency/proof/inclusion', { params: { query: { index, tree_size: size } } }));
}

/** GET /api/transparency/lookup: the index of the entry a SHA-256 or a transaction id names (a 404 when none). */
export async function lookUpEntry(q: string): Promise<number> {
  return data(await api.GET('/transparency/lookup', { params: { query: { q } } })).index;
}
