import { can, type Rule } from '../../../src/domain/rules';
import type { Answer, AnswerChecker } from './answerCheck';
import type { Backend, CallInit } from './backend';
import type { CallReport } from './contractCheck';
import { exampleRequest, type ExampleRequest } from './exampleRequest';
import type { OpenApiDocument, OpenApiOperation } from '../../http/openapiDocument';
import type { BurnOrigin } from './sampleFiles';

/** A scenario step went wrong: the rest of the scenario cannot follow (its cleanup still runs). */
export class StepFailed extends Error {
  constructor(
    message: string,
    /** the answer that failed the step, when a call was made */
    readonly answer?: Answer,
  ) {
    super(message);
  }
}

/** goes on with a create whose answer broke the contract but made a record, so the scenario still removes it */
export function madeAnyway(err: unknown): Answer {
  if (err instanceof StepFailed && err.answer && err.answer.status >= 200 && err.answer.status < 300) return err.answer;
  throw err;
}

/** what one run of the write check shares between its calls and scenarios */
export class WriteRun {
  /** records the run made and found again (a facility, a kiln, a burn log), for the scenarios after */
  readonly made: { facility?: Record<string, unknown>; kilnId?: string; logId?: number } = {};
  /** what the run left on the backend, in words */
  readonly leftBehind: string[] = [];

  constructor(
    readonly doc: OpenApiDocument,
    readonly backend: Backend,
    readonly checker: AnswerChecker,
    readonly token: string,
    readonly rules: Rule[],
    readonly runId: string,
    readonly burnOrigin: BurnOrigin,
    /** --certify: the run's burn stays live for the audit */
    readonly certifying: boolean,
    private readonly report: (r: CallReport) => void,
    /** --signer's token: a second person signs off what the run proposed */
    readonly signerToken: string | null = null,
  ) {}

  op(method: string, template: string): OpenApiOperation {
    const found = this.doc.operations.find((o) => o.method === method && o.template === template);
    if (!found) throw new Error(`The document has no ${method} ${template}.`);
    return found;
  }

  grants(op: OpenApiOperation): boolean {
    return !op.rule || can(this.rules, op.rule.action, op.rule.subject);
  }

  /** the document's example call (see exampleRequest.ts) */
  example(op: OpenApiOperation, refused: boolean, token = this.token): Promise<ExampleRequest> {
    return exampleRequest(op, { backend: this.backend, token, runId: this.runId, refused, burnOrigin: this.burnOrigin });
  }

  skip(op: OpenApiOperation, why: string): void {
    this.report({
      method: op.method,
      template: op.template,
      target: op.template,
      expected: '',
      status: null,
      verdict: 'skip',
      problems: [why],
    });
  }

  /**
   * Makes a call, checks the answer against the document and the status
   * expected ('2xx' or one code) and reports it; `check` adds what the answer
   * must say (a read-back). Throws StepFailed when the call failed.
   */
  async expect(
    op: OpenApiOperation,
    target: string,
    init: CallInit,
    expected: number | '2xx',
    what: string,
    check: (answer: Answer) => string | null = () => null,
  ): Promise<Answer> {
    const answer = await this.backend.call(op.method, target, init);
    const problems = this.checker.problems(op, answer);
    const statusOk = expected === '2xx' ? answer.status >= 200 && answer.status <= 299 : answer.status === expected;
    if (!statusOk)
      problems.unshift(
        `expected ${expected === '2xx' ? 'a 2xx answer' : expected} (${what}), got ${answer.status}${describeError(answer)}`,
      );
    else {
      const wrong = check(answer);
      if (wrong) problems.push(wrong);
    }
    this.report({
      method: op.method,
      template: op.template,
      target,
      expected: what,
      status: answer.status,
      verdict: problems.length === 0 ? 'pass' : 'fail',
      problems,
    });
    if (problems.length > 0) throw new StepFailed(problems[0], answer);
    return answer;
  }

  /** a call as the checking user */
  call(
    method: string,
    template: string,
    target: string,
    expected: number | '2xx',
    what: string,
    init: CallInit = {},
    check?: (a: Answer) => string | null,
  ) {
    return this.expect(this.op(method, template), target, { ...init, token: init.token ?? this.token }, expected, what, check);
  }
}

function describeError(answer: Answer): string {
  const message = (answer.body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? `: ${message}` : '';
}

/** the answer's JSON body as a record (the schema check has already judged its shape) */
export const json = (answer: Answer): Record<string, unknown> => (answer.body ?? {}) as Record<string, unknown>;
