import { parseArgs } from 'node:util';
import { checkContract, type CallReport } from './contract/contractCheck';
import { loadOpenApi } from '../http/openapiDocument';

const USAGE = `Usage: npm run contract -- --base-url URL --user NAME --password PW [--file openapi.yaml]
                    [--write [--lasting] [--certify [--signer NAME --signer-password PW]]]

Checks a running backend against mock-server/openapi.yaml as one user: logs
in, makes every read call of the document without a token (401 expected)
and with the user's (2xx when the token's rules grant the rule of the call's
x-operation entry, 403 when not), and checks each answer's status, media
type, headers and body schema. Without --write only GET calls and the login are made.

--write   also every write call: without a token (401), with the token for
          each call the role lacks the rule for (403; the document's example
          body, naming no live record), and for the calls the role has,
          scenarios that put back what they change: a user created, changed,
          given its own password and deleted; a Recent Changes entry added,
          changed and removed; the statistics recomputed; a kiln's install
          date and a facility's name changed and put back. Left behind: the
          deleted user's change history (where kept), a statistics snapshot.
--lasting also the writes whose records stay (the API deletes none of them),
          all named contract-check-<run>: a facility, a kiln, a burn log
          (archived at the end), a photo and a statement (of the run's
          facility, else of the first the user reaches: they replace its
          photo and latest statement). The user's own password is never
          changed: it could not be put back.
--certify also proposes, signs off and mints 1 g from the run's own burn in
          its own facility (implies --lasting): a real audit and eco asset.
          For a test backend only, never a production one. Whoever proposes
          may not sign off (403 checked): --signer names a second account
          (role 0 or 3) that signs off; without it the run stops there.

Prints one line per call, what the run left behind, and a last line
"N passed, M failed, K skipped"; exits 1 when any call failed.`;

const MARK: Record<CallReport['verdict'], string> = { pass: 'ok  ', fail: 'FAIL', skip: 'skip' };

function line(r: CallReport, user: string): string {
  const head = `${MARK[r.verdict]} ${r.method} ${r.target} ${user}${r.status === null ? '' : ` → ${r.status}`}`;
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
      write: { type: 'boolean', default: false },
      lasting: { type: 'boolean', default: false },
      certify: { type: 'boolean', default: false },
      signer: { type: 'string' },
      'signer-password': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const baseUrl = values['base-url'];
  if (values.help || !baseUrl || !values.user || values.password === undefined) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if ((values.lasting || values.certify) && !values.write) {
    console.error('--lasting and --certify go with --write.');
    return 2;
  }
  const user = values.user;
  const result = await checkContract(
    {
      baseUrl,
      username: user,
      password: values.password,
      document: values.file ? loadOpenApi(values.file) : undefined,
      write: values.write
        ? {
            lasting: values.lasting,
            certify: values.certify,
            signer:
              values.signer && values['signer-password'] !== undefined
                ? { username: values.signer, password: values['signer-password'] }
                : undefined,
          }
        : undefined,
    },
    (r) => (r.verdict === 'fail' ? console.error : console.log)(line(r, user)),
  );
  for (const left of result.leftBehind) console.log(`left behind: ${left}`);
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
