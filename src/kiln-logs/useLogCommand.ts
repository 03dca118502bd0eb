import { useMutation } from '@tanstack/react-query';
import { HttpError, useNotify, useRefresh } from 'react-admin';
import { useNotifyTitled } from '../layout/notifications';

export interface LogCommandOptions {
  /** message key of the success notification; none: no notification */
  success?: string;
  /** message key of the failure notification's title */
  failure: string;
  /** false for a command that only reads (download): the lists are refreshed only after a failure */
  changesRow?: boolean;
}

/**
 * The notification text for a failed call: the server's own sentence for a
 * refusal (4xx: e.g. an audited burn), the generic one for anything else.
 */
export function failureText(error: unknown): string {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return 'errors.unknownServer';
}

/**
 * One command on one kiln log (analyse, archive, restore, download): runs it,
 * notifies the outcome, and refreshes the lists either way, since a refusal
 * usually means the row changed meanwhile.
 */
export function useLogCommand<T, A = number>(run: (arg: A) => Promise<T>, options: LogCommandOptions, onDone?: (result: T) => void) {
  const { success, failure, changesRow = true } = options;
  const notify = useNotify();
  const notifyTitled = useNotifyTitled();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      onDone?.(result);
      if (success) notify(success, { type: 'success' });
    },
    onError: (error) => {
      console.error(error);
      notifyTitled(failure, failureText(error));
    },
    onSettled: (_result, error) => {
      if (changesRow || error) refresh();
    },
  });
}
