import { Box, Button, Paper, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { formatCarbon } from '../domain/carbon';
import type { Statistics } from '../domain/api/admin';
import { formatDateTime } from '../domain/dates';
import { formatFileSize, formatNumber } from '../domain/format';
import { useCommand } from '../forms/useCommand';
import type { FailureTexts } from '../layout/failures';
import { Loading } from '../layout/Loading';
import { RetryAlert } from '../layout/RetryAlert';
import type { ApiDataProvider } from '../providers/dataProvider';
import { queryKeys, writeKey } from '../providers/queryKeys';

// the spec has no text for it: the unknown server error, whatever the status
const UPDATE_FAILURE: FailureTexts = { title: 'errors.unknownServer' };

type Figure = keyof Statistics;
/** The figures shown, in order, and how each reads (counts, kg with 0 decimals as totals, bytes). */
const FIGURES: readonly { key: Figure; format: (n: number) => string }[] = [
  ...(
    [
      'facilities',
      'kilns',
      'valid_kilnlogs',
      'invalid_kilnlogs',
      'error_kilnlogs',
      'archived_kilnlogs',
      'audits_proposed',
      'audits_signed_off',
      'eco_assets',
    ] as const
  ).map((key) => ({ key, format: (n: number) => formatNumber(n) })),
  { key: 'audited_co2', format: (n) => `${formatCarbon(n, 'total')} kg` },
  { key: 'utilised_co2', format: (n) => `${formatCarbon(n, 'total')} kg` },
  { key: 'storage_bytes', format: formatFileSize },
];

/** The system's statistics (GET /api/admin/statistics), and 'Update Statistics' to count them again. */
export function StatisticsPanel() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const queryClient = useQueryClient();
  const statistics = useQuery({ queryKey: queryKeys.getStatistics, queryFn: () => dataProvider.getStatistics() });
  const update = useCommand({
    write: (dataProvider) => dataProvider.updateStatistics(),
    mutationKey: writeKey('updateStatistics'),
    success: 'admin.updated',
    failure: UPDATE_FAILURE,
    // the update answers the new counts: nothing to read again
    onSaved: (fresh) => queryClient.setQueryData(queryKeys.getStatistics, fresh),
    refresh: [],
  });

  return (
    <Box component="section" aria-labelledby="statistics-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Typography id="statistics-heading" variant="h5" component="h2">
          {translate('admin.statistics')}
        </Typography>
        <Button variant="contained" onClick={() => void update.run()} disabled={update.running || statistics.isPending}>
          {translate('admin.update')}
        </Button>
        {statistics.data && (
          <Typography variant="body2" color="text.secondary" role="status">
            {translate('admin.computed', { time: formatDateTime(statistics.data.computed_ts) })}
          </Typography>
        )}
      </Box>
      {statistics.isPending ? (
        <Loading />
      ) : statistics.error ? (
        <RetryAlert message="admin.statisticsError" query={statistics} />
      ) : (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 1.5, m: 0 }}>
          {FIGURES.map(({ key, format }) => (
            <Paper key={key} variant="outlined" sx={{ p: 1.5 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {translate(`admin.stats.${key}`)}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                {format(Number(statistics.data[key]))}
              </Typography>
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
}
