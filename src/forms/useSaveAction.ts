import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { StatusResponse } from '../domain/api/configure';
import { useFailureReport, type FailureTexts } from '../layout/failures';

export interface SaveActionOptions<P> {
  save: (payload: P) => Promise<Partial<StatusResponse>>;
  /** message key of the success notification */
  success: string;
  failure: FailureTexts;
  /** queries to refetch after a save */
  refetch: readonly QueryKey[];
  /** closes the dialog */
  onClose: () => void;
}

/**
 * The save of a Configure dialog (spec §4 Kiln form): on success the dialog
 * closes and the lists reload; on failure it closes too, except after a 400,
 * when it stays open for the user to correct the input. Either way the
 * loading state clears.
 */
export function useSaveAction<P>({ save, success, failure, refetch, onClose }: SaveActionOptions<P>) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const report = useFailureReport();
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async (result) => {
      // after a 401 react-admin logs out and resolves with no status: nothing to announce
      if (result.status === 1) notify(success, { type: 'success' });
      onClose();
      await Promise.all(refetch.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (report(error, failure) !== 'badRequest') onClose();
    },
  });
  return { submit: mutation.mutate, saving: mutation.isPending };
}
