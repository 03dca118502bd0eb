import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FocusTooltip } from '../layout/FocusTooltip';
import { analysisDisplayState, type AnalysedLog, type AnalysisDisplayState } from '../domain/analysis';
import { AnalysisDetailPanel, type LogSigning } from './AnalysisDetailPanel';
import { ChartOnHover } from './ChartOnHover';
import { popoverTooltipSx } from './popoverTooltip';
import { StatusIcon, type StatusIconKind } from './StatusIcon';

export interface IconAndHover {
  kind: StatusIconKind;
  /** message key of the icon's name */
  label: string;
  hover: ReactNode;
}

function HoverText({ children }: { children: ReactNode }) {
  return <Typography sx={{ p: 1.5, maxWidth: 420 }}>{children}</Typography>;
}

export function iconAndHover(
  state: Exclude<AnalysisDisplayState, { kind: 'none' }>,
  translate: (key: string) => string,
  signing?: LogSigning,
): IconAndHover {
  switch (state.kind) {
    case 'error':
      return { kind: 'cross', label: 'kilnLogs.analysis.error', hover: <HoverText>{state.message}</HoverText> };
    case 'unreadable':
      return { kind: 'cross', label: 'kilnLogs.analysis.error', hover: <HoverText>{translate('kilnLogs.analysis.unreadable')}</HoverText> };
    case 'unknownKilnType':
      return {
        kind: state.valid ? 'tick' : 'cross',
        label: state.valid ? 'kilnLogs.analysis.valid' : 'kilnLogs.analysis.invalid',
        hover: <HoverText>{translate('kilnLogs.analysis.unknownKilnType')}</HoverText>,
      };
    case 'result':
      return {
        kind: state.valid ? 'tick' : 'cross',
        label: state.valid ? 'kilnLogs.analysis.valid' : 'kilnLogs.analysis.invalid',
        hover: <AnalysisDetailPanel result={state.result} kilnType={state.kilnType} signing={signing} />,
      };
  }
}

/**
 * docs/product.md#analysis-display-per-burn: a red cross with the error on hover;
 * else, for a result, a green tick (valid) or red cross with the detail panel
 * on hover, keyboard focus, Enter or Space (FocusTooltip); the chart icon beside it; nothing otherwise.
 */
export function AnalysisDisplay({ log }: { log: AnalysedLog & Partial<LogSigning> & { id: number } }) {
  const translate = useTranslate();
  const state = analysisDisplayState(log);
  if (state.kind === 'none') return null;
  const { kind, label, hover } = iconAndHover(
    state,
    translate,
    log.signed === undefined ? undefined : { signed: log.signed, key_fingerprint: log.key_fingerprint ?? null },
  );
  return (
    <Stack direction="row" alignItems="center" gap={0.5}>
      <FocusTooltip title={<Box>{hover}</Box>} placement="right" slotProps={{ tooltip: { sx: popoverTooltipSx } }}>
        {(trigger) => <StatusIcon kind={kind} label={translate(label)} {...trigger} />}
      </FocusTooltip>
      <ChartOnHover logId={log.id} />
    </Stack>
  );
}
