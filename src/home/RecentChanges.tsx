import { Box, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { RecentChange } from '../domain/api/admin';
import { formatDate } from '../domain/dates';
import { TallLoading } from '../layout/Loading';
import type { ApiDataProvider } from '../providers/dataProvider';
import { fetchRecentChanges } from './recentChangesFetch';
import { loadSanitizer, type Sanitize } from './sanitizeHtml';
import { queryKeys } from '../providers/queryKeys';

export type { RecentChange };

function ChangeEntry({ change, sanitize }: { change: RecentChange; sanitize: Sanitize }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Typography variant="h6" component="h3">
        {change.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" component="time" dateTime={change.date}>
        {formatDate(change.date)}
      </Typography>
      {/* sanitised by the server when stored, and here again before it is shown */}
      <Box sx={{ '& > :last-child': { mb: 0 } }} dangerouslySetInnerHTML={{ __html: sanitize(change.body) }} />
    </Paper>
  );
}

/** Home's Recent Changes list (GET /api/changes), newest first as the server sends it. */
export function RecentChanges() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const changes = useQuery({ queryKey: queryKeys.listRecentChanges, queryFn: () => fetchRecentChanges(dataProvider) });
  const sanitizer = useQuery({ queryKey: ['sanitizer'], queryFn: loadSanitizer, staleTime: Infinity });

  const content =
    changes.isPending || (changes.data?.length && sanitizer.isPending) ? (
      <TallLoading />
    ) : changes.error || sanitizer.error ? (
      <Typography color="error">{translate('home.changesError')}</Typography>
    ) : !changes.data?.length ? (
      <Typography>{translate('home.noChanges')}</Typography>
    ) : (
      <Box component="ul" sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 0, m: 0 }}>
        {changes.data.map((change) => (
          <ChangeEntry key={change.id} change={change} sanitize={sanitizer.data!} />
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
