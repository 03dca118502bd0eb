import { useState, type FocusEvent, type KeyboardEvent, type ReactElement } from 'react';
import { Tooltip, type TooltipProps } from '@mui/material';

/** What the trigger must take on to open its panel from the keyboard. */
export interface FocusTriggerProps {
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * A tooltip or hover panel with keyboard parity (WCAG 2.1.1, 1.4.13): it opens
 * on hover as before, and also whenever its trigger takes focus (MUI's own opens
 * only on a visible-focus heuristic) and on Enter or Space; Escape, blur and
 * leaving close it. Its content describes the trigger while open (unless
 * describeChild is false), so a screen reader reads it on focus.
 */
export function FocusTooltip({
  children,
  describeChild = true,
  ...props
}: Omit<TooltipProps, 'open' | 'onOpen' | 'onClose' | 'children'> & {
  children: (trigger: FocusTriggerProps) => ReactElement;
}) {
  const [open, setOpen] = useState(false);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      // Space would scroll the page; Enter would act on a row around the trigger
      event.preventDefault();
      setOpen((o) => !o);
    } else if (event.key === 'Escape' && open) {
      // a dialog around the trigger stays open: Escape closes the panel only
      event.stopPropagation();
      setOpen(false);
    }
  };
  return (
    <Tooltip
      {...props}
      describeChild={describeChild}
      open={open}
      // focus opens it here at once; MUI's own opening on focus comes after its enter delay, and would
      // reopen a panel that Escape closed within that delay
      onOpen={(event) => event.type !== 'focus' && setOpen(true)}
      onClose={() => setOpen(false)}
    >
      {children({ onFocus: () => setOpen(true), onKeyDown })}
    </Tooltip>
  );
}
