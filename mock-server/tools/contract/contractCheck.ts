import { jwtDecode } from 'jwt-decode';
import { can, type Rule } from '../../../src/domain/rules';
import { AnswerChecker } from './answerCheck';
import { Backend, documentedValue, fillTemplate, parameterValue } from './backend';
import { loadOpenApi, type OpenApiDocument, type OpenApiOperation } from '../../http/openapiDocument';
import { checkWrites, type WriteOptions } from './writeCheck';

/**
 * Checks a running backend against mock-server/openapi.yaml as one user:
 * logs in, then makes every read call of the document twice — without a
 * token (401 expected) and with the user's (the answer its x-operation promises:
 * 2xx when the token's rules grant it, 403 when not) — and checks each
 * answer's status, media type, headers and body schema. Without `write` it
 * changes nothing: only GET calls and the login are made. With it, the
 * write calls are checked too (writeCheck.ts).
 */

export interface ContractTarget {
  /** the backend's origin, e.g. http://localhost:3000; the document's server path (/api) is appended */
  baseUrl: string;
  username: string;
  password: string;
  document?: OpenApiDocument;
  fetch?: typeof fetch;
  /** check the write calls too (POST/PUT/PATCH/DELETE) */
  write?: WriteOptions;
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
  /** what a write run left on the backend, in words (records named contract-check-…) */
  leftBehind: string[];
}

interface TokenClaims {
  role?: number;
  rules?: { action: string; subject: string }[];
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

  let claims: TokenClaims;
  try {
    claims = jwtDecode<TokenClaims>(token);
  } catch {
    report({
      method: 'POST',
      template: '/auth',
      target: '/auth',
      expected: 'a JWT',
      status: 200,
      verdict: 'fail',
      problems: ['the token is not a JWT'],
    });
    return summarise(target.username, null, reports);
  }

  const rules = claims.rules ?? [];
  for (const op of doc.operations.filter((o) => o.method === 'GET')) {
    for (const r of await checkRead(op, { backend, checker, token, rules })) report(r);
  }
  if (!target.write) return summarise(target.username, claims.role ?? null, reports);
  const { leftBehind } = await checkWrites({ doc, backend, checker, token, rules: rules as Rule[], report }, target.write);
  return summarise(target.username, claims.role ?? null, reports, leftBehind);
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
      return [
        { method: op.method, template: op.template, target: op.template, expected: '', status: null, verdict: 'skip', problems: [why] },
      ];
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

function summarise(username: string, role: number | null, reports: CallReport[], leftBehind: string[] = []): ContractResult {
  const count = (v: Verdict) => reports.filter((r) => r.verdict === v).length;
  return { username, role, reports, passed: count('pass'), failed: count('fail'), skipped: count('skip'), leftBehind };
}
