import { isJson, type Answer } from './answerCheck';
import type { OpenApiParameter } from '../../http/openapiDocument';

/** How a call is made: a token, and at most one of a JSON body, a multipart form or raw bytes. */
export interface CallInit {
  token?: string;
  json?: unknown;
  form?: FormData;
  raw?: { body: string; contentType: string };
  headers?: Record<string, string>;
}

/** The backend under check, reached at its API root (the document's server path included). */
export class Backend {
  private readonly sources = new Map<string, Promise<unknown>>();

  constructor(
    private readonly origin: string,
    private readonly fetcher: typeof fetch,
  ) {}

  async call(method: string, target: string, init: CallInit = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    let body: string | FormData | undefined;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      body = init.form; // fetch writes the multipart boundary itself
    } else if (init.raw) {
      headers['Content-Type'] = init.raw.contentType;
      body = init.raw.body;
    }
    const res = await this.fetcher(this.origin + target, { method, headers, body, redirect: 'manual' });
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    let answerBody: unknown = null;
    if (isJson(contentType)) answerBody = await res.json().catch(() => Symbol.for('unparsable JSON'));
    else if (contentType.startsWith('text/')) answerBody = await res.text();
    else await res.arrayBuffer();
    return { status: res.status, contentType, headers: res.headers, body: answerBody };
  }

  /** the JSON answer of a read call, fetched once per run; null when it is refused or not JSON */
  source(path: string, token: string): Promise<unknown> {
    let answer = this.sources.get(path);
    if (!answer) {
      answer = this.call('GET', path, { token }).then((a) => (a.status === 200 && isJson(a.contentType) ? a.body : null));
      this.sources.set(path, answer);
    }
    return answer;
  }
}

/** a JSON pointer (RFC 6901), where a `[field]` step takes the first list item whose field is not null */
export function select(value: unknown, selector: string): unknown {
  const filter = /\[(\w+)\]/.exec(selector);
  if (!filter) return atPointer(value, selector);
  const list = atPointer(value, selector.slice(0, filter.index));
  const item = Array.isArray(list) ? list.find((x: Record<string, unknown> | null) => x?.[filter[1]] != null) : undefined;
  return atPointer(item, selector.slice(filter.index + filter[0].length));
}

const pointerSteps = (pointer: string) =>
  pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

export function atPointer(value: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return value;
  return pointerSteps(pointer).reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    value,
  );
}

/** sets the value at a JSON pointer inside a plain JSON value (made of objects and arrays), in place */
export function setAtPointer(target: unknown, pointer: string, value: unknown): void {
  const steps = pointerSteps(pointer);
  const last = steps.pop();
  const parent = steps.reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], target);
  if (last === undefined || parent === null || typeof parent !== 'object') throw new Error(`No place ${pointer} in the example`);
  (parent as Record<string, unknown>)[last] = value;
}

/** a value the document itself offers for a parameter */
export function documentedValue(p: OpenApiParameter): unknown {
  const s = p.schema ?? {};
  if (s.format === 'uuid') return crypto.randomUUID();
  // a stand-in text, one the parameter's pattern allows when it has one
  const any = s.type === 'string' ? ['contract-check', '1', 'a'].find((text) => !s.pattern || new RegExp(s.pattern).test(text)) : undefined;
  return p.example ?? s.example ?? s.default ?? s.enum?.[0] ?? (typeof s.minimum === 'number' ? s.minimum : any);
}

/** `<GET path>#<selector>`; the path may hold `{<source>}`, another source's value (e.g. a facility that has audits) */
export async function resolveSource(source: string, backend: Backend, token: string): Promise<unknown> {
  let depth = 0;
  let hash = -1;
  for (let i = 0; i < source.length; i++) {
    if (source[i] === '{') depth++;
    else if (source[i] === '}') depth--;
    else if (source[i] === '#' && depth === 0) hash = i;
  }
  const rawPath = hash < 0 ? source : source.slice(0, hash);
  const selector = hash < 0 ? '' : source.slice(hash + 1);
  let path = rawPath;
  for (const [inner] of rawPath.matchAll(/\{([^{}]*(\{[^{}]*\}[^{}]*)*)\}/g)) {
    const value = await resolveSource(inner.slice(1, -1), backend, token);
    if (value === undefined || value === null) return undefined;
    path = path.replace(inner, encodeURIComponent(String(value)));
  }
  return select(await backend.source(path, token), selector);
}

export async function parameterValue(
  p: OpenApiParameter,
  backend: Backend,
  token: string,
): Promise<{ value: unknown; from: string | null }> {
  const from = p['x-value-from'];
  if (!from) return { value: documentedValue(p), from: null };
  return { value: await resolveSource(from, backend, token), from };
}

export function fillTemplate(template: string, values: Map<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values.get(name))));
}
