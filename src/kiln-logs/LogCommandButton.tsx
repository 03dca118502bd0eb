import type { ReactElement } from 'react';
import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';

interface LogCommandButtonProps {
  /** message key: the tooltip and the accessible name */
  label: string;
  icon: ReactElement;
  pending: boolean;
  onClick: () => void;
}

/** An icon button for a row command, named for screen readers and keyboards, showing progress while it runs. */
export function LogCommandButton({ label, icon, pending, onClick }: LogCommandButtonProps) {
  const translate = useTranslate();
  const text = translate(label);
  return (
    <Tooltip title={text}>
      <IconButton
        size="small"
        aria-label={text}
        aria-busy={pending}
        // not `disabled`: a disabled button would drop the tooltip and the keyboard focus mid-run
        onClick={() => {
          if (!pending) onClick();
        }}
      >
        {pending ? <CircularProgress size={18} /> : icon}
      </IconButton>
    </Tooltip>
  );
}
