import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every write of the console goes through forms/useFormSave.ts (one write
 * path, one outcome policy): no component outside src/forms and src/providers runs a
 * mutation of its own with TanStack's useMutation or react-admin's useUpdate/useCreate,
 * holds what a write sends in an input of its own, or deletes past the policy.
 * And every failed read is said by one display, layout/RetryAlert.tsx.
 */
const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));
const SHELL = /^(forms|providers)\//;
const OWN_MUTATION = /\buse(Mutation|Update|Create)\s*[<(]/;

/**
 * The one mutation that is no write: a key pair generated in the browser (the kiln keys
 * dialog; no server call). The commands, one click without entries, are src/forms/useCommand.ts's.
 */
const OTHER_KINDS = ['kilns/KilnKeysDialog.tsx'];

const allSources = (fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' }) as string[])
  .map((name) => name.split('\\').join('/'))
  .filter((name) => /\.tsx?$/.test(name));
const sources = allSources.filter((name) => !SHELL.test(name));
const read = (name: string) => fs.readFileSync(SRC + name, 'utf8');

/** react-admin's delete buttons, each with its own notifications */
const RA_DELETE_BUTTON = /\b(Bulk)?Delete(With(Confirm|Undo))?Button\b/;
/** the one delete button, whose outcome is the policy's */
const POLICY_DELETE = 'forms/PolicyDeleteButton.tsx';

/** react-admin's delete hooks, each a write past the policy's DeleteButton */
const RA_DELETE_HOOK = /\buseDelete(Many)?\s*[<(]/;
/** react-admin's undoable mutation: archive and restore, their own data-provider calls sent once the Undo has passed */
const UNDOABLE = /\buseMutationWithMutationMode\s*[<(]/;
const UNDOABLE_COMMANDS = ['kiln-logs/useUndoableCommand.ts'];

/** The form shells and the command hook, which alone call useFormSave (forms/useFormSave.ts declares it). */
const SAVE_CALL = /\buseFormSave\s*[<(]/;
const SAVE_CALLERS = ['forms/FormDialog.tsx', 'forms/pageForm.tsx', 'forms/useCommand.ts', 'forms/useFormSave.ts'];
/** A save wired into a form by hand: its validate or submit as the form's, or the server's reasons shown by the screen. */
const HAND_WIRED = /\b(validate|onSubmit)=\{\s*[\w.]+\.(validate|submit)\s*\}|\bServerReasonsShown\b/;
/** A form built past the shells: react-admin's own form components, or react-hook-form's useForm. */
const OWN_FORM = /<(Form|SimpleForm|TabbedForm)\b|\buseForm\s*[<(]/;
/** The third shell: the login, react-hook-form alone, for the size of the first screen's bundle. */
const LOGIN_FORM = 'login/LoginForm.tsx';

/** A file that writes through the shell: useFormSave or a page form's save. */
const WRITES = /from '\.\.\/forms\/(useFormSave|pageForm)'/;

/**
 * The MUI TextFields a file types into with an onChange of its own: an entry held
 * in the component's state rather than in its react-admin form (a `select` is a
 * choice of what the screen shows, not an entry).
 */
/** The one display of a failed read: what failed, Retry, and its report. */
const RETRY_ALERT = 'layout/RetryAlert.tsx';
/** The error Alerts that are no failed read, each with why. */
const ERROR_ALERTS_NO_READ = [
  // the proposal's own rule after a try: no burn chosen (a validation summary above the table)
  'audits/ProposeAuditPage.tsx:audits.propose.noLogs',
  // a checkpoint read that no console key signed: a verdict on what was read, which Retry would read the same
  'transparency/TransparencyPage.tsx:transparency.signatureFails',
];

/** The MUI Alerts of severity "error" a file renders, by the message key their text translates. */
function errorAlerts(name: string, text: string): string[] {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) {
      const opening = ts.isJsxElement(node) ? node.openingElement : node;
      const severity = opening.attributes.properties
        .filter(ts.isJsxAttribute)
        .find((attribute) => attribute.name.getText(file) === 'severity')?.initializer;
      const value = severity && (ts.isStringLiteral(severity) ? severity.text : severity.getText(file).replace(/^\{\s*'(.*)'\s*\}$/, '$1'));
      if (opening.tagName.getText(file) === 'Alert' && value === 'error') {
        const key =
          /translate\('([^']+)'/.exec(node.getText(file))?.[1] ??
          `line ${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
        found.push(`${name}:${key}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function ownTextEntries(name: string, text: string): string[] {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && node.tagName.getText(file) === 'TextField') {
      const attributes = node.attributes.properties.filter(ts.isJsxAttribute).map((attribute) => attribute.name.getText(file));
      if (attributes.includes('onChange') && !attributes.includes('select'))
        found.push(`${name}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the one write path', () => {
  it('has no component running a mutation of its own', () => {
    expect(sources.length).toBeGreaterThan(50);
    const own = sources.filter((name) => OWN_MUTATION.test(read(name)));
    expect(own.sort()).toEqual(OTHER_KINDS);
  });

  it("holds a writing screen's entries in its react-admin form: no MUI TextField typed into with state of its own", () => {
    const writing = sources.filter((name) => WRITES.test(read(name)));
    expect(writing).toEqual(expect.arrayContaining(['kilns/KilnKeysDialog.tsx', 'admin/BufferSharePanel.tsx']));
    expect(writing.flatMap((name) => ownTextEntries(name, read(name)))).toEqual([]);
  });

  it('finds an entry held in state, and not a form input or a choice', () => {
    const held = `const a = <TextField label="x" value={v} onChange={(event) => setV(event.target.value)} />;`;
    const bound = `const b = <BoundTextField {...binding} onTextChange={set} />; const c = <TextInput source="x" />;`;
    const choice = `const d = <TextField select value={v} onChange={(event) => choose(event.target.value)}>{items}</TextField>;`;
    expect(ownTextEntries('held.tsx', held)).toEqual(['held.tsx:1']);
    expect(ownTextEntries('other.tsx', `${bound}\n${choice}`)).toEqual([]);
  });

  it('builds every form with one of three shells, FormDialog, PageForm and the login, and calls useFormSave in them and the commands alone', () => {
    expect(allSources.filter((name) => SAVE_CALL.test(read(name))).sort()).toEqual(SAVE_CALLERS);
    expect(sources.filter((name) => HAND_WIRED.test(read(name)))).toEqual([]);
    expect(sources.filter((name) => OWN_FORM.test(read(name)))).toEqual([LOGIN_FORM]);
  });

  it('finds a save wired by hand and a form built past the shells, and not a shell in use', () => {
    const wired = [
      '<SimpleForm validate={save.validate} onSubmit={onSubmit}>',
      '<Form onSubmit={save.submit} noValidate>',
      '<ServerReasonsShown serverReasons={save.serverReasons} />',
    ];
    for (const text of wired) expect(HAND_WIRED.test(text)).toBe(true);
    expect(HAND_WIRED.test('<PageForm as={SimpleForm} save={save} toolbar={toolbar}>')).toBe(false);
    expect(HAND_WIRED.test('<FormDialog validate={validateNote} save={save} onClose={onClose}>')).toBe(false);
    expect(OWN_FORM.test('<Form defaultValues={values}>')).toBe(true);
    expect(OWN_FORM.test('<PageForm as={SimpleForm} save={save}>')).toBe(false);
  });

  it('deletes only through PolicyDeleteButton, whose outcome is the notifications of every write', () => {
    expect(allSources).toContain(POLICY_DELETE);
    const deleting = allSources.filter((name) => RA_DELETE_BUTTON.test(read(name)));
    expect(deleting).toEqual([POLICY_DELETE]);
    const users = sources.filter((name) => /<PolicyDeleteButton\b/.test(read(name)));
    expect(users).toEqual(expect.arrayContaining(['admin/ChangeEditors.tsx', 'users/UserEdit.tsx']));
  });

  it("calls react-admin's delete hooks nowhere but PolicyDeleteButton, and defers only archive and restore behind Undo", () => {
    expect(allSources.filter((name) => name !== POLICY_DELETE && RA_DELETE_HOOK.test(read(name)))).toEqual([]);
    expect(sources.filter((name) => UNDOABLE.test(read(name)))).toEqual(UNDOABLE_COMMANDS);
  });
});

describe('the one read-failure display', () => {
  it("says a failed read with RetryAlert alone: no error Alert but RetryAlert's and those that are no read", () => {
    expect(errorAlerts(RETRY_ALERT, read(RETRY_ALERT))).toHaveLength(1);
    const others = allSources.filter((name) => name !== RETRY_ALERT);
    expect(others.flatMap((name) => errorAlerts(name, read(name)))).toEqual(ERROR_ALERTS_NO_READ);
  });

  it('finds an error Alert, and not another severity or the RetryAlert', () => {
    const plain = `const a = <Alert severity="error">{translate('fleet.error')}</Alert>;`;
    const braced = `const b = <Alert severity={'error'} sx={sx}>{translate('x.y')}</Alert>;`;
    const others = `const c = <Alert severity="info">{text}</Alert>; const d = <RetryAlert message="fleet.error" query={fleet} />;`;
    expect(errorAlerts('plain.tsx', plain)).toEqual(['plain.tsx:fleet.error']);
    expect(errorAlerts('braced.tsx', braced)).toEqual(['braced.tsx:x.y']);
    expect(errorAlerts('others.tsx', others)).toEqual([]);
  });
});
