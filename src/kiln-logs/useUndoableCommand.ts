import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  useDataProvider,
  useMutationWithMutationMode,
  useNotify,
  useRefresh,
  type GetListResult,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { KilnLog } from '../domain/api/kilnLogs';
import type { ResourceName } from '../domain/operations';
import { useFailureReport } from '../layout/failures';
import type { ApiDataProvider } from '../providers/dataProvider';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { commandFailure } from '../forms/useCommand';

export interface UndoableCommandOptions {
  /** the list the log leaves (archive: the live logs; restore: the archived ones) */
  resource: ResourceName;
  /** the contract's operation the command is, which names its mutation */
  operation: 'archiveKilnLog' | 'restoreKilnLog';
  /** the data-provider call, sent once the Undo has passed */
  write: (dataProvider: ApiDataProvider, id: KilnLog['id']) => Promise<KilnLog>;
  /** message key of the notification carrying Undo */
  success: string;
  /** message key of the failure notification's title */
  failure: string;
}

interface Move {
  id: KilnLog['id'];
  previousData: KilnLog;
}

/** Takes a record out of its resource's cached lists and records, as react-admin's delete does. */
function leaveLists(queryClient: QueryClient, resource: ResourceName, id: Identifier, undoable: boolean) {
  // setQueriesData takes no stale time: dated ahead, the lists are not read again (and the row put back) during the Undo
  const updatedAt = undoable ? Date.now() + 5000 : Date.now();
  const without = (records: RaRecord[]) => records.filter((record) => String(record.id) !== String(id));
  const [list, many, manyReference] = queryKeys.recordLists(resource);
  for (const queryKey of [list, manyReference])
    queryClient.setQueriesData<GetListResult>(
      { queryKey },
      (result) => {
        const data = result?.data && without(result.data);
        return result && data && data.length < result.data.length
          ? { ...result, data, total: result.total ? result.total - 1 : undefined }
          : result;
      },
      { updatedAt },
    );
  queryClient.setQueriesData<RaRecord[]>({ queryKey: many }, (records) => (records?.length ? without(records) : records), { updatedAt });
}

/**
 * A one-click command that moves a log out of its list (archive, restore),
 * in react-admin's undoable mode: the row leaves at once, the notification
 * offers Undo for a few seconds, and only then is the call sent; undone, it
 * is never sent. A refusal afterwards is notified and the row comes back.
 */
export function useUndoableCommand({ resource, operation, write, success, failure }: UndoableCommandOptions) {
  const dataProvider = useDataProvider<ApiDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const report = useFailureReport();
  const refresh = useRefresh();
  const [run, { isPending }] = useMutationWithMutationMode<Error, { data?: KilnLog }, Move>(undefined, {
    mutationKey: writeKey(operation),
    mutationMode: 'undoable',
    mutationFn: async ({ id }) => ({ data: await write(dataProvider, id) }),
    getQueryKeys: () => [...queryKeys.recordLists(resource)],
    updateCache: ({ id, previousData }, { mutationMode }) => {
      if (id !== undefined) leaveLists(queryClient, resource, id, mutationMode === 'undoable');
      return previousData;
    },
    onError: (error) => {
      console.error(error);
      report(error, commandFailure(failure));
      refresh();
    },
  });
  const start = (log: KilnLog) => {
    void run({ id: log.id, previousData: log });
    notify(success, { type: 'info', undoable: true });
  };
  return { start, isPending };
}
