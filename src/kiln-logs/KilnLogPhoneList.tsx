import { useState, type ReactElement } from 'react';
import {
  Box,
  ButtonBase,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button,
  List,
  ListItem,
  Stack,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import { analysisDisplayState, gpsWidgetState } from '../domain/analysis';
import type { KilnLog } from '../domain/api/kilnLogs';
import { formatCarbon } from '../domain/carbon';
import { formatDate, formatDateTime } from '../domain/dates';
import { ListEmpty } from '../layout/ListStates';
import { AnomalyMark } from '../fleet/OpenAnomalyMarks';
import { iconAndHover } from './AnalysisDisplay';
import { BurnChartPanel } from './ChartOnHover';
import { isCreditable, kilnLogStatus } from './kilnLogCsv';
import { SignedIcon } from './SignedIcon';
import { StatusIcon } from './StatusIcon';
import { ValidationWidget } from './ValidationWidget';

const GPS_LABELS = { pass: 'kilnLogs.gps.pass', fail: 'kilnLogs.gps.fail', notApplicable: 'kilnLogs.gps.notApplicable' };

const noWrap = { whiteSpace: 'nowrap' } as const;

/** A log's CO2 and biochar, struck through (and said so) when the burn cannot be credited; N/A without an analysis. */
function Figures({ log }: { log: KilnLog }) {
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
const logName = (log: KilnLog, na: string) => `${log.kiln_id ?? na} · ${log.facility_name ?? na}`;

/**
 * What a desktop user reads on hover, for a tap (M8): the analysis (its detail
 * panel, or the error), the GPS check, the figures, and the burn chart.
 */
function AnalysisDialog({ log, onClose }: { log: KilnLog; onClose: () => void }) {
  const translate = useTranslate();
  const na = translate('kilnLogs.analysis.notAvailable');
  const state = analysisDisplayState(log);
  const shown = state.kind === 'none' ? null : iconAndHover(state, translate, log);
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby={`log-${log.id}-title`}>
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

/**
 * The phone's kiln logs (M8): each entry shows the analysis tick or cross, the
 * status and the CO2 and biochar; a tap opens the analysis and the chart a
 * desktop user gets on hover. Dates never break inside.
 */
export function KilnLogPhoneList({ actions, archived = false }: { actions: ReactElement; archived?: boolean }) {
  const translate = useTranslate();
  const { data, isPending } = useListContext<KilnLog>();
  const [opened, setOpened] = useState<KilnLog | null>(null);
  if (isPending) return null;
  if (!data?.length) return <ListEmpty message="kilnLogs.list.noMatch" />;
  const na = translate('kilnLogs.analysis.notAvailable');
  return (
    <>
      <List disablePadding aria-label={translate('pages.kilnLogs')}>
        {data.map((log, index) => {
          const state = analysisDisplayState(log);
          const icon = state.kind === 'none' ? null : iconAndHover(state, translate);
          return (
            <RecordContextProvider key={log.id} value={log}>
              <ListItem disablePadding divider={index < data.length - 1} sx={{ alignItems: 'flex-start' }}>
                <ButtonBase
                  aria-haspopup="dialog"
                  onClick={() => setOpened(log)}
                  sx={{
                    flex: 1,
                    minWidth: 0,
                    display: 'block',
                    textAlign: 'left',
                    px: 1,
                    py: 1.25,
                    '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
                  }}
                >
                  <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
                    {logName(log, na)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={noWrap}>
                    {log.logts ? formatDateTime(log.logts) : log.file_name}
                  </Typography>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    {icon && <StatusIcon kind={icon.kind} label={translate(icon.label)} tabIndex={-1} />}
                    <Typography variant="body2">
                      {translate(`kilnLogs.filters.${kilnLogStatus(log)}`)} · <Figures log={log} />
                    </Typography>
                  </Stack>
                  {archived && log.archived_ts && log.delete_after && (
                    <Typography variant="body2" color="text.secondary">
                      {translate('kilnLogs.phone.archived', {
                        archived: formatDate(log.archived_ts),
                        deleteAfter: formatDate(log.delete_after),
                      })}
                    </Typography>
                  )}
                </ButtonBase>
                {/* beside the entry's button, not inside it: a link in a button is not followed */}
                <Box sx={{ py: 0.5, display: 'flex', alignItems: 'center' }}>
                  <AnomalyMark logId={log.id} />
                  {actions}
                </Box>
              </ListItem>
            </RecordContextProvider>
          );
        })}
      </List>
      {opened && <AnalysisDialog log={opened} onClose={() => setOpened(null)} />}
    </>
  );
}
