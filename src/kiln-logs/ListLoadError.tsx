import { Alert, Button } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** A list that failed to load: says so in place, with a retry. */
export function ListLoadError() {
  const translate = useTranslate();
  const { refetch } = useListContext();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          {translate('kilnLogs.list.retry')}
        </Button>
      }
    >
      {translate('kilnLogs.list.loadError')}
    </Alert>
  );
}

/** Kiln screens only log failed loads (spec §8); the list shows ListLoadError instead of a notification. */
export const logLoadError = (error: unknown) => console.error(error);
