import { Alert, Button, Typography } from '@mui/material';
import { Pagination, useListContext, useTranslate } from 'react-admin';

/**
 * A list that failed to load, shown by <List error> in place of the table and
 * its pager: what failed, in a sentence, and Retry.
 */
export function ListError({ message }: { message: string }) {
  const translate = useTranslate();
  const { refetch } = useListContext();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          {translate('lists.retry')}
        </Button>
      }
    >
      {translate(message)}
    </Alert>
  );
}

/** What an empty list says (a message key). */
export function ListEmpty({ message }: { message: string }) {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }}>{translate(message)}</Typography>;
}

/** react-admin's pager, left out while the list shows its error (react-admin would page an empty list). */
export function ListPager() {
  const { error } = useListContext();
  return error ? null : <Pagination />;
}
