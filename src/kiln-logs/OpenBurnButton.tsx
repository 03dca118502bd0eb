import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import type { KilnLog } from '../domain/api/kilnLogs';
import { RESOURCES } from '../domain/operations';
import { Loading } from '../layout/Loading';
import { AnalysisDialog } from './AnalysisDialog';

/** A burn read by id, then its analysis and chart; a line of its own while it loads or when it cannot be read. */
function BurnDialog({ logId, onClose }: { logId: number; onClose: () => void }) {
  const translate = useTranslate();
  const { data, isPending, isError } = useGetOne<KilnLog>(RESOURCES.kilnLogs, { id: logId });
  if (data) return <AnalysisDialog log={data} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} aria-label={translate('audits.review.openBurn', { id: logId })}>
      <DialogContent>
        {isPending ? <Loading /> : <Typography color={isError ? 'error' : undefined}>{translate('kilnLogs.openFailed')}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('forms.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A burn's id as a button: it opens the burn's analysis and chart, as Kiln Logs shows them, over the page. */
export function OpenBurnButton({ logId }: { logId: number }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        aria-label={translate('audits.review.openBurn', { id: logId })}
        onClick={(event) => {
          // a row click would select the row where the table selects
          event.stopPropagation();
          setOpen(true);
        }}
        sx={{ minWidth: 0, px: 0.5, fontVariantNumeric: 'tabular-nums' }}
      >
        {logId}
      </Button>
      {open && <BurnDialog logId={logId} onClose={() => setOpen(false)} />}
    </>
  );
}
