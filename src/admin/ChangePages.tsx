import { Page } from '../layout/Page';
import { ChangeCreate, ChangeEdit } from './ChangeEditors';

/** A new Recent Changes entry (/admin/changes/create), on the Admin screen. */
export function ChangeCreatePage() {
  return (
    <Page title="pages.admin">
      <ChangeCreate />
    </Page>
  );
}

/** A Recent Changes entry (/admin/changes/{id}), on the Admin screen. */
export function ChangeEditPage() {
  return (
    <Page title="pages.admin">
      <ChangeEdit />
    </Page>
  );
}
