import type { SxProps, Theme } from '@mui/material';

/** A tooltip that holds a panel (figures, a chart) rather than a line of text: paper colours, no width cap. */
export const popoverTooltipSx: SxProps<Theme> = {
  maxWidth: 'none',
  p: 0,
  bgcolor: 'background.paper',
  color: 'text.primary',
  boxShadow: 6,
  border: 1,
  borderColor: 'divider',
};
