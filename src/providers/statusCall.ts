import type { StatusResponse } from '../domain/api/configure';
import { apiFetch } from './httpClient';

/** A 200 whose body is not `{status: 1}`: the spec counts only status 1 as success. */
export class UnconfirmedSaveError extends Error {
  override name = 'UnconfirmedSaveError';
}

/** POST `body` as JSON to `path`; resolves only when the server answers `{status: 1}` (docs/product.md#calls). */
export async function postForStatus<T extends StatusResponse = StatusResponse>(path: string, body: unknown): Promise<T> {
  const { json } = await apiFetch(path, { method: 'POST', body: JSON.stringify(body) });
  return confirmedStatus<T>(json, path);
}

/** The answer, when it is `{status: 1, …}`; otherwise an UnconfirmedSaveError. */
export function confirmedStatus<T extends StatusResponse = StatusResponse>(json: unknown, path: string): T {
  if ((json as { status?: unknown } | null)?.status !== 1) throw new UnconfirmedSaveError(`${path} did not answer status 1.`);
  return json as T;
}
