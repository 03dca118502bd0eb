import { jwtDecode } from 'jwt-decode';
import { can } from '../../src/domain/rules';
import { AnswerChecker, isJson, type Answer } from './answerCheck';
import { loadOpenApi, type OpenApiDocument, type OpenApiOperation, type OpenApiParameter } from './openapiDocument';

/**
 * Checks a running backend against mock-server/openapi.yaml as one user:
 * logs in, then makes every read call of the document twice — without a
 * token (401 expected) and with the user's (the answer its x-rule promises:
 * 2xx when the token's rules grant it, 403 when not) — and checks each
 * answer's status, media type, headers and body schema. It changes nothing:
 * only GET calls and the login are made.
 */

export interface ContractTarget {
  /** the backend's origin, e.g. http://localhost:3000; the document's server path (/api) is appended */
  baseUrl: string;
  username: string;
  password: string;
  document?: OpenApiDocument;
  fetch?: typeof fetch;
}

export type Verdict = 'pass' | 'fail' | 'skip';

export interface CallReport {
  method: string;
  template: string;
  /** the path called, with its query */
  target: string;
  /** what the call was made to show */
  expected: string;
  status: number | null;
  verdict: Verdict;
  problems: string[];
}

export interface ContractResult {
  username: string;
  role: number | null;
  reports: CallReport[];
  passed: number;
  failed: number;
  skipped: number;
}

interface TokenClaims {
  role?: number;
  rules?: { action: string; subject: string }[];
}

class Backend {
  private readonly sources = new Map<string, Promise<unknown>>();

  constructor(
    private readonly origin: string,
    private readonly fetcher: typeof fetch,
  ) {}

  async call(method: string, target: string, init: { token?: string; json?: unknown } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    const res = await this.fetcher(this.origin + target, {
      method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      redirect: 'manual',
    });
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    let body: unknown = null;
    if (isJson(contentType)) body = await res.json().catch(() => Symbol.for('unparsable JSON'));
    else if (contentType.startsWith('text/')) body = await res.text();
    else await res.arrayBuffer();
    return { status: res.status, contentType, headers: res.headers, body };
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
function select(value: unknown, selector: string): unknown {
  const filter = /\[(\w+)\]/.exec(selector);
  if (!filter) return atPointer(value, selector);
  const list = atPointer(value, selector.slice(0, filter.index));
  const item = Array.isArray(list) ? list.find((x: Record<string, unknown> | null) => x?.[filter[1]] != null) : undefined;
  return atPointer(item, selector.slice(filter.index + filter[0].length));
}

function atPointer(value: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return value;
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), value);
}

/** a value the document itself offers for a parameter */
function documentedValue(p: OpenApiParameter): unknown {
  const s = p.schema ?? {};
  // a stand-in text, one the parameter's pattern allows when it has one
  const any = s.type === 'string' ? ['contract-check', '1', 'a'].find((text) => !s.pattern || new RegExp(s.pattern).test(text)) : undefined;
  return p.example ?? s.example ?? s.default ?? s.enum?.[0] ?? (typeof s.minimum === 'number' ? s.minimum : any);
}

/** `<GET path>#<selector>`; the path may hold `{<source>}`, another source's value (e.g. a facility that has audits) */
async function resolveSource(source: string, backend: Backend, token: string): Promise<unknown> {
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

async function parameterValue(p: OpenApiParameter, backend: Backend, token: string): Promise<{ value: unknown; from: string | null }> {
  const from = p['x-value-from'];
  if (!from) return { value: documentedValue(p), from: null };
  return { value: await resolveSource(from, backend, token), from };
}

function fillTemplate(template: string, values: Map<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values.get(name))));
}

export async function checkContract(target: ContractTarget, onReport: (report: CallReport) => void = () => {}): Promise<ContractResult> {
  const doc = target.document ?? loadOpenApi();
  const checker = new AnswerChecker(doc);
  const servers = doc.raw.servers as { url?: string }[] | undefined;
  const apiRoot = target.baseUrl.replace(/\/+$/, '') + (servers?.[0]?.url ?? '');
  const backend = new Backend(apiRoot, target.fetch ?? fetch);
  const reports: CallReport[] = [];
  const report = (r: CallReport) => {
    reports.push(r);
    onReport(r);
  };

  const login = doc.operations.find((op) => op.method === 'POST' && op.template === '/auth');
  if (!login) throw new Error('The document has no POST /auth, so the check cannot log in.');
  const loginAnswer = await backend.call('POST', '/auth', { json: { username: target.username, password: target.password } });
  const loginProblems = checker.problems(login, loginAnswer);
  const token = loginAnswer.status === 200 && typeof loginAnswer.body === 'string' ? loginAnswer.body.trim() : null;
  report({
    method: 'POST',
    template: '/auth',
    target: '/auth',
    expected: `200 and a token for ${target.username}`,
    status: loginAnswer.status,
    verdict: token && loginProblems.length === 0 ? 'pass' : 'fail',
    problems: token ? loginProblems : [`login answered ${loginAnswer.status}`, ...loginProblems],
  });
  if (!token) return summarise(target.username, null, reports);

  let claims: TokenClaims = {};
  try {
    claims = jwtDecode<TokenClaims>(token);
  } catch {
    report({ method: 'POST', template: '/auth', target: '/auth', expected: 'a JWT', status: 200, verdict: 'fail', problems: ['the token is not a JWT'] });
    return summarise(target.username, null, reports);
  }

  for (const op of doc.operations.filter((o) => o.method === 'GET')) {
    for (const r of await checkRead(op, { backend, checker, token, rules: claims.rules ?? [] })) report(r);
  }
  return summarise(target.username, claims.role ?? null, reports);
}

async function checkRead(
  op: OpenApiOperation,
  run: { backend: Backend; checker: AnswerChecker; token: string; rules: NonNullable<TokenClaims['rules']> },
): Promise<CallReport[]> {
  const allowed = !op.rule || can(run.rules, op.rule.action, op.rule.subject);
  const values = new Map<string, unknown>();
  const query = new URLSearchParams();
  for (const p of op.parameters.filter((x) => x.in === 'path' || (x.in === 'query' && x.required))) {
    const { value, from } = await parameterValue(p, run.backend, run.token);
    if (value === undefined || value === null) {
      // a refused call needs no real record: any well-formed value must be refused the same
      const stand_in = documentedValue(p);
      if (!allowed && stand_in !== undefined) {
        values.set(p.name, stand_in);
        if (p.in === 'query') query.set(p.name, String(stand_in));
        continue;
      }
      const why = from ? `${from} gave no value to use` : `the document gives no value for ${p.in} parameter ${p.name}`;
      return [{ method: op.method, template: op.template, target: op.template, expected: '', status: null, verdict: 'skip', problems: [why] }];
    }
    if (p.in === 'path') values.set(p.name, value);
    else query.set(p.name, String(value));
  }
  const target = fillTemplate(op.template, values) + (query.size > 0 ? `?${query.toString()}` : '');
  const reports: CallReport[] = [];

  if (op.needsToken) {
    const answer = await run.backend.call('GET', target);
    const problems = run.checker.problems(op, answer);
    if (answer.status !== 401) problems.unshift(`expected 401 without a token, got ${answer.status}`);
    reports.push(verdict(op, target, '401 without a token', answer.status, problems));
  }

  const answer = await run.backend.call('GET', target, { token: run.token });
  const problems = run.checker.problems(op, answer);
  const expected = allowed ? 'a 2xx answer' : `403 (the token lacks '${op.rule?.action} ${op.rule?.subject}')`;
  if (allowed && (answer.status < 200 || answer.status > 299)) problems.unshift(`expected ${expected}, got ${answer.status}`);
  if (!allowed && answer.status !== 403) problems.unshift(`expected ${expected}, got ${answer.status}`);
  reports.push(verdict(op, target, expected, answer.status, problems));
  return reports;
}

const verdict = (op: OpenApiOperation, target: string, expected: string, status: number, problems: string[]): CallReport => ({
  method: op.method,
  template: op.template,
  target,
  expected,
  status,
  verdict: problems.length === 0 ? 'pass' : 'fail',
  problems,
});

function summarise(username: string, role: number | null, reports: CallReport[]): ContractResult {
  const count = (v: Verdict) => reports.filter((r) => r.verdict === v).length;
  return { username, role, reports, passed: count('pass'), failed: count('fail'), skipped: count('skip') };
}
