import { Typography } from '@mui/material';
import { Pagination, useListContext, useTranslate } from 'react-admin';
import { RetryAlert } from './RetryAlert';

/**
 * A list that failed to load, shown by <List error> in place of the table and
 * its pager: what failed, in a sentence, and Retry. The list reports the
 * failure itself (its queryOptions.onError, by the same policy).
 */
export function ListError({ message }: { message: string }) {
  return <RetryAlert message={message} query={useListContext()} />;
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
