import { DialogContentText, MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { KilnLog } from '../domain/api/kilnLogs';
import { RESOURCES } from '../domain/operations';
import { FormDialog, useFormDialogSave } from '../forms/FormDialog';
import { FormInput } from '../forms/FormInput';
import type { FailureTexts } from '../layout/failures';
import { useKilnRegistry } from '../kilns/useKilnRegistry';
import { queryKeys, writeKey } from '../providers/queryKeys';

// a refusal (a log filed meanwhile, a kiln not approved) says the server's sentence
const ASSIGN_FAILURE: FailureTexts = { title: 'kilnLogs.notify.assignFailed', other: 'errors.unknownServer', serverReason: 'refusal' };

/**
 * A super-admin files a log whose kiln was unknown under a registered kiln
 * (docs/security.md, M1): nothing else files it, and once filed its facility
 * never changes. It opens once the registry is read, on the kiln the file
 * names when that has been registered since.
 */
export function AssignLogDialog({ log, onClose }: { log: KilnLog; onClose: () => void }) {
  const translate = useTranslate();
  const { registry } = useKilnRegistry();
  const save = useFormDialogSave({
    write: (dataProvider, kiln: number) => dataProvider.assignKilnLog({ id: log.id, kiln }),
    mutationKey: writeKey('assignKilnLog'),
    success: 'kilnLogs.notify.assigned',
    failure: ASSIGN_FAILURE,
    onClose,
    refresh: [queryKeys.resource(RESOURCES.kilnLogs)],
    payload: (values) => Number(values.kiln),
  });
  if (!registry) return null;
  const named = registry.kilns.find((k) => k.kiln_id.toLowerCase() === log.kiln_id?.toLowerCase());
  return (
    <FormDialog
      title={translate('kilnLogs.assign.title', { id: log.id })}
      defaultValues={{ kiln: named ? String(named.id) : '' }}
      validate={(values) => (values.kiln ? {} : { kiln: 'required' })}
      save={save}
      onClose={onClose}
      submitLabel="kilnLogs.assign.confirm"
    >
      <DialogContentText>{translate('kilnLogs.assign.text', { kilnId: log.kiln_id ?? '–' })}</DialogContentText>
      <FormInput source="kiln" select label="kilnLogs.assign.kiln">
        {registry.kilns.map((k) => (
          <MenuItem key={k.id} value={String(k.id)}>
            {`${k.kiln_id} · ${k.facility_mnemonic}`}
          </MenuItem>
        ))}
      </FormInput>
    </FormDialog>
  );
}
