import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { KilnLog } from '../domain/api/kilnLogs';
import { useKilnRegistry } from '../kilns/useKilnRegistry';
import type { ApiDataProvider } from '../providers/dataProvider';
import { useLogCommand } from './useLogCommand';

/**
 * A super-admin files a log whose kiln was unknown under a registered kiln
 * (docs/security.md, M1): nothing else files it, and once filed its facility
 * never changes.
 */
export function AssignLogDialog({ log, onClose }: { log: KilnLog; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const { registry } = useKilnRegistry();
  // the kiln the file names, when it has been registered since
  const named = registry?.kilns.find((k) => k.kiln_id.toLowerCase() === log.kiln_id?.toLowerCase());
  const [chosen, setChosen] = useState<string>('');
  const kiln = chosen || (named ? String(named.id) : '');
  const assign = useLogCommand(dataProvider.assignKilnLog, { success: 'kilnLogs.notify.assigned', failure: 'kilnLogs.notify.assignFailed' }, onClose);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="assign-log-title">
      <DialogTitle id="assign-log-title">{translate('kilnLogs.assign.title', { id: log.id })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('kilnLogs.assign.text', { kilnId: log.kiln_id ?? '–' })}</DialogContentText>
        <TextField select fullWidth margin="dense" label={translate('kilnLogs.assign.kiln')} value={kiln} onChange={(event) => setChosen(event.target.value)}>
          {(registry?.kilns ?? []).map((k) => (
            <MenuItem key={k.id} value={String(k.id)}>
              {`${k.kiln_id} · ${k.facility_mnemonic}`}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('kilnLogs.assign.cancel')}</Button>
        <Button variant="contained" disabled={!kiln || assign.isPending} onClick={() => assign.mutate({ id: log.id, kiln: Number(kiln) })}>
          {translate('kilnLogs.assign.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
