import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { shouldRetry } from '../../../src/providers/queryClient';

describe('query retries', () => {
  it('does not retry client errors', () => {
    for (const status of [400, 401, 403, 404, 409]) expect(shouldRetry(0, new HttpError('x', status))).toBe(false);
  });

  it('retries server and network failures twice', () => {
    expect(shouldRetry(0, new HttpError('x', 503))).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new HttpError('x', 500))).toBe(false);
  });
});
