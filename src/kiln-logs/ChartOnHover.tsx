import { lazy, Suspense, useState } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import { Box, Dialog, IconButton, Stack, Tooltip, Typography, useMediaQuery } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { burnMarks } from '../domain/chartData';
import { Loading } from '../layout/Loading';
import { RetryAlert } from '../layout/RetryAlert';
import type { ApiDataProvider } from '../providers/dataProvider';
import { CHART_SIZE, NARROW_WINDOW_QUERY } from './chartSize';
import { popoverTooltipSx } from './popoverTooltip';
import { queryKeys } from '../providers/queryKeys';

const BurnChart = lazy(() => import('./BurnChart'));

/**
 * The chart icon beside a burn's analysis (docs/product.md#analysis-display-per-burn): hovering or focusing it
 * shows the burn chart, whose points are fetched only then; clicking it (or
 * the pin) keeps the chart open until it is unpinned, closed or Escape is pressed. In a window
 * too narrow for the 650-pixel chart, the icon opens it in a full-screen dialog.
 */
export function ChartOnHover({ logId }: { logId: number }) {
  const translate = useTranslate();
  const narrow = useMediaQuery(NARROW_WINDOW_QUERY);
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const icon = (onClick: () => void) => (
    <IconButton size="small" aria-label={translate('kilnLogs.chart.show')} aria-pressed={narrow ? undefined : pinned} onClick={onClick}>
      <ShowChartIcon fontSize="small" />
    </IconButton>
  );

  if (narrow) {
    return (
      <>
        {icon(() => setPinned(true))}
        <Dialog
          fullScreen
          open={pinned}
          onClose={() => setPinned(false)}
          slotProps={{ paper: { 'aria-label': translate('kilnLogs.chart.title') } }}
        >
          <BurnChartPanel logId={logId} fill onClose={() => setPinned(false)} />
        </Dialog>
      </>
    );
  }

  const open = hovered || pinned;
  return (
    <Tooltip
      open={open}
      onOpen={() => setHovered(true)}
      onClose={(event) => {
        setHovered(false);
        // Escape dismisses the chart, pinned or not (WCAG 1.4.13: content on hover or focus is dismissible)
        if (event.type === 'keydown') setPinned(false);
      }}
      enterDelay={300}
      describeChild
      placement="left"
      title={
        open ? (
          <BurnChartPanel
            logId={logId}
            pinned={pinned}
            onPin={() => setPinned((p) => !p)}
            onClose={() => {
              setPinned(false);
              setHovered(false);
            }}
          />
        ) : (
          ''
        )
      }
      slotProps={{ tooltip: { sx: popoverTooltipSx } }}
    >
      {icon(() => setPinned((p) => !p))}
    </Tooltip>
  );
}

interface PanelProps {
  logId: number;
  /** in a full-screen dialog: the chart fills it */
  fill?: boolean;
  pinned?: boolean;
  onPin?: () => void;
  /** without it, no Close button (the panel sits in a dialog with its own) */
  onClose?: () => void;
}

export function BurnChartPanel({ logId, fill = false, pinned = false, onPin, onClose }: PanelProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const log = useQuery({
    queryKey: queryKeys.getKilnLog(logId),
    queryFn: () => dataProvider.getKilnLog(logId),
  });
  const { data } = log;
  const marks = data ? burnMarks(data.analysis) : null;
  let content;
  if (log.isError) content = <RetryAlert message="kilnLogs.chart.loadError" query={log} />;
  else if (!data) content = <Loading />;
  else if (data.chart_data.length === 0) content = <Typography sx={{ p: 2 }}>{translate('kilnLogs.chart.empty')}</Typography>;
  else
    content = (
      <Suspense fallback={<Loading />}>
        <BurnChart points={data.chart_data} marks={marks} fill={fill} />
      </Suspense>
    );
  return (
    <Box
      role="figure"
      aria-label={translate('kilnLogs.chart.title')}
      sx={
        fill
          ? { display: 'flex', flexDirection: 'column', height: '100%', p: 1 }
          : { minWidth: CHART_SIZE.width, minHeight: CHART_SIZE.height, p: 1 }
      }
    >
      <Stack direction="row" alignItems="center" spacing={1}>
        <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
          {translate('kilnLogs.chart.title')}
        </Typography>
        {onPin && (
          <IconButton
            size="small"
            aria-label={translate(pinned ? 'kilnLogs.chart.unpin' : 'kilnLogs.chart.pin')}
            aria-pressed={pinned}
            onClick={onPin}
          >
            {pinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
          </IconButton>
        )}
        {onClose && (
          <IconButton size="small" aria-label={translate('kilnLogs.chart.close')} onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <Box sx={fill ? { flex: 1, minHeight: 0 } : undefined}>{content}</Box>
      {marks && marks.hotSpans.length > 0 && (
        <Typography variant="caption" component="p" color="text.secondary">
          {translate('kilnLogs.chart.shaded')}
        </Typography>
      )}
    </Box>
  );
}
