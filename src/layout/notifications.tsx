import { useCallback } from 'react';
import { Alert, AlertTitle, type AlertColor } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/** Where and how long notifications show (spec §8, §9). */
export const NOTIFICATION_PROPS = {
  autoHideDuration: 4000,
  anchorOrigin: { vertical: 'top', horizontal: 'center' },
} as const;

interface TitledMessageProps {
  title: string;
  text: string;
  severity: AlertColor;
}

function TitledMessage({ title, text, severity }: TitledMessageProps) {
  const translate = useTranslate();
  return (
    <Alert severity={severity} variant="filled" sx={{ minWidth: 320 }}>
      <AlertTitle>{translate(title)}</AlertTitle>
      {translate(text)}
    </Alert>
  );
}

/** notify(titleKey, textKey): a notification showing both a title and a text (spec §8). */
export function useNotifyTitled() {
  const notify = useNotify();
  return useCallback(
    (title: string, text: string, severity: AlertColor = 'error') =>
      notify(<TitledMessage title={title} text={text} severity={severity} />, { type: severity }),
    [notify],
  );
}
