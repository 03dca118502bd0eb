import {
  Create,
  DateInput,
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useRedirect,
  type Identifier,
} from 'react-admin';
import {
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import type { ReactElement } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ChangeSaveRequest } from '../domain/api/admin';
import { localIsoDate } from '../domain/dates';
import { RESOURCES } from '../domain/operations';
import { isCalendarDate, isBlank } from '../domain/validation';
import { PageForm, usePageFormSave, type PageFormSave } from '../forms/pageForm';
import { PolicyDeleteButton } from '../forms/PolicyDeleteButton';
import { recordWrite } from '../forms/useFormSave';
import type { FailureTexts } from '../layout/failures';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { ADMIN_PATH } from './ChangeList';

/**
 * The Recent Changes editor: date, title and a rich-text body (ra-input-rich-text).
 * The server sanitises the body; Home sanitises it again when it shows it.
 * Loaded only when an entry is opened: the editor is the heaviest part of Admin.
 */

const toAdmin = () => ADMIN_PATH;

// the spec has no text for an entry's save or delete: react-admin's own title, and a refusal's sentence (a 400 names its fields)
const SAVE_FAILURE: FailureTexts = { title: 'ra.notification.http_error', serverReason: 'refusal' };

function validate(values: Partial<ChangeSaveRequest>) {
  return {
    ...(!isCalendarDate(values.date) && { date: isBlank(values.date) ? 'validation.required' : 'validation.invalid_date' }),
    ...(isBlank(values.title) && { title: 'validation.required' }),
  };
}

/** What a save sends: the three fields, never the id or anything else the record carries. */
const payload = (values: FieldValues): ChangeSaveRequest => ({
  date: values.date ?? '',
  title: values.title ?? '',
  body: values.body ?? '',
});

/** The save of a new entry (id null) or of the entry edited; after it, back to Admin. */
function useChangeSave(id: Identifier | null): PageFormSave {
  const redirect = useRedirect();
  return usePageFormSave({
    write: recordWrite<ChangeSaveRequest>(RESOURCES.changes, id),
    mutationKey: writeKey(id === null ? 'createAdminChange' : 'updateAdminChange'),
    success: 'admin.changeSaved',
    failure: SAVE_FAILURE,
    onSaved: () => redirect(ADMIN_PATH),
    // Admin's list and Home's entries
    refresh: [queryKeys.resource(RESOURCES.changes)],
    validate,
    payload,
  });
}

/**
 * Only what the sanitisers keep (paragraphs, emphasis, code, lists, links,
 * quotes): headings, images, colours and alignment would be dropped on save.
 */
function ChangeToolbar() {
  return (
    <RichTextInputToolbar>
      <FormatButtons />
      <ListButtons />
      <LinkButtons />
      <QuoteButtons />
      <ClearButtons />
    </RichTextInputToolbar>
  );
}

/** An entry's form, new or edited: the page's SimpleForm, with its toolbar and, for a new entry, today's date. */
function ChangeForm({ save, toolbar, defaultValues }: { save: PageFormSave; toolbar: ReactElement; defaultValues?: FieldValues }) {
  return (
    // the browser's own check of a half-typed date stays (noValidate off), as react-admin's notification of an invalid form
    <PageForm as={SimpleForm} save={save} toolbar={toolbar} defaultValues={defaultValues} notifyInvalid noValidate={false}>
      <DateInput source="date" label="admin.date" variant="outlined" />
      <TextInput source="title" label="admin.title" variant="outlined" />
      <RichTextInput source="body" label="admin.body" fullWidth toolbar={<ChangeToolbar />} />
    </PageForm>
  );
}

export function ChangeCreate() {
  const save = useChangeSave(null);
  return (
    <Create resource={RESOURCES.changes} title="admin.newChange">
      <ChangeForm
        save={save}
        toolbar={
          <Toolbar>
            <SaveButton disabled={save.saving} />
          </Toolbar>
        }
        defaultValues={{ date: localIsoDate(), title: '', body: '' }}
      />
    </Create>
  );
}

export function ChangeEdit() {
  return (
    <Edit resource={RESOURCES.changes} title="admin.editChange" mutationMode="pessimistic">
      <ChangeEditForm />
    </Edit>
  );
}

function ChangeEditForm() {
  const save = useChangeSave(useRecordContext()?.id ?? null);
  return (
    <ChangeForm
      save={save}
      toolbar={
        <Toolbar sx={{ justifyContent: 'space-between', bgcolor: 'background.paper' }}>
          <SaveButton disabled={save.saving} />
          <PolicyDeleteButton success="admin.changeDeleted" failure={SAVE_FAILURE} redirect={toAdmin} />
        </Toolbar>
      }
    />
  );
}
