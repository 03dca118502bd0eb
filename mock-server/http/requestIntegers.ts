import { MAX_RECORD_ID } from '../../src/domain/validation';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const isInteger = (schema: Json) => schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));

/** The schema a local `$ref` points at. */
function target(doc: Json, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), doc);
}

/**
 * A copy of openapi.yaml for the request validator in which every integer a
 * request may carry (a parameter's, or anywhere in a request body, through its
 * references) has at most MAX_RECORD_ID unless it says less: an id beyond the
 * store's integer range is then a 400 naming the field on either store, on
 * every route, new ones included. No request integer of the API
 * means more than that: ids, kiln types, counts and days are all far below it.
 */
export function withBoundedRequestIntegers(raw: Json): Json {
  const doc = structuredClone(raw);
  const seen = new Set<unknown>();
  const stack: unknown[] = [];
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Json>)) {
    for (const [key, op] of Object.entries(item)) {
      if (key === 'parameters') stack.push(op);
      else if (isObject(op)) stack.push(op.parameters, op.requestBody);
    }
  }
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isObject(node) || seen.has(node)) continue;
    seen.add(node);
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
      stack.push(target(doc, node.$ref));
      continue;
    }
    if (isInteger(node) && node.maximum === undefined && node.exclusiveMaximum === undefined) node.maximum = MAX_RECORD_ID;
    // every place a schema (or a parameter's, a media type's) may hold another
    for (const value of Object.values(node)) if (isObject(value)) stack.push(value);
  }
  return doc;
}
