import { forwardRef, type HTMLAttributes } from 'react';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { Box } from '@mui/material';

export type StatusIconKind = 'tick' | 'cross' | 'grey';

const ICONS = {
  tick: { Icon: CheckCircleIcon, color: 'success' },
  cross: { Icon: CancelIcon, color: 'error' },
  grey: { Icon: RemoveCircleOutlineIcon, color: 'disabled' },
} as const;

interface StatusIconProps extends HTMLAttributes<HTMLSpanElement> {
  kind: StatusIconKind;
  /** what the icon says, for screen readers and as its name in tests */
  label: string;
}

/**
 * A green tick, red cross or grey mark that can take keyboard focus, so the
 * tooltip a parent hangs on it opens on focus as on hover.
 */
export const StatusIcon = forwardRef<HTMLSpanElement, StatusIconProps>(function StatusIcon({ kind, label, ...rest }, ref) {
  const { Icon, color } = ICONS[kind];
  return (
    <Box
      component="span"
      ref={ref}
      role="img"
      aria-label={label}
      tabIndex={0}
      data-status={kind}
      {...rest}
      sx={{ display: 'inline-flex', borderRadius: '50%', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
    >
      <Icon color={color} fontSize="small" aria-hidden />
    </Box>
  );
});
