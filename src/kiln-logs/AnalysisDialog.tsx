import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslate } from 'react-admin';
import { analysisDisplayState, gpsWidgetState } from '../domain/analysis';
import type { KilnLog } from '../domain/api/kilnLogs';
import { formatCarbon } from '../domain/carbon';
import { formatDateTime } from '../domain/dates';
import { BurnAnomalies } from '../fleet/BurnAnomalies';
import { useSmallScreen } from '../layout/useSmallScreen';
import { iconAndHover } from './AnalysisDisplay';
import { BurnChartPanel } from './ChartOnHover';
import { isCreditable } from './kilnLogCsv';
import { SignedIcon } from './SignedIcon';
import { ValidationWidget } from './ValidationWidget';

const GPS_LABELS = { pass: 'kilnLogs.gps.pass', fail: 'kilnLogs.gps.fail', notApplicable: 'kilnLogs.gps.notApplicable' };

const noWrap = { whiteSpace: 'nowrap' } as const;

/** A log's CO2 and biochar, struck through (and said so) when the burn cannot be credited; N/A without an analysis. */
export function Figures({ log }: { log: KilnLog }) {
  const translate = useTranslate();
  const detail = log.analysis_detail;
  if (!detail) return <>{translate('kilnLogs.analysis.notAvailable')}</>;
  const text = translate('kilnLogs.phone.figures', {
    co2: formatCarbon(detail.co2_removed, 'figure'),
    biochar: formatCarbon(detail.biochar_produced, 'figure'),
  });
  if (isCreditable(log)) return <>{text}</>;
  return (
    <Box component="span" sx={{ textDecoration: 'line-through' }}>
      {text}
      <Box
        component="span"
        sx={visuallyHidden}
      >{` (${translate(log.kiln_pending ? 'kilnLogs.analysis.pendingKiln' : 'kilnLogs.analysis.notCreditable')})`}</Box>
    </Box>
  );
}

/** Where the log is from and when, as the row and the dialog's title name it. */
export const logName = (log: KilnLog, na: string) => `${log.kiln_id ?? na} · ${log.facility_name ?? na}`;

/**
 * What a desktop user reads on hover, for a tap (M8): the analysis (its detail
 * panel, or the error), the GPS check, the figures, and the burn chart.
 */
export function AnalysisDialog({ log, onClose }: { log: KilnLog; onClose: () => void }) {
  const translate = useTranslate();
  const small = useSmallScreen();
  const na = translate('kilnLogs.analysis.notAvailable');
  const state = analysisDisplayState(log);
  const shown = state.kind === 'none' ? null : iconAndHover(state, translate, log);
  return (
    <Dialog fullScreen={small} fullWidth maxWidth="md" open onClose={onClose} aria-labelledby={`log-${log.id}-title`}>
      <DialogTitle id={`log-${log.id}-title`}>
        {logName(log, na)}
        <Typography variant="body2" color="text.secondary" sx={noWrap}>
          {log.logts ? formatDateTime(log.logts) : log.file_name}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ValidationWidget state={gpsWidgetState(log)} labels={GPS_LABELS} />
          <Typography variant="body2">{translate(GPS_LABELS[gpsWidgetState(log)])}</Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          <SignedIcon log={log} />
          <Typography variant="body2">{translate(log.signed ? 'kilnLogs.signed.yes' : 'kilnLogs.signed.no')}</Typography>
        </Stack>
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Figures log={log} />
        </Typography>
        {shown ? <Box sx={{ mx: -1.5 }}>{shown.hover}</Box> : <Typography sx={{ mt: 1 }}>{na}</Typography>}
        {log.analysis_detail && <BurnAnomalies logId={log.id} />}
        {state.kind !== 'none' && (
          <Box sx={{ height: 380, mt: 1 }}>
            <BurnChartPanel logId={log.id} fill />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('forms.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
