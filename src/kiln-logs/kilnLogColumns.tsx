import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { FunctionField, TextField, useTranslate } from 'react-admin';
import { isCreditable } from './kilnLogCsv';
import { FocusTooltip } from '../layout/FocusTooltip';
import { formatCarbon } from '../domain/carbon';
import { gpsWidgetState } from '../domain/analysis';
import type { AnalysisDetail, KilnLog } from '../domain/api/kilnLogs';
import { formatDate, formatDateTime } from '../domain/dates';
import { formatFileSize } from '../domain/format';
import { PendingChip } from '../kilns/PendingChip';
import { AnomalyMark } from '../fleet/OpenAnomalyMarks';
import { AnalysisDisplay } from './AnalysisDisplay';
import { SignedIcon } from './SignedIcon';
import { ValidationWidget } from './ValidationWidget';

const GPS_LABELS = { pass: 'kilnLogs.gps.pass', fail: 'kilnLogs.gps.fail', notApplicable: 'kilnLogs.gps.notApplicable' };

const NOT_AVAILABLE = 'kilnLogs.analysis.notAvailable';

// identifiers, sizes and dates read as one token: "CG1- / 0024" or "49.58 / KB" is hard to scan (p12)
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function NotAvailable() {
  return <>{useTranslate()(NOT_AVAILABLE)}</>;
}

/** A figure of a burn that is not valid: struck through and greyed, and said so to every reader. */
function NotCreditable({ text, pending }: { text: string; pending: boolean }) {
  const translate = useTranslate();
  const reason = translate(pending ? 'kilnLogs.analysis.pendingKiln' : 'kilnLogs.analysis.notCreditable');
  return (
    // the reason is in the text for screen readers already
    <FocusTooltip title={reason} describeChild={false}>
      {(trigger) => (
        <Box component="span" tabIndex={0} {...trigger} sx={{ color: 'text.secondary', textDecoration: 'line-through' }}>
          {text}
          <Box component="span" sx={visuallyHidden}>
            {` (${reason})`}
          </Box>
        </Box>
      )}
    </FocusTooltip>
  );
}

/**
 * A per-log kg figure of the analysis detail (docs/product.md#constants-and-limits: 1 decimal), sorted by
 * the API's sort field of the same name.
 */
function perLogKgColumn(name: keyof AnalysisDetail, label: string) {
  return (
    <FunctionField<KilnLog>
      key={name}
      source={`analysis_detail.${name}`}
      sortBy={name}
      label={label}
      textAlign="right"
      render={(log) => {
        const kg = log.analysis_detail?.[name];
        if (kg === undefined) return <NotAvailable />;
        return isCreditable(log) ? (
          formatCarbon(kg, 'figure')
        ) : (
          <NotCreditable text={formatCarbon(kg, 'figure')} pending={log.kiln_pending} />
        );
      }}
    />
  );
}

/** A column of one of a log's times, on one line; `absent` stands where the log has none. */
function timeColumn(
  name: 'logts' | 'upload_ts' | 'archived_ts' | 'delete_after',
  label: string,
  format: (ts: string) => string,
  absent: ReactNode = null,
) {
  return (
    <FunctionField<KilnLog>
      key={name}
      source={name}
      label={label}
      sx={NO_WRAP}
      render={(log) => {
        const ts = log[name];
        return ts ? format(ts) : absent;
      }}
    />
  );
}

/**
 * The columns both kiln log lists show, as Datagrid children; each sorts by
 * the API's sort field of the same name (or its sortBy).
 */
export function kilnLogColumns() {
  return [
    <FunctionField<KilnLog>
      key="kiln_id"
      source="kiln_id"
      label="kilnLogs.columns.kilnId"
      render={(log) => (
        <>
          <Box component="span" sx={NO_WRAP}>
            {log.kiln_id ?? <NotAvailable />}
          </Box>
          {log.kiln_pending && <PendingChip title="kilnLogs.analysis.pendingKiln" />}
          <AnomalyMark logId={log.id} />
        </>
      )}
    />,
    <TextField key="facility_name" source="facility_name" label="kilnLogs.columns.facility" emptyText={NOT_AVAILABLE} />,
    timeColumn('logts', 'kilnLogs.columns.logTime', formatDateTime, <NotAvailable />),
    timeColumn('upload_ts', 'kilnLogs.columns.uploaded', formatDateTime),
    <TextField key="file_name" source="file_name" label="kilnLogs.columns.fileName" />,
    <FunctionField<KilnLog>
      key="file_size"
      source="file_size"
      label="kilnLogs.columns.fileSize"
      textAlign="right"
      sx={NO_WRAP}
      render={(log) => formatFileSize(log.file_size)}
    />,
    <FunctionField<KilnLog>
      key="gps_in_range"
      source="gps_in_range"
      label="kilnLogs.columns.gpsInRange"
      textAlign="center"
      render={(log) => <ValidationWidget state={gpsWidgetState(log)} labels={GPS_LABELS} />}
    />,
    <FunctionField<KilnLog>
      key="signed"
      source="signed"
      label="kilnLogs.columns.signed"
      sortable={false}
      textAlign="center"
      render={(log) => <SignedIcon log={log} />}
    />,
    <FunctionField<KilnLog>
      key="analysis"
      label="kilnLogs.columns.analysis"
      sortBy="analysis"
      render={(log) => <AnalysisDisplay log={log} />}
    />,
    perLogKgColumn('co2_removed', 'kilnLogs.columns.co2Removed'),
    perLogKgColumn('biochar_produced', 'kilnLogs.columns.biocharProduced'),
  ];
}

/** The archived list's own columns: when the log was archived and when it will be deleted (DD-MMM-YYYY). */
export function archiveColumns() {
  return [
    timeColumn('archived_ts', 'kilnLogs.columns.archived', formatDate),
    timeColumn('delete_after', 'kilnLogs.columns.deleteAfter', formatDate),
  ];
}
