import { Alert, Button, type AlertProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useReportQueryFailure, type FailureTexts } from './failures';

/** The read that failed: its error, and how to read it again. */
export interface FailedRead {
  error: unknown;
  refetch: () => unknown;
}

export interface RetryAlertProps {
  /** message key of what failed, in a sentence */
  message: string;
  /** the read that failed: Retry reads it again */
  query: FailedRead;
  /**
   * what the failure tells besides, once per error (keep it a constant): a titled notification,
   * or only the log (ONLY_LOGGED); none: the alert alone
   */
  failure?: FailureTexts;
  sx?: AlertProps['sx'];
}

/**
 * The one display of a failed read, in place of what it would have shown:
 * what failed, in a sentence, and Retry; reported as its `failure` says.
 */
export function RetryAlert({ message, query, failure, sx }: RetryAlertProps) {
  const translate = useTranslate();
  useReportQueryFailure(query.error, failure);
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => void query.refetch()}>
          {translate('lists.retry')}
        </Button>
      }
    >
      {translate(message)}
    </Alert>
  );
}
