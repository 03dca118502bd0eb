import { useEffect, useState } from 'react';
import { useLocation, useMatch, useNavigate } from 'react-router-dom';
import { useNotify, type RaRecord } from 'react-admin';

/** What the URL asks a list to show over itself. */
export type DialogRoute<T> =
  | { kind: 'none' }
  | { kind: 'create' }
  /** the record at `/{path}/{id}`, once the list's records have arrived and hold it */
  | { kind: 'edit'; record: T };

export interface DialogRouteOptions<T> {
  /** the list's records to find `/{path}/{id}`'s in; undefined while they load */
  records: readonly T[] | undefined;
  /** message key of the error shown when no record has the URL's id (`%{id}`) */
  notFound: string;
  /** whether the user may create, and edit, records (undefined while checked): a URL they may not follow shows the list */
  canCreate: boolean | undefined;
  canEdit: boolean | undefined;
}

/**
 * A list's record dialogs with URLs of their own, as react-admin's CRM does
 * its deals: `/{path}/create` opens the new record's dialog, `/{path}/{id}`
 * the record's, over the list routed at `/{path}/*`. Opening navigates there,
 * closing back to the list, so the browser's back closes the dialog and a
 * reload opens it again. An id no record has leaves the list with an error.
 */
export function useDialogRoute<T extends RaRecord>(path: string, options: DialogRouteOptions<T>) {
  const { records, notFound, canCreate, canEdit } = options;
  const navigate = useNavigate();
  const notify = useNotify();
  const { pathname, search } = useLocation();
  // react-router renders a navigation as a transition: the dialog closes at once,
  // in the same render as the save's notification, not a moment after it
  const [closing, setClosing] = useState(false);
  useEffect(() => setClosing(false), [pathname]);
  const creating = useMatch(`/${path}/create`) !== null;
  const id = useMatch(`/${path}/:id`)?.params.id;
  const editId = creating ? undefined : id;
  const record = editId === undefined ? undefined : records?.find((r) => String(r.id) === editId);
  const unknown = editId !== undefined && records !== undefined && record === undefined;

  const refused = (creating && canCreate === false) || (editId !== undefined && canEdit === false);

  useEffect(() => {
    if (unknown && !refused) notify(notFound, { type: 'error', messageArgs: { id: editId } });
    if (unknown || refused) navigate({ pathname: `/${path}`, search }, { replace: true });
  }, [unknown, refused, notFound, editId, notify, navigate, path, search]);

  // the list keeps its filters and page across the dialog
  const dialog: DialogRoute<T> = closing
    ? { kind: 'none' }
    : creating && canCreate
      ? { kind: 'create' }
      : record && canEdit
        ? { kind: 'edit', record }
        : { kind: 'none' };
  return {
    dialog,
    openCreate: () => navigate({ pathname: `/${path}/create`, search }),
    openEdit: (target: T) => navigate({ pathname: `/${path}/${String(target.id)}`, search }),
    close: () => {
      setClosing(true);
      navigate({ pathname: `/${path}`, search });
    },
  };
}
