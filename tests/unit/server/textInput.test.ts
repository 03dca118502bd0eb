import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../../mock-server/http/errors';
import { controlCharacterPath } from '../../../mock-server/http/plainText';
import { withBoundedRequestIntegers } from '../../../mock-server/http/requestIntegers';
import { isUnsafeLine, isUnsafeText, MAX_RECORD_ID } from '../../../src/domain/validation';

describe('controlCharacterPath', () => {
  it('names the first string or key holding a control character other than tab and line breaks', () => {
    expect(controlCharacterPath({ a: 'x\ty\r\nz', b: ['ok', { c: 'a\u0000b' }] }, '')).toBe('b.1.c');
    expect(controlCharacterPath({ map: { 'k\u0007': 1 } }, '')).toBe('map');
    expect(controlCharacterPath(['\u007f'], 'filter')).toBe('filter.0');
    expect(controlCharacterPath({ a: 'x\u0085' }, '')).toBe('a');
    expect(controlCharacterPath({ a: 'plain', n: 1, t: true, z: null }, '')).toBeUndefined();
  });

  it('walks a body thousands of levels deep without recursion', () => {
    const deep = JSON.parse('['.repeat(20_000) + '"\\u0000"' + ']'.repeat(20_000)) as unknown;
    expect(controlCharacterPath(deep, '')).toMatch(/^0(\.0)*$/);
  });
});

describe('the text formats', () => {
  it.each(['a\tb', 'a\nb', 'a\u0001b', 'a\u202ab', 'a\u202eb', 'a\u2066b', 'a\u2069b', 'a\u200eb', 'a\u200fb', 'a\u061cb', 'a\u2028b'])(
    'single-line refuses %j',
    (text) => expect(isUnsafeLine(text)).toBe(true),
  );

  it('multi-line keeps tabs and line breaks, and refuses the bidirectional controls and other controls', () => {
    expect(isUnsafeText('one\r\n\ttwo')).toBe(false);
    expect(isUnsafeText('a\u202eb')).toBe(true);
    expect(isUnsafeText('a\u0000b')).toBe(true);
    expect(isUnsafeLine('Kiln yard, Nakuru – Ålesund 日本')).toBe(false);
  });
});

describe('withBoundedRequestIntegers', () => {
  it('bounds every request integer, through references, and leaves responses and stated maxima alone', () => {
    const raw = {
      paths: {
        '/x/{id}': {
          parameters: [{ $ref: '#/components/parameters/Id' }],
          post: {
            parameters: [{ name: 'n', in: 'query', schema: { type: 'integer', maximum: 5 } }],
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Body' } } } },
            responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Answer' } } } } },
          },
        },
      },
      components: {
        parameters: { Id: { name: 'id', in: 'path', schema: { type: 'integer', minimum: 1 } } },
        schemas: {
          Body: { type: 'object', properties: { ids: { type: 'array', items: { type: ['integer', 'null'] } }, kg: { type: 'number' } } },
          Answer: { type: 'object', properties: { total: { type: 'integer' } } },
        },
      },
    };
    const doc = withBoundedRequestIntegers(raw) as typeof raw;
    expect(doc.components.parameters.Id.schema).toEqual({ type: 'integer', minimum: 1, maximum: MAX_RECORD_ID });
    expect(doc.paths['/x/{id}'].post.parameters[0].schema).toEqual({ type: 'integer', maximum: 5 });
    expect(doc.components.schemas.Body.properties.ids.items).toEqual({ type: ['integer', 'null'], maximum: MAX_RECORD_ID });
    expect(doc.components.schemas.Body.properties.kg).toEqual({ type: 'number' });
    expect(doc.components.schemas.Answer.properties.total).toEqual({ type: 'integer' });
    // the document read from the file is not changed
    expect(raw.components.parameters.Id.schema).toEqual({ type: 'integer', minimum: 1 });
  });
});

describe('errorHandler', () => {
  it.each(['22003', '22P05', '22021'])('answers 400, not 500, to a value PostgreSQL refused (SQLSTATE %s)', async (code) => {
    const app = express();
    app.get('/', () => {
      throw Object.assign(new Error('value the database refused'), { code });
    });
    app.use(errorHandler);
    const res = await request(app).get('/');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/out of range, or holds a character/);
  });
});
