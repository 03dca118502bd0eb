import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { formatDateTime } from '../domain/dates';
import { RetryAlert } from '../layout/RetryAlert';
import type { ApiDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import { AnomalyCodeChip } from './AnomalyCodeChip';

/** A burn's anomalies seldom number more than its codes: one page holds them all. */
const ONE_BURN_PAGE = 25;

/**
 * The burn's fleet anomalies in its dialog, each open or with its check (who,
 * when, what was found), so a reader of one burn sees why it is held back or
 * who cleared it without going to the Fleet screen.
 */
export function BurnAnomalies({ logId }: { logId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const wanted = { filter: { log_id: [logId] }, page: 0, perPage: ONE_BURN_PAGE };
  const anomalies = useQuery({ queryKey: queryKeys.listFleetAnomalies(wanted), queryFn: () => dataProvider.listFleetAnomalies(wanted) });
  return (
    <Box component="section" aria-labelledby={`burn-${logId}-anomalies`} sx={{ mt: 2 }} data-testid="burn-anomalies">
      <Typography id={`burn-${logId}-anomalies`} variant="subtitle2" component="h3">
        {translate('fleet.burn.heading')}
      </Typography>
      {anomalies.isPending && <Typography variant="body2">{translate('fleet.burn.loading')}</Typography>}
      {anomalies.isError && <RetryAlert message="fleet.anomalies.error" query={anomalies} />}
      {anomalies.data?.rows.length === 0 && <Typography variant="body2">{translate('fleet.burn.none')}</Typography>}
      {anomalies.data?.rows.map((a) => (
        <Box key={a.id} sx={{ mt: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <AnomalyCodeChip anomaly={a} />
            <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
              {translate(a.checked_ts ? 'fleet.burn.checked' : 'fleet.burn.open')}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {a.message}
          </Typography>
          {a.checked_ts && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {translate('fleet.anomalies.checked', {
                who: a.checked_by_name ?? translate('fleet.burn.nobody'),
                when: formatDateTime(a.checked_ts),
                note: a.check_note ?? '',
              })}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
