import { useState } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useListContext, useTranslate } from 'react-admin';
import { CreateBatchDialog } from './CreateBatchDialog';

/** Kiln Logs' bulk action: a batch of the burns selected, in the same dialog as the batch list's. */
export function CreateBatchFromSelection() {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<AddIcon />} disabled={selectedIds.length === 0} onClick={() => setOpen(true)}>
        {translate('batches.create.fromLogs')}
      </Button>
      {open && (
        <CreateBatchDialog
          analysisIds={selectedIds.map(Number)}
          onClose={() => {
            setOpen(false);
            onUnselectItems();
          }}
        />
      )}
    </>
  );
}
