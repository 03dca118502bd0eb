import { useCreate, useUpdate, type Identifier } from 'react-admin';
import { useDialogOutcome, type DialogOutcomeOptions } from './useDialogOutcome';

export interface RecordSaveOptions extends Omit<DialogOutcomeOptions, 'refresh'> {
  resource: string;
  /** the record being edited; null creates one */
  id: Identifier | null;
  /** other resources whose lists show this one's fields (a kiln shows its facility's name) */
  alsoRefresh?: readonly string[];
}

/**
 * Saves a dialog's record through react-admin's create or update (the data
 * provider knows where), waiting for the server's answer, with the dialog
 * outcome policy.
 */
export function useRecordSave<T extends object>({ resource, id, alsoRefresh = [], ...outcome }: RecordSaveOptions) {
  const [create, created] = useCreate();
  const [update, updated] = useUpdate();
  const options = useDialogOutcome({ ...outcome, refresh: [resource, ...alsoRefresh] });
  const submit = (data: T) =>
    id === null
      ? create(resource, { data }, options)
      : update(resource, { id, data, previousData: undefined }, { ...options, mutationMode: 'pessimistic' });
  return { submit, saving: created.isPending || updated.isPending };
}
