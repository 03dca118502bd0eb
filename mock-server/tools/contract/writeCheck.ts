import type { Rule } from '../../../src/domain/rules';
import type { AnswerChecker } from './answerCheck';
import type { Backend } from './backend';
import type { CallReport } from './contractCheck';
import type { OpenApiDocument, OpenApiOperation } from '../../http/openapiDocument';
import { SCENARIOS, type Permanence, type Scenario } from './writeScenarios';
import { StepFailed, WriteRun } from './writeRun';

/**
 * The write half of the contract check (--write): every write call of the
 * document without a token (401), each one the role lacks the rule for with
 * a valid example body naming no live record (403), and the scenarios of
 * writeScenarios.ts for the calls the role has. By default only scenarios
 * that put back what they change run; --lasting adds those whose records stay,
 * --certify the proposal, signoff and mint of the run's own burn.
 */

export interface WriteOptions {
  lasting?: boolean;
  certify?: boolean;
  /** --signer: who signs the run's proposal off (whoever proposed may not: four eyes); without one, the run stops after checking that refusal */
  signer?: { username: string; password: string };
}

export interface WriteSession {
  doc: OpenApiDocument;
  backend: Backend;
  checker: AnswerChecker;
  token: string;
  rules: Rule[];
  report: (r: CallReport) => void;
}

const key = (op: OpenApiOperation) => `${op.method} ${op.template}`;

const FLAG: Record<Permanence, string> = { restores: '--write', lasting: '--lasting', certifies: '--certify' };

/** a short id that makes the run's names new: base 36 time and randomness */
export const newRunId = () => (Date.now().toString(36).slice(-5) + Math.random().toString(36).slice(2, 5)).toLowerCase();

export async function checkWrites(session: WriteSession, options: WriteOptions = {}): Promise<{ leftBehind: string[] }> {
  const runId = newRunId();
  const signer = options.signer ? await session.backend.call('POST', '/auth', { json: options.signer }) : null;
  if (signer && (signer.status !== 200 || typeof signer.body !== 'string'))
    throw new Error(`The signer ${options.signer!.username} could not log in (${signer.status}).`);
  const run = new WriteRun(
    session.doc,
    session.backend,
    session.checker,
    session.token,
    session.rules,
    runId,
    // until the run registers a kiln of its own: a kiln no backend knows, anywhere on earth
    { kilnId: `contract-check-${runId}`, facility: { latitude_min: -90, latitude_max: 90, longitude_min: -180, longitude_max: 180 } },
    Boolean(options.certify),
    session.report,
    signer ? (signer.body as string).trim() : null,
  );
  const writes = session.doc.operations.filter((op) => op.method !== 'GET' && op.template !== '/auth');

  for (const op of writes) {
    if (op.needsToken) {
      const request = await run.example(op, true);
      // no body: the token is checked first, so an empty call must be refused as well
      const target = 'skip' in request ? op.template : request.target;
      await run.expect(op, target, {}, 401, '401 without a token').catch(ignoreStep);
    }
    if (!run.grants(op)) {
      const request = await run.example(op, true);
      if ('skip' in request) {
        run.skip(op, request.skip);
        continue;
      }
      const expected = `403 (the token lacks '${op.rule?.action} ${op.rule?.subject}')`;
      await run.expect(op, request.target, { ...request.init, token: run.token }, 403, expected).catch(ignoreStep);
    }
  }

  const permitted = new Set<Permanence>([
    'restores',
    ...(options.lasting || options.certify ? (['lasting'] as const) : []),
    ...(options.certify ? (['certifies'] as const) : []),
  ]);
  const covered = new Set<string>();
  const reasons = new Map<string, string>();
  for (const scenario of SCENARIOS) {
    const missing = scenario.needs.filter((call) => !run.grants(opOf(run, call)));
    if (missing.length > 0) {
      for (const call of scenario.covers) if (!reasons.has(call)) reasons.set(call, `${scenario.name} needs ${missing.join(', ')} too`);
      continue;
    }
    if (!permitted.has(scenario.permanence)) {
      for (const call of scenario.covers)
        reasons.set(call, `${scenario.name} leaves records behind: run with ${FLAG[scenario.permanence]}`);
      continue;
    }
    scenario.covers.forEach((call) => covered.add(call));
    await runScenario(run, scenario);
  }
  for (const op of writes.filter((o) => o.rule && run.grants(o) && !covered.has(key(o)))) {
    run.skip(op, reasons.get(key(op)) ?? 'no scenario of the check makes this call');
  }
  return { leftBehind: run.leftBehind };
}

const opOf = (run: WriteRun, call: string) => {
  const [method, template] = call.split(' ');
  return run.op(method, template);
};

async function runScenario(run: WriteRun, scenario: Scenario): Promise<void> {
  await scenario.run(run).catch(ignoreStep);
}

/** a failed step is already reported; anything else is the check's own fault */
function ignoreStep(err: unknown): void {
  if (!(err instanceof StepFailed)) throw err;
}
