import { useState, type ReactElement } from 'react';
import { Box, ButtonBase, Checkbox, List, ListItem, Stack, Toolbar, Typography } from '@mui/material';
import { RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import { analysisDisplayState } from '../domain/analysis';
import type { KilnLog } from '../domain/api/kilnLogs';
import { formatDate, formatDateTime } from '../domain/dates';
import { ListEmpty } from '../layout/ListStates';
import { AnomalyMark } from '../fleet/OpenAnomalyMarks';
import { iconAndHover } from './AnalysisDisplay';
import { AnalysisDialog, Figures, logName } from './AnalysisDialog';
import { kilnLogStatus } from './kilnLogCsv';
import { StatusIcon } from './StatusIcon';

const noWrap = { whiteSpace: 'nowrap' } as const;

/**
 * The phone's kiln logs (M8): each entry shows the analysis tick or cross, the
 * status and the CO2 and biochar; a tap opens the analysis and the chart a
 * desktop user gets on hover. Dates never break inside.
 */
export function KilnLogPhoneList({
  actions,
  archived = false,
  bulkActions,
}: {
  actions: ReactElement;
  archived?: boolean;
  /** what may be done with the selected logs; none: the entries have no checkbox */
  bulkActions?: ReactElement;
}) {
  const translate = useTranslate();
  const { data, isPending, selectedIds, onToggleItem } = useListContext<KilnLog>();
  const [opened, setOpened] = useState<KilnLog | null>(null);
  if (isPending) return null;
  if (!data?.length) return <ListEmpty message="kilnLogs.list.noMatch" />;
  const na = translate('kilnLogs.analysis.notAvailable');
  return (
    <>
      {bulkActions && selectedIds.length > 0 && <Toolbar disableGutters>{bulkActions}</Toolbar>}
      <List disablePadding aria-label={translate('pages.kilnLogs')}>
        {data.map((log, index) => {
          const state = analysisDisplayState(log);
          const icon = state.kind === 'none' ? null : iconAndHover(state, translate);
          return (
            <RecordContextProvider key={log.id} value={log}>
              <ListItem disablePadding divider={index < data.length - 1} sx={{ alignItems: 'flex-start' }}>
                {bulkActions && (
                  <Checkbox
                    checked={selectedIds.includes(log.id)}
                    onChange={() => onToggleItem(log.id)}
                    slotProps={{ input: { 'aria-label': translate('kilnLogs.phone.select', { name: logName(log, na) }) } }}
                    sx={{ mt: 0.5 }}
                  />
                )}
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
