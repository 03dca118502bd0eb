import { Alert, Button, type AlertProps } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface RetryAlertProps {
  /** message key of what failed, in a sentence */
  message: string;
  onRetry: () => void;
  sx?: AlertProps['sx'];
}

/** Something failed to load: what, in a sentence, and Retry. */
export function RetryAlert({ message, onRetry, sx }: RetryAlertProps) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {translate('lists.retry')}
        </Button>
      }
    >
      {translate(message)}
    </Alert>
  );
}
