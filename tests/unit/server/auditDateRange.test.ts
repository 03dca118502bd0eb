import { describe, expect, it } from 'vitest';
import { signoffRange } from '../../../mock-server/audits/dateRange';
import { HttpError } from '../../../mock-server/http/errors';

describe('signoffRange: the audit history from/to as ISO instants', () => {
  it('takes a date as its whole UTC day, from its first to its last millisecond', () => {
    expect(signoffRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-31T23:59:59.999Z',
    });
  });

  it('takes an ISO date-time with a zone as that instant, in UTC', () => {
    expect(signoffRange({ from: '2026-03-01T08:30+03:00', to: '2026-03-01T12:00:00.5Z' })).toEqual({
      from: '2026-03-01T05:30:00.000Z',
      to: '2026-03-01T12:00:00.500Z',
    });
  });

  it('leaves an absent or empty bound open', () => {
    expect(signoffRange({})).toEqual({ from: undefined, to: undefined });
    expect(signoffRange({ from: '', to: undefined })).toEqual({ from: undefined, to: undefined });
  });

  it.each([
    ['from', 'yesterday'],
    ['to', '2026-02-30'],
    ['from', '2026-03-01T08:30'],
    ['to', '2026-13-01'],
    ['from', ['2026-03-01']],
  ])('is a 400 naming %s for %j', (field, value) => {
    let caught: unknown;
    try {
      signoffRange({ [field]: value });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(HttpError);
    expect((caught as HttpError).status).toBe(400);
    expect(Object.keys((caught as HttpError).errors ?? {})).toEqual([field]);
  });
});
