import { useCallback } from 'react';
import { Alert, AlertTitle, type AlertColor } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/** Where and how long notifications show (docs/product.md#error-catalogue, docs/product.md#constants-and-limits). */
export const NOTIFICATION_PROPS = {
  autoHideDuration: 4000,
  anchorOrigin: { vertical: 'top', horizontal: 'center' },
} as const;

interface TitledMessageProps {
  title: string;
  /** none: the spec gives the situation a title only */
  text?: string;
  severity: AlertColor;
}

export function TitledMessage({ title, text, severity }: TitledMessageProps) {
  const translate = useTranslate();
  return (
    <Alert severity={severity} variant="filled" sx={{ minWidth: 320 }}>
      <AlertTitle sx={text ? undefined : { mb: 0 }}>{translate(title)}</AlertTitle>
      {/* `_`: a text that is no message key (a server's own message) shows as given */}
      {text && translate(text, { _: text })}
    </Alert>
  );
}

/** notify(titleKey, textKey): a notification showing a title and, when given, a text (docs/product.md#error-catalogue). */
export function useNotifyTitled() {
  const notify = useNotify();
  return useCallback(
    (title: string, text?: string, severity: AlertColor = 'error') =>
      notify(<TitledMessage title={title} text={text} severity={severity} />, { type: severity }),
    [notify],
  );
}
