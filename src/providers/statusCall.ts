import type { StatusResponse } from '../domain/api/configure';

/** A 200 whose body is not `{status: 1}`: the spec counts only status 1 as success. */
export class UnconfirmedSaveError extends Error {
  override name = 'UnconfirmedSaveError';
}

/**
 * The answer of a save, when it is `{status: 1, …}`; otherwise an UnconfirmedSaveError
 * (docs/product.md#calls). The contract promises status 1; a backend that answers
 * 200 without it has still not saved, so the console checks it, once, here.
 */
export function confirmedStatus<T extends StatusResponse>(answer: T, call: string): T {
  // `?.`: an empty 200 has no answer at all
  if (answer?.status !== 1) throw new UnconfirmedSaveError(`${call} did not answer status 1.`);
  return answer;
}
