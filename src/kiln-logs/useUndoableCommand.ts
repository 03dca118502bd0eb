import { useDelete, useNotify, useRefresh } from 'react-admin';
import type { KilnLog } from '../domain/api/kilnLogs';
import { useFailureReport } from '../layout/failures';
import { commandFailure } from './useLogCommand';

export interface UndoableCommandOptions {
  /** the list the log leaves, whose delete in the data provider is the command (archive: the live logs; restore: the archived ones) */
  resource: string;
  /** message key of the notification carrying Undo */
  success: string;
  /** message key of the failure notification's title */
  failure: string;
}

/**
 * A one-click command that moves a log out of its list (archive, restore),
 * in react-admin's undoable mode: the row leaves at once, the notification
 * offers Undo for a few seconds, and only then is the call sent; undone, it
 * is never sent. A refusal afterwards is notified and the row comes back.
 */
export function useUndoableCommand({ resource, success, failure }: UndoableCommandOptions) {
  const notify = useNotify();
  const report = useFailureReport();
  const refresh = useRefresh();
  const [remove, { isPending }] = useDelete<KilnLog>(resource, undefined, {
    mutationMode: 'undoable',
    onError: (error) => {
      console.error(error);
      report(error, commandFailure(failure));
      refresh();
    },
  });
  const start = (log: KilnLog) => {
    void remove(resource, { id: log.id, previousData: log });
    notify(success, { type: 'info', undoable: true });
  };
  return { start, isPending };
}
