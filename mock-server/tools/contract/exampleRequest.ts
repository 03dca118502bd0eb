import { documentedValue, fillTemplate, resolveSource, setAtPointer, type Backend, type CallInit } from './backend';
import type { OpenApiMediaExample, OpenApiOperation, OpenApiParameter } from '../../http/openapiDocument';
import { sampleFile, type BurnOrigin } from './sampleFiles';

/**
 * A write call built from the document: path, query and header values and
 * the request body's example (see openapiDocument.ts), filled with live
 * values the way read calls are.
 *
 * A call the role must be refused names no live record: every value that
 * would (an x-value-from id) becomes NO_SUCH_ID, so the body stays valid —
 * a 400 cannot hide a missing rule check — while a backend that forgets the
 * rule answers 404 (reported as a failure) instead of changing a real record.
 */

/** the largest PostgreSQL integer: a well-formed id no record is expected to have */
export const NO_SUCH_ID = 2147483647;

export interface ExampleContext {
  backend: Backend;
  token: string;
  /** the run's id, put for `{run}` in example texts */
  runId: string;
  /** build the call a refusal is checked with (no live records) */
  refused: boolean;
  /** where an uploaded burn log says it comes from */
  burnOrigin: BurnOrigin;
}

export type ExampleRequest = { target: string; init: CallInit; body: unknown } | { skip: string };

const withRun = (value: unknown, runId: string): unknown => JSON.parse(JSON.stringify(value ?? null).replace(/\{run\}/g, runId));

/** a stand-in of the same type as the example's value, naming no record */
const noSuchRecord = (example: unknown): unknown => (typeof example === 'string' ? String(NO_SUCH_ID) : NO_SUCH_ID);

async function liveValue(source: string, ctx: ExampleContext): Promise<unknown> {
  return resolveSource(source.replace(/\{run\}/g, ctx.runId), ctx.backend, ctx.token);
}

async function parameterValue(p: OpenApiParameter, ctx: ExampleContext): Promise<unknown> {
  const from = p['x-value-from'];
  if (ctx.refused) {
    const type = p.schema?.type;
    if (from && (type === 'integer' || type === 'number')) return NO_SUCH_ID;
    return withRun(documentedValue(p), ctx.runId);
  }
  return from ? liveValue(from, ctx) : withRun(documentedValue(p), ctx.runId);
}

/** the example body with its live values, or why there is none */
async function exampleBody(media: OpenApiMediaExample, ctx: ExampleContext): Promise<{ body: unknown } | { skip: string }> {
  const body = withRun(media.example ?? {}, ctx.runId);
  for (const [pointer, source] of Object.entries(media['x-values-from'] ?? {})) {
    const keyOfMap = pointer.endsWith('/*');
    const at = keyOfMap ? pointer.slice(0, -2) : pointer;
    const value = ctx.refused ? undefined : await liveValue(source, ctx);
    if (!ctx.refused && (value === undefined || value === null)) return { skip: `${source} gave no value to use` };
    if (keyOfMap) {
      const map = at
        .split('/')
        .slice(1)
        .reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, body as Record<string, unknown>);
      const [entry] = Object.values(map);
      for (const key of Object.keys(map)) delete map[key];
      map[String(ctx.refused ? NO_SUCH_ID : value)] = entry;
    } else {
      const current = at
        .split('/')
        .slice(1)
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], body);
      // a text that names no record (a mnemonic) stays as the example has it
      const namesRecord = typeof current === 'number' || (typeof current === 'string' && /^\d+$/.test(current));
      setAtPointer(body, at, ctx.refused ? (namesRecord ? noSuchRecord(current) : current) : value);
    }
  }
  return { body };
}

function multipart(body: unknown, files: Record<string, string>, ctx: ExampleContext): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
  }
  for (const [name, mediaType] of Object.entries(files)) {
    const file = sampleFile(mediaType, ctx.burnOrigin, Date.now() % 1_000_000_007);
    form.append(name, file.blob, file.name);
  }
  return form;
}

/** the call the document describes, ready to make (the token is the caller's to add) */
export async function exampleRequest(op: OpenApiOperation, ctx: ExampleContext): Promise<ExampleRequest> {
  const values = new Map<string, unknown>();
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const p of op.parameters.filter((x) => x.in !== 'cookie' && (x.in === 'path' || x.required))) {
    const value = await parameterValue(p, ctx);
    if (value === undefined || value === null) {
      return {
        skip: p['x-value-from']
          ? `${p['x-value-from']} gave no value to use`
          : `the document gives no value for ${p.in} parameter ${p.name}`,
      };
    }
    if (p.in === 'path') values.set(p.name, value);
    else if (p.in === 'query') query.set(p.name, String(value));
    else headers[p.name] = String(value);
  }
  const target = fillTemplate(op.template, values) + (query.size > 0 ? `?${query.toString()}` : '');
  const init: CallInit = { headers };
  if (!op.requestBody) return { target, init, body: undefined };

  const [mediaType, media] = Object.entries(op.requestBody).find(([, m]) => m.example !== undefined || m['x-example-files']) ?? [];
  if (!mediaType || !media) return { skip: `the document gives no example body for ${op.method} ${op.template}` };
  const built = await exampleBody(media, ctx);
  if ('skip' in built) return built;
  if (mediaType === 'multipart/form-data') init.form = multipart(built.body, media['x-example-files'] ?? {}, ctx);
  else init.json = built.body;
  return { target, init, body: built.body };
}
