import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import { useFailureReport, type FailureTexts } from '../layout/failures';

export interface LogCommandOptions {
  /** message key of the success notification; none: no notification */
  success?: string;
  /** message key of the failure notification's title */
  failure: string;
  /** false for a command that only reads (download): the lists are refreshed only after a failure */
  changesRow?: boolean;
}

/** A failed command's notification: its title, the server's own sentence for a refusal (4xx), the generic text for anything else. */
export const commandFailure = (title: string): FailureTexts => ({ title, other: 'errors.unknownServer', serverReason: 'refusal' });

/**
 * One command on one record (analyse, download, approve a kiln, revoke a key): runs it,
 * notifies the outcome, and refreshes the lists either way, since a refusal
 * usually means the row changed meanwhile.
 */
export function useLogCommand<T, A = number>(run: (arg: A) => Promise<T>, options: LogCommandOptions, onDone?: (result: T) => void) {
  const { success, failure, changesRow = true } = options;
  const notify = useNotify();
  const report = useFailureReport();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      onDone?.(result);
      if (success) notify(success, { type: 'success' });
    },
    onError: (error) => {
      console.error(error);
      report(error, commandFailure(failure));
    },
    onSettled: (_result, error) => {
      if (changesRow || error) refresh();
    },
  });
}
