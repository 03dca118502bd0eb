import { DeleteButton, useRecordContext, useRedirect, useResourceContext, useUnselect, type RedirectionSideEffect } from 'react-admin';
import type { FailureTexts } from '../layout/failures';
import { currentSession } from '../providers/session';
import { useWriteOutcome } from './useFormSave';

export interface PolicyDeleteButtonProps {
  /** message key of the success notification */
  success: string;
  /** the notification texts of a failure, as the screen's saves have them */
  failure: FailureTexts;
  /** where a success leads: the record is gone */
  redirect: RedirectionSideEffect;
  /** message key of the confirmation's title; default react-admin's */
  confirmTitle?: string;
}

/**
 * The delete of the record a page edits: react-admin's DeleteButton, its
 * confirmation and pessimistic delete, with the outcome policy of every write
 * (useFormSave): a success notifies what was deleted and leaves for `redirect`,
 * a failure is notified by status with the screen's texts and the page stays.
 */
export function PolicyDeleteButton({ success, failure, redirect, confirmTitle }: PolicyDeleteButtonProps) {
  const { notifySuccess, report } = useWriteOutcome();
  const record = useRecordContext();
  const resource = useResourceContext();
  const unselect = useUnselect(resource);
  const redirectTo = useRedirect();
  return (
    <DeleteButton
      mutationMode="pessimistic"
      confirmTitle={confirmTitle}
      redirect={redirect}
      mutationOptions={{
        onSuccess: () => {
          // after a 401 react-admin logs out and resolves the call: the login screen follows
          if (!currentSession()) return;
          notifySuccess(success, true);
          if (record) unselect([record.id]);
          redirectTo(redirect, resource);
        },
        onError: (error: unknown) => void report(error, failure),
      }}
    />
  );
}
