import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { operationFor, type AccessRequest } from '../../src/domain/operations';
import { PROJECT_ROOT } from '../config';

/**
 * mock-server/openapi.yaml read as data, for the server's router and the
 * contract check: its operations with their parameters resolved, and the
 * extensions they need that other tools ignore:
 * - `operationId` (required, unique) names the handler the server mounts;
 * - `x-operation: <resource>.<action>` on an operation: its entry in the
 *   operation table (src/domain/operations.ts), whose rule a token needs and
 *   whose guard the server applies; `x-operation: public` for the calls
 *   that need no token (`security: []`), and for no other;
 * - `x-value-from: "<GET path>#<selector>"` on a parameter (or, on an
 *   operation, `x-values-from: {<parameter name>: "<GET path>#<selector>"}`):
 *   where a real value comes from on a backend whose records the check does
 *   not know. The selector is a JSON pointer (`/kilnlogs#/0/id`) where a
 *   `[field]` step takes the first list item whose field is not null
 *   (`/facilities#/facilities[photo_uploaded_ts]/id`: a facility with a photo).
 * A request body's media type carries the body a write check sends: its
 * `example`, where `{run}` in a text stands for the check's run id (so names
 * are new on every run); `x-values-from: {<pointer in the example>: <source>}`
 * for values that must name live records (a pointer ending in `/*` names the
 * key of the map's one entry); and `x-example-files: {<field>: <media type>}`
 * for the files of a multipart body, which the check builds itself.
 */

export const OPENAPI_SOURCE = path.join(PROJECT_ROOT, 'mock-server', 'openapi.yaml');

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: {
    type?: string | string[];
    enum?: unknown[];
    default?: unknown;
    example?: unknown;
    minimum?: number;
    pattern?: string;
    format?: string;
  };
  example?: unknown;
  'x-value-from'?: string;
}

export interface OpenApiResponse {
  /** JSON pointer of this answer in the document (where its schemas are) */
  pointer: string;
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown }>;
}

export interface OpenApiMediaExample {
  example?: unknown;
  'x-values-from'?: Record<string, string>;
  'x-example-files'?: Record<string, string>;
}

export interface OpenApiOperation {
  method: string;
  /** the path template as written, e.g. /facility/{id}/kilns */
  template: string;
  summary: string;
  operationId: string;
  /** false: no token at all (security: []) */
  needsToken: boolean;
  /** true when a request without a token is let through too (`security: [{ bearer: [] }, {}]`: a kiln's signed upload) */
  tokenOptional: boolean;
  /** its entry in the operation table; null: public */
  operation: AccessRequest | null;
  /** the table's rule for it; null: public, or any logged-in user */
  rule: { action: string; subject: string } | null;
  parameters: OpenApiParameter[];
  /** media type → what the document offers to send (no body: null) */
  requestBody: Record<string, OpenApiMediaExample> | null;
  /** status code ("200", "4XX", "default") → answer, refs resolved */
  responses: Record<string, OpenApiResponse>;
  /** JSON pointer of this operation in the document, for schema references */
  pointer: string;
}

export interface OpenApiDocument {
  raw: Record<string, unknown>;
  operations: OpenApiOperation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Json = Record<string, unknown>;

export const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** follows $ref chains; answers the object and the pointer it was found at */
function resolveRef<T>(doc: Json, value: unknown, pointer: string): T & { pointer: string } {
  let current = value as Json;
  let at = pointer;
  while (current && typeof current.$ref === 'string') {
    const ref = current.$ref;
    at = ref;
    if (!ref.startsWith('#/')) throw new Error(`Only local references are supported: ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json>((node, key) => node?.[key] as Json, doc);
    if (current === undefined) throw new Error(`Unresolved reference ${ref}`);
  }
  return { ...(current as T), pointer: at };
}

const PUBLIC = 'public';

/** The operation-table entry an `x-operation` names; null for a public call. Throws on a name the table lacks. */
function parseOperation(value: unknown, needsToken: boolean, where: string): AccessRequest | null {
  if (value === PUBLIC) {
    if (needsToken) throw new Error(`${where}: x-operation public needs security: []`);
    return null;
  }
  const [resource, action, ...rest] = typeof value === 'string' ? value.split('.') : [];
  if (!resource || !action || rest.length)
    throw new Error(`${where}: x-operation must read "<resource>.<action>" or "${PUBLIC}", not ${JSON.stringify(value)}`);
  if (!needsToken) throw new Error(`${where}: security: [] needs x-operation ${PUBLIC}`);
  if (!operationFor({ resource, action }))
    throw new Error(`${where}: x-operation ${String(value)} is not in the operation table (src/domain/operations.ts)`);
  return { resource, action };
}

export function readOpenApi(text: string): OpenApiDocument {
  const raw = parse(text) as Json;
  const paths = (raw.paths ?? {}) as Record<string, Json>;
  const globalSecurity = raw.security as unknown[] | undefined;
  const operations: OpenApiOperation[] = [];
  const operationIds = new Set<string>();
  for (const [template, item] of Object.entries(paths)) {
    const itemPointer = `#/paths/${escapePointer(template)}`;
    const shared = ((item.parameters as unknown[]) ?? []).map((p, i) =>
      resolveRef<OpenApiParameter>(raw, p, `${itemPointer}/parameters/${i}`),
    );
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const opPointer = `${itemPointer}/${method}`;
      const own = ((op.parameters as unknown[]) ?? []).map((p, i) => resolveRef<OpenApiParameter>(raw, p, `${opPointer}/parameters/${i}`));
      const sources = (op['x-values-from'] ?? {}) as Record<string, string>;
      const byKey = new Map(
        [...shared, ...own].map((p) => [`${p.in}:${p.name}`, sources[p.name] ? { ...p, 'x-value-from': sources[p.name] } : p]),
      );
      const where = `${method.toUpperCase()} ${template}`;
      const security = (op.security as unknown[] | undefined) ?? globalSecurity;
      const needsToken = !(Array.isArray(security) && security.length === 0);
      const operationId = op.operationId;
      if (typeof operationId !== 'string' || !operationId) throw new Error(`${where}: operationId missing`);
      if (operationIds.has(operationId)) throw new Error(`${where}: operationId ${operationId} is used twice`);
      operationIds.add(operationId);
      const operation = parseOperation(op['x-operation'], needsToken, where);
      const responses = Object.fromEntries(
        Object.entries((op.responses ?? {}) as Json).map(([status, r]) => [
          status,
          resolveRef<OpenApiResponse>(raw, r, `${opPointer}/responses/${escapePointer(status)}`),
        ]),
      );
      operations.push({
        method: method.toUpperCase(),
        template,
        summary: String(op.summary ?? ''),
        operationId,
        needsToken,
        tokenOptional: needsToken && Array.isArray(security) && security.some((s) => Object.keys(s as Json).length === 0),
        operation,
        rule: operation && (operationFor(operation)?.rule ?? null),
        parameters: [...byKey.values()],
        requestBody: op.requestBody
          ? (resolveRef<{ content?: Record<string, OpenApiMediaExample> }>(raw, op.requestBody, `${opPointer}/requestBody`).content ?? {})
          : null,
        responses,
        pointer: opPointer,
      });
    }
  }
  return { raw, operations };
}

export const loadOpenApi = (file = OPENAPI_SOURCE): OpenApiDocument => readOpenApi(fs.readFileSync(file, 'utf8'));

/** The answer the document gives for a status: exact code first, then 4XX-style ranges, then default. */
export function documentedResponse(op: OpenApiOperation, status: number): { key: string; response: OpenApiResponse } | null {
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
    const response = op.responses[key];
    if (response) return { key, response };
  }
  return null;
}
