import { lazy, Suspense, useState } from 'react';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import { Alert, Box, IconButton, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Loading } from '../layout/Loading';
import type { KilnDataProvider } from '../providers/dataProvider';
import { CHART_SIZE } from './chartSize';
import { KILN_LOGS } from './kilnLogMethods';
import { popoverTooltipSx } from './popoverTooltip';

const BurnChart = lazy(() => import('./BurnChart'));

/**
 * The chart icon beside a burn's analysis (spec §2): hovering, focusing or
 * clicking it shows the burn chart, whose points are fetched only then.
 */
export function ChartOnHover({ logId }: { logId: number }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Tooltip
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      enterDelay={300}
      describeChild
      placement="left"
      title={open ? <BurnChartPanel logId={logId} /> : ''}
      slotProps={{ tooltip: { sx: popoverTooltipSx } }}
    >
      <IconButton size="small" aria-label={translate('kilnLogs.chart.show')} onClick={() => setOpen((o) => !o)}>
        <ShowChartIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function BurnChartPanel({ logId }: { logId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<KilnDataProvider>();
  const { data, isError } = useQuery({
    queryKey: [KILN_LOGS, 'detail', logId],
    queryFn: () => dataProvider.getKilnLogDetail(logId),
  });
  let content;
  if (isError) content = <Alert severity="error">{translate('kilnLogs.chart.loadError')}</Alert>;
  else if (!data) content = <Loading />;
  else if (data.chart_data.length === 0) content = <Typography sx={{ p: 2 }}>{translate('kilnLogs.chart.empty')}</Typography>;
  else
    content = (
      <Suspense fallback={<Loading />}>
        <BurnChart points={data.chart_data} />
      </Suspense>
    );
  return (
    <Box role="figure" aria-label={translate('kilnLogs.chart.title')} sx={{ minWidth: CHART_SIZE.width, minHeight: CHART_SIZE.height, p: 1 }}>
      {content}
    </Box>
  );
}
