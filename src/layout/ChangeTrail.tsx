import { Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../domain/dates';
import { Loading } from './Loading';
import { RetryAlert } from './RetryAlert';
import { TableHeadings } from './TableHeadings';

/** What every recorded change has: when, by whom (users' and facilities' trails alike). */
export interface TrailEntry {
  id: number;
  ts: string;
  actor_username: string | null;
}

/**
 * A recorded trail, newest first, as When / By / What rows, with its loading,
 * failure and empty states. `messages` names the screen's own keys for the
 * column heads and the two states; `describe` puts one entry into words.
 */
export function ChangeTrail<T extends TrailEntry>({
  changes,
  describe,
  messages,
}: {
  changes: UseQueryResult<T[]>;
  describe: (change: T) => string;
  messages: { when: string; by: string; what: string; error: string; empty: string };
}) {
  const translate = useTranslate();
  if (changes.isPending) return <Loading />;
  if (changes.error) return <RetryAlert message={messages.error} query={changes} />;
  if (changes.data.length === 0) return <Typography>{translate(messages.empty)}</Typography>;
  return (
    <Table size="small">
      <TableHeadings columns={[{ label: messages.when }, { label: messages.by }, { label: messages.what }]} />
      <TableBody>
        {changes.data.map((change) => (
          <TableRow key={change.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(change.ts)}</TableCell>
            <TableCell>{change.actor_username}</TableCell>
            <TableCell>{describe(change)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
