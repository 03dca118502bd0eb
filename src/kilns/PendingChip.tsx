import { Chip, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** "Pending": a kiln id no super-admin has approved yet, or a log filed under one; the tooltip says what it means. */
export function PendingChip({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Tooltip title={translate(title)}>
      <Chip label={translate('kilns.pending')} size="small" color="warning" variant="outlined" tabIndex={0} sx={{ ml: 1 }} />
    </Tooltip>
  );
}
