import { useEffect, useState } from 'react';
import { useLocation, useMatch, useNavigate } from 'react-router-dom';
import { useNotify, type RaRecord } from 'react-admin';

/** What the URL asks a list to show over itself. */
export type DialogRoute<T, A extends string = never> =
  | { kind: 'none' }
  | { kind: 'create' }
  /** the record at `/{path}/{id}`, once the list's records have arrived and hold it */
  | { kind: 'edit'; record: T }
  /** one of the record's other dialogs, at `/{path}/{id}/{action}` (its keys, its photo) */
  | { kind: 'action'; action: A; record: T };

export interface DialogRouteOptions<T, A extends string = never> {
  /** the list's records to find `/{path}/{id}`'s in; undefined while they load */
  records: readonly T[] | undefined;
  /** message key of the error shown when no record has the URL's id (`%{id}`) */
  notFound: string;
  /** whether the user may create, and edit, records (undefined while checked): a URL they may not follow shows the list */
  canCreate: boolean | undefined;
  canEdit: boolean | undefined;
  /** the record's other dialogs, each with whether the user may open it (undefined while checked) */
  actions?: Readonly<Record<A, boolean | undefined>>;
}

/**
 * A list's record dialogs with URLs of their own, as react-admin's CRM does
 * its deals: `/{path}/create` opens the new record's dialog, `/{path}/{id}`
 * the record's, over the list routed at `/{path}/*`. Opening navigates there,
 * closing back to the list, so the browser's back closes the dialog and a
 * reload opens it again. A record's other dialogs (`actions`) open at
 * `/{path}/{id}/{action}` the same way. An id no record has leaves the list
 * with an error.
 */
export function useDialogRoute<T extends RaRecord, A extends string = never>(path: string, options: DialogRouteOptions<T, A>) {
  const { records, notFound, canCreate, canEdit, actions } = options;
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
  const actionMatch = useMatch(`/${path}/:id/:action`)?.params;
  const action = actionMatch && actions && Object.hasOwn(actions, actionMatch.action!) ? (actionMatch.action as A) : undefined;
  const targetId = editId ?? actionMatch?.id;
  const record = targetId === undefined ? undefined : records?.find((r) => String(r.id) === targetId);
  const unknown = targetId !== undefined && records !== undefined && record === undefined;
  const unknownAction = actionMatch !== undefined && action === undefined;

  const refused =
    (creating && canCreate === false) ||
    (editId !== undefined && canEdit === false) ||
    (action !== undefined && actions?.[action] === false);

  useEffect(() => {
    // no read failed: the list was read, and the URL names no record of it (a stale link), said once as the list shows
    if (unknown && !refused && !unknownAction) notify(notFound, { type: 'error', messageArgs: { id: targetId } });
    if (unknown || refused || unknownAction) navigate({ pathname: `/${path}`, search }, { replace: true });
  }, [unknown, refused, unknownAction, notFound, targetId, notify, navigate, path, search]);

  // the list keeps its filters and page across the dialog
  const dialog: DialogRoute<T, A> = closing
    ? { kind: 'none' }
    : creating && canCreate
      ? { kind: 'create' }
      : record && editId !== undefined && canEdit
        ? { kind: 'edit', record }
        : record && action !== undefined && actions?.[action]
          ? { kind: 'action', action, record }
          : { kind: 'none' };
  return {
    dialog,
    openCreate: () => navigate({ pathname: `/${path}/create`, search }),
    openEdit: (target: T) => navigate({ pathname: `/${path}/${String(target.id)}`, search }),
    /** opens one of the record's other dialogs: a function of the record, for a row's button */
    openAction: (name: A) => (target: T) => navigate({ pathname: `/${path}/${String(target.id)}/${name}`, search }),
    close: () => {
      setClosing(true);
      navigate({ pathname: `/${path}`, search });
    },
  };
}
