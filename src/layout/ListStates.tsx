import { Typography } from '@mui/material';
import { Pagination, useListContext, useTranslate } from 'react-admin';
import { RetryAlert } from './RetryAlert';

/**
 * A list that failed to load, shown by <List error> in place of the table and
 * its pager: what failed, in a sentence, and Retry.
 */
export function ListError({ message }: { message: string }) {
  const { refetch } = useListContext();
  return <RetryAlert message={message} onRetry={() => void refetch()} />;
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
