import { Box, Paper, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { formatDate } from '../domain/dates';
import { Loading } from '../layout/Loading';
import { RESOURCES } from '../domain/operations';
import { EVERY_ROW } from '../providers/listedInBrowser';

/** A Recent Changes entry (GET /api/changes); body is HTML the server has sanitised. */
export interface RecentChange {
  id: number;
  date: string;
  title: string;
  body: string;
}

function ChangeEntry({ change }: { change: RecentChange }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Typography variant="h6" component="h3">
        {change.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" component="time" dateTime={change.date}>
        {formatDate(change.date)}
      </Typography>
      {/* The server sanitises bodies before storing them (DESIGN §2, GET /api/changes). */}
      <Box sx={{ '& > :last-child': { mb: 0 } }} dangerouslySetInnerHTML={{ __html: change.body }} />
    </Paper>
  );
}

/** Home's Recent Changes list (GET /api/changes), newest first as the server sends it. */
export function RecentChanges() {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<RecentChange>(RESOURCES.changes, {
    pagination: EVERY_ROW,
    sort: { field: 'date', order: 'DESC' },
  });

  const content = isPending ? (
    <Loading />
  ) : error ? (
    <Typography color="error">{translate('home.changesError')}</Typography>
  ) : !data?.length ? (
    <Typography>{translate('home.noChanges')}</Typography>
  ) : (
    <Box component="ul" sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 0, m: 0 }}>
      {data.map((change) => (
        <ChangeEntry key={change.id} change={change} />
      ))}
    </Box>
  );

  return (
    <Box component="section" aria-labelledby="recent-changes-heading">
      <Typography id="recent-changes-heading" variant="h5" component="h2" gutterBottom>
        {translate('home.recentChanges')}
      </Typography>
      {content}
    </Box>
  );
}
