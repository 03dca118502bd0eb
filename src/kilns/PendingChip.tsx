import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FocusTooltip } from '../layout/FocusTooltip';

/** "Pending": a kiln id no super-admin has approved yet, or a log filed under one (or `label`: a calibration waiting); the tooltip says what it means. */
export function PendingChip({ title, label = 'kilns.pending' }: { title: string; label?: string }) {
  const translate = useTranslate();
  return (
    <FocusTooltip title={translate(title)}>
      {(trigger) => (
        // warning-coloured text is under 4.5:1 in either theme: the border carries the colour, the text stays legible
        <Chip
          label={translate(label)}
          size="small"
          variant="outlined"
          tabIndex={0}
          {...trigger}
          sx={{ ml: 1, color: 'text.primary', borderColor: 'warning.main' }}
        />
      )}
    </FocusTooltip>
  );
}
