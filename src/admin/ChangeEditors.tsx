import { Create, DateInput, DeleteButton, Edit, SaveButton, SimpleForm, TextInput, Toolbar, useNotify, useRedirect } from 'react-admin';
import {
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import type { ChangeSaveRequest } from '../domain/api/admin';
import { RESOURCES } from '../domain/operations';
import { isCalendarDate, isBlank } from '../domain/validation';
import { ADMIN_PATH } from './ChangeList';

/**
 * The Recent Changes editor: date, title and a rich-text body (ra-input-rich-text).
 * The server sanitises the body; Home sanitises it again when it shows it.
 * Loaded only when an entry is opened: the editor is the heaviest part of Admin.
 */

const toAdmin = () => ADMIN_PATH;

function validate(values: Partial<ChangeSaveRequest>) {
  return {
    ...(!isCalendarDate(values.date) && { date: isBlank(values.date) ? 'validation.required' : 'validation.invalid_date' }),
    ...(isBlank(values.title) && { title: 'validation.required' }),
  };
}

/** What a save sends: the three fields, never the id or anything else the record carries. */
const payload = (values: Partial<ChangeSaveRequest>): ChangeSaveRequest => ({
  date: values.date ?? '',
  title: values.title ?? '',
  body: values.body ?? '',
});

/** After a save: say so and go back to Admin (an onSuccess of one's own replaces react-admin's). */
function useSaved() {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify('admin.changeSaved', { type: 'success' });
      redirect(ADMIN_PATH);
    },
  };
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

function ChangeFields() {
  return (
    <>
      <DateInput source="date" label="admin.date" variant="outlined" />
      <TextInput source="title" label="admin.title" variant="outlined" />
      <RichTextInput source="body" label="admin.body" fullWidth toolbar={<ChangeToolbar />} />
    </>
  );
}

export function ChangeCreate() {
  const saved = useSaved();
  return (
    <Create resource={RESOURCES.changes} title="admin.newChange" transform={payload} mutationOptions={saved}>
      <SimpleForm validate={validate} defaultValues={{ date: new Date().toISOString().slice(0, 10), title: '', body: '' }}>
        <ChangeFields />
      </SimpleForm>
    </Create>
  );
}

export function ChangeEdit() {
  const saved = useSaved();
  return (
    <Edit resource={RESOURCES.changes} title="admin.editChange" mutationMode="pessimistic" transform={payload} mutationOptions={saved}>
      <SimpleForm
        validate={validate}
        toolbar={
          <Toolbar sx={{ justifyContent: 'space-between', bgcolor: 'background.paper' }}>
            <SaveButton />
            <DeleteButton mutationMode="pessimistic" redirect={toAdmin} />
          </Toolbar>
        }
      >
        <ChangeFields />
      </SimpleForm>
    </Edit>
  );
}
