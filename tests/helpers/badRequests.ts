import fc from 'fast-check';
import type { OpenApiDocument, OpenApiOperation, OpenApiParameter } from '../../mock-server/http/openapiDocument';

/**
 * Requests that break an operation of openapi.yaml, generated from the
 * document itself: every one carries at least one defect the document rules
 * out (a missing or mistyped field, a value out of bounds, a path trick, a
 * body that is not what the call takes), so a kept contract answers each
 * with a 4xx and stores nothing. Odd Unicode rides along in every string.
 */

export interface BadRequest {
  method: string;
  /** the path under /api with its query */
  url: string;
  contentType?: string;
  body?: string | Buffer;
  /** what makes it bad, for the failure message */
  defect: string;
}

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  oneOf?: Schema[];
  anyOf?: Schema[];
};

/** strings a careless parser trips on: controls, lone surrogates, bidi overrides, look-alikes, combining marks */
export const ODD_STRINGS = [
  '\u0000',
  '\ud800',
  '\u202eevil',
  'ＫＩＬＮ－１',
  'e\u0301\u0301\u0301',
  '\ufeff',
  '💩'.repeat(40),
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '${jndi:ldap://x}',
  '%00%2e%2e%2f',
  '\r\nSet-Cookie: x=1',
];

const PATH_TRICKS = [
  '..%2F..%2Fdb.json',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....%2F%2F',
  '%00',
  '%E2%80%AE',
  'a'.repeat(3000),
  '%F0%9F%92%A9',
  '1%3B1',
];

// none of these reads as an integer, even to a validator that coerces strings ('0x10', ' 1', '' or 'true' would)
const NOT_INTEGERS = ['abc', '1.5', '%D9%A1', 'NaN', '9'.repeat(400), '1%2C2', '-'];

/** values that are no integer the schema allows: not integers at all, or just outside its bounds */
function badIntegers(s: Schema): string[] {
  return [
    ...NOT_INTEGERS,
    ...(s.minimum === undefined ? [] : [String(s.minimum - 1)]),
    ...(s.maximum === undefined ? [] : [String(s.maximum + 1)]),
  ];
}

function resolve(doc: OpenApiDocument, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  while (s.$ref) {
    s = s.$ref
      .slice(2)
      .split('/')
      .reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, doc.raw) as Schema;
  }
  return s;
}

const types = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** a value of the schema when one is easy to make; the base a defect is put into */
function sample(doc: OpenApiDocument, schema: Schema | undefined, odd: string): unknown {
  const s = resolve(doc, schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const branch = s.oneOf?.[0] ?? s.anyOf?.[0];
  if (branch) return sample(doc, branch, odd);
  const t = types(s).find((x) => x !== 'null') ?? 'string';
  switch (t) {
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k) => [k, sample(doc, s.properties?.[k], odd)]));
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => sample(doc, s.items, odd));
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return s.format === 'date' ? '2026-01-01' : odd;
  }
}

/** a value of a JSON type the schema does not allow, or undefined when it allows any */
function wrongTypeFor(s: Schema): unknown {
  const allowed = types(s);
  if (allowed.length === 0 || s.oneOf || s.anyOf) return undefined;
  const candidates: [string, unknown][] = [
    ['string', 'not-this-type'],
    ['integer', 12.5],
    ['boolean', false],
    ['array', [[]]],
    ['object', { nested: { deeper: 1 } }],
    ['null', null],
  ];
  const ok = (type: string) => allowed.includes(type) || (type === 'integer' && allowed.includes('number'));
  return candidates.find(([type]) => !ok(type))?.[1];
}

/** the defects the document rules out for one JSON body */
function bodyDefects(doc: OpenApiDocument, schema: Schema, odd: string): { defect: string; body: unknown }[] {
  const base = sample(doc, schema, odd) as Record<string, unknown>;
  const s = resolve(doc, schema);
  const out: { defect: string; body: unknown }[] = [
    { defect: 'a JSON array instead of an object', body: [base] },
    { defect: 'a JSON string instead of an object', body: odd },
    { defect: 'JSON null', body: null },
  ];
  if (s.additionalProperties === false) out.push({ defect: 'an unknown field', body: { ...base, ['x' + odd]: 1 } });
  for (const name of s.required ?? []) {
    const { [name]: _gone, ...rest } = base;
    out.push({ defect: `no ${name}`, body: rest });
  }
  for (const [name, raw] of Object.entries(s.properties ?? {})) {
    const prop = resolve(doc, raw);
    const wrong = wrongTypeFor(prop);
    if (wrong !== undefined) out.push({ defect: `${name} of a wrong type`, body: { ...base, [name]: wrong } });
    if (prop.maxLength !== undefined) out.push({ defect: `${name} too long`, body: { ...base, [name]: 'x'.repeat(prop.maxLength + 1) } });
    if ((prop.minLength ?? 0) > 0) out.push({ defect: `${name} empty`, body: { ...base, [name]: '' } });
    if (prop.minimum !== undefined) out.push({ defect: `${name} below its minimum`, body: { ...base, [name]: prop.minimum - 1 } });
    if (prop.maximum !== undefined) out.push({ defect: `${name} above its maximum`, body: { ...base, [name]: prop.maximum + 1 } });
    if (prop.enum && prop.enum.every((v) => v !== odd))
      out.push({ defect: `${name} not one of its values`, body: { ...base, [name]: odd } });
  }
  return out;
}

function pathWithValues(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name]);
}

/** a valid-looking value for a path parameter, so only the defect in focus is wrong */
const plausible = (p: OpenApiParameter): string => (types(p.schema as Schema).includes('integer') ? '1' : 'superadmin');

export function badRequestsFor(doc: OpenApiDocument, op: OpenApiOperation): fc.Arbitrary<BadRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const normalPath = pathWithValues(op.template, Object.fromEntries(pathParams.map((p) => [p.name, plausible(p)])));
  const bodyOp = (doc.raw.paths as Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>)[
    op.template
  ][op.method.toLowerCase()];
  const content = bodyOp.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const takesMultipart = 'multipart/form-data' in content;
  const odd = fc.constantFrom(...ODD_STRINGS);
  const variants: fc.Arbitrary<BadRequest>[] = [];

  // a path parameter that is not what the document allows
  for (const p of pathParams) {
    const tricks = types(p.schema as Schema).includes('integer') ? [...badIntegers(p.schema as Schema), ...PATH_TRICKS] : PATH_TRICKS;
    variants.push(
      fc.constantFrom(...tricks).map((trick) => ({
        method: op.method,
        url: pathWithValues(op.template, Object.fromEntries(pathParams.map((q) => [q.name, q === p ? trick : plausible(q)]))),
        contentType: jsonSchema ? 'application/json' : undefined,
        body: jsonSchema ? JSON.stringify(sample(doc, jsonSchema, 'x')) : undefined,
        defect: `path parameter ${p.name} = ${trick.slice(0, 40)}`,
      })),
    );
  }

  // a query parameter of the wrong kind, or a required one left out
  for (const p of queryParams) {
    const s = (p.schema ?? {}) as Schema;
    const bad: string[] = types(s).includes('integer') ? badIntegers(s) : s.enum ? ['not-a-choice'] : [];
    // the JSON-valued simple-REST parameters: unparsable, or the wrong shape
    if (['sort', 'range', 'filter'].includes(p.name)) bad.push('[0,', '{"nope":1}', '"text"', '[[[]]]', '[1,2,3,4,5]');
    if (bad.length > 0) {
      variants.push(
        fc.constantFrom(...bad).map((value) => ({
          method: op.method,
          url: `${normalPath}?${new URLSearchParams({ [p.name]: value }).toString()}`,
          defect: `query ${p.name} = ${value.slice(0, 40)}`,
        })),
      );
    }
  }
  const required = queryParams.filter((p) => p.required);
  if (required.length > 0) {
    variants.push(fc.constant({ method: op.method, url: normalPath, defect: `no ${required.map((p) => p.name).join(', ')} in the query` }));
  }

  if (jsonSchema) {
    variants.push(
      odd.chain((text) =>
        fc.constantFrom(...bodyDefects(doc, jsonSchema, text)).map(({ defect, body }) => ({
          method: op.method,
          url: normalPath,
          contentType: 'application/json',
          body: JSON.stringify(body),
          defect,
        })),
      ),
      fc.constantFrom('{"a":', '{,}', '\u0000', '', 'null null', '{"__proto__":{"isAdmin":true}}').map((text) => ({
        method: op.method,
        url: normalPath,
        contentType: 'application/json',
        body: text,
        defect: `unparsable or empty JSON ${JSON.stringify(text)}`,
      })),
      fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded').map((type) => ({
        method: op.method,
        url: normalPath,
        contentType: type,
        body: JSON.stringify(sample(doc, jsonSchema, 'x')),
        defect: `the body as ${type}`,
      })),
    );
  }
  if (takesMultipart) {
    variants.push(
      fc
        .constantFrom(
          {
            contentType: 'multipart/form-data; boundary=zz',
            body: '--zz\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--zz--\r\n',
            defect: 'a multipart body without its file',
          },
          { contentType: 'multipart/form-data; boundary=zz', body: '--zz\r\nbroken', defect: 'a truncated multipart body' },
          { contentType: 'multipart/form-data', body: 'no boundary', defect: 'multipart without a boundary' },
          { contentType: 'application/json', body: '{"file":"x"}', defect: 'JSON instead of multipart' },
        )
        .map((v) => ({ method: op.method, url: normalPath, ...v })),
    );
  }
  // a query parameter the document does not name
  variants.push(
    odd.map((text) => ({
      method: op.method,
      url: `${normalPath}?${new URLSearchParams({ [`unknown${text}`]: text }).toString()}`,
      contentType: jsonSchema ? 'application/json' : undefined,
      body: jsonSchema ? JSON.stringify(sample(doc, jsonSchema, 'x')) : undefined,
      defect: 'an unknown query parameter',
    })),
  );
  return fc.oneof(...variants);
}
