import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useNotify } from 'react-admin';
import { useFailureReport, type FailureTexts } from '../layout/failures';
import { currentSession } from '../providers/session';

export interface DialogOutcomeOptions {
  /** message key of the success notification */
  success: string;
  failure: FailureTexts;
  /** closes the dialog */
  onClose: () => void;
  /** resources whose queries a success makes stale (react-admin keys queries by resource first) */
  refresh: readonly string[];
  /** receives the server's reasons by field path from a 400 (`{message, errors}`) */
  onFieldErrors?: (errors: Partial<Record<string, string>>) => void;
}

/** The `errors` of a 400's body, `{"<field path>": "<reason>"}`, when it has them. */
export function fieldErrorsOf(error: unknown): Partial<Record<string, string>> | null {
  if (!(error instanceof HttpError) || error.status !== 400) return null;
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return null;
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The one outcome policy of a Configure dialog's save (spec §4 Kiln form, §8):
 * on success it notifies and closes; on failure it notifies by status and
 * closes too, except after a 400, when it stays open for the user to correct
 * the input, the server's reasons on the fields they name. Pass the callbacks
 * to react-admin's mutations.
 */
export function useDialogOutcome({ success, failure, onClose, refresh, onFieldErrors }: DialogOutcomeOptions) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const report = useFailureReport();
  const onSuccess = useCallback(() => {
    // after a 401 react-admin logs out and resolves the call: nothing to announce
    if (currentSession()) notify(success, { type: 'success' });
    onClose();
    for (const resource of refresh) void queryClient.invalidateQueries({ queryKey: [resource] });
  }, [notify, success, onClose, refresh, queryClient]);
  const onError = useCallback(
    (error: unknown) => {
      if (report(error, failure) !== 'badRequest') return onClose();
      const reasons = fieldErrorsOf(error);
      if (reasons) onFieldErrors?.(reasons);
    },
    [report, failure, onClose, onFieldErrors],
  );
  return { onSuccess, onError };
}
