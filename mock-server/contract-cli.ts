import { parseArgs } from 'node:util';
import { checkContract, type CallReport } from './contract/contractCheck';
import { loadOpenApi } from './contract/openapiDocument';

const USAGE = `Usage: npm run contract -- --base-url URL --user NAME --password PW [--file openapi.yaml]

Checks a running backend against mock-server/openapi.yaml as one user: logs
in, makes every read call of the document without a token (401 expected)
and with the user's (2xx when the token's rules grant the call's x-rule,
403 when not), and checks each answer's status, media type, headers and
body schema. Only GET calls and the login are made: nothing is changed.
Prints one line per call and a last line "N passed, M failed, K skipped";
exits 1 when any call failed.`;

const MARK: Record<CallReport['verdict'], string> = { pass: 'ok  ', fail: 'FAIL', skip: 'skip' };

function line(r: CallReport): string {
  const head = `${MARK[r.verdict]} ${r.method} ${r.target}${r.status === null ? '' : ` → ${r.status}`}`;
  const why = r.verdict === 'pass' ? r.expected : r.problems.join('; ');
  return `${head}  (${why})`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      file: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const baseUrl = values['base-url'];
  if (values.help || !baseUrl || !values.user || values.password === undefined) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const result = await checkContract(
    { baseUrl, username: values.user, password: values.password, document: values.file ? loadOpenApi(values.file) : undefined },
    (r) => (r.verdict === 'fail' ? console.error : console.log)(line(r)),
  );
  console.log(`${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`);
  return result.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
