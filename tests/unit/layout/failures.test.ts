import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { failureKind } from '../../../src/layout/failures';
import { UnconfirmedSaveError } from '../../../src/providers/statusCall';

describe('failureKind', () => {
  it('tells a 400 and a 404 from the other answers', () => {
    expect(failureKind(new HttpError('bad', 400))).toBe('badRequest');
    expect(failureKind(new HttpError('gone', 404))).toBe('notFound');
    expect(failureKind(new HttpError('boom', 500))).toBe('server');
    expect(failureKind(new HttpError('no', 403))).toBe('server');
  });

  it('takes a 200 without status 1 as a server failure', () => {
    expect(failureKind(new UnconfirmedSaveError('x'))).toBe('server');
  });

  it('takes fetch failing with no answer as a network failure', () => {
    expect(failureKind(new TypeError('Failed to fetch'))).toBe('network');
  });
});
