import { useMemo, type ReactElement } from 'react';
import { Box } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  ListContextProvider,
  Pagination,
  ResourceContextProvider,
  TextField,
  useList,
  useListContext,
  useTranslate,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { formatCarbon } from '../domain/carbon';
import { auditLogId, sampleRows } from '../domain/audits/audits';
import type { AuditLogRow } from '../domain/audits/types';
import { validationWidgetState } from '../domain/analysis';
import { formatDateTime } from '../domain/dates';
import { KilnTypeChip } from '../kilns/KilnTypeChip';
import { ListEmpty } from '../layout/ListStates';
import { SelectionStableBody } from '../layout/SelectionStableBody';
import { OpenBurnButton } from '../kiln-logs/OpenBurnButton';
import { ValidationWidget } from '../kiln-logs/ValidationWidget';
import { EVERY_ROW } from '../providers/listedInBrowser';
import { RESOURCES } from '../domain/operations';
import { AnomalyMark, OpenAnomalyMarks } from '../fleet/OpenAnomalyMarks';

const GPS_LABELS = { pass: 'kilnLogs.gps.pass', fail: 'kilnLogs.gps.fail', notApplicable: 'kilnLogs.gps.notApplicable' };

type Row = AuditLogRow & RaRecord;

export interface AuditLogSelection {
  /** analysis ids of the chosen burns */
  selectedIds: readonly number[];
  /** the ids asked for by a checkbox, the header's select-all or the toolbar's unselect */
  onChange: (requested: number[]) => void;
  /** whether a burn's checkbox is enabled (e.g. only one facility per audit) */
  isSelectable?: (row: AuditLogRow) => boolean;
}

export interface AuditLogTableProps {
  /** the burns: potential logs, a proposal's, or an audit's */
  logs: readonly AuditLogRow[];
  /** still loading: a progress bar instead of the empty text */
  isPending?: boolean;
  /** selectable rows; none: read-only */
  selection?: AuditLogSelection;
  /** rows per page, with a pager under the table; none: every row (the audit views are not paginated, docs/product.md#audit-log-table) */
  perPage?: number;
  /** the first order of the rows (a column's header changes it); none: as given */
  sort?: SortPayload;
  /** message key shown when there are no logs */
  empty?: string;
  /** accessible name of the table */
  label?: string;
  /** the resource the rows come from; default the audited logs */
  resource?: string;
  /** mark the burns on show that have an open anomaly (Propose Audit) */
  anomalyMarks?: boolean;
  /** each Analysis ID a button opening the burn's analysis and chart (a proposal under review) */
  openBurns?: boolean;
}

function NotAvailable({ text = 'audits.logTable.notAvailable' }: { text?: string }) {
  return <>{useTranslate()(text)}</>;
}

/** 'N rows from date time', or 'No Sample Data' (docs/product.md#audit-log-table). */
function SampleData({ row }: { row: AuditLogRow }) {
  const translate = useTranslate();
  const rows = sampleRows(row.data_sample);
  if (rows.length === 0) return <>{translate('audits.logTable.noSampleData')}</>;
  return <>{translate('audits.logTable.sampleRows', { smart_count: rows.length, first: `${rows[0].d} ${rows[0].t}` })}</>;
}

const kgCell = (kg: number | undefined) => (kg === undefined || !Number.isFinite(kg) ? <NotAvailable /> : formatCarbon(kg, 'figure'));

/** A right-aligned column of one of a burn's analysed figures in kg. */
const kgColumn = (key: string, figure: 'co2_removed' | 'biochar_produced', label: string) => (
  <FunctionField<Row>
    key={key}
    source={`analysis_detail.${figure}`}
    label={label}
    textAlign="right"
    render={(row) => kgCell(row.analysis_detail?.[figure])}
  />
);

const rowId = (row: RaRecord) => Number(row.id);

/** The columns of the audit log table, as Datagrid children. */
function columns(anomalyMarks: boolean, openBurns: boolean) {
  return [
    anomalyMarks || openBurns ? (
      <FunctionField<Row>
        key="analysis_id"
        source="analysis_id"
        label="audits.logTable.analysisId"
        render={(row) => (
          <>
            {openBurns ? <OpenBurnButton logId={auditLogId(row)} /> : row.analysis_id}
            {anomalyMarks && <AnomalyMark logId={auditLogId(row)} />}
          </>
        )}
      />
    ) : (
      <TextField key="analysis_id" source="analysis_id" label="audits.logTable.analysisId" />
    ),
    <TextField key="facility_name" source="facility_name" label="audits.logTable.facility" emptyText="audits.logTable.notAvailable" />,
    <TextField key="kiln_id" source="kiln_id" label="audits.logTable.kilnId" emptyText="audits.logTable.notAvailable" />,
    <FunctionField<Row> key="type" source="type" label="audits.logTable.kilnType" render={(row) => <KilnTypeChip type={row.type} />} />,
    <FunctionField<Row>
      key="logts"
      source="logts"
      label="audits.logTable.logTime"
      render={(row) => (row.logts ? formatDateTime(row.logts) : <NotAvailable />)}
    />,
    <FunctionField<Row>
      key="gps"
      source="gps_in_range"
      label="audits.logTable.gpsInRange"
      textAlign="center"
      render={(row) => (
        <ValidationWidget
          state={validationWidgetState(row.gps_in_range, row.gps_in_range !== null && row.gps_in_range !== undefined)}
          labels={GPS_LABELS}
        />
      )}
    />,
    <FunctionField<Row> key="sample" label="audits.logTable.sampleData" sortable={false} render={(row) => <SampleData row={row} />} />,
    kgColumn('co2', 'co2_removed', 'audits.logTable.co2Removed'),
    kgColumn('biochar', 'biochar_produced', 'audits.logTable.biocharProduced'),
    <FunctionField<Row>
      key="version"
      source="algorithm_version"
      label="audits.logTable.algorithmVersion"
      render={(row) => row.algorithm_version || <NotAvailable text="audits.logTable.none" />}
    />,
  ];
}

// checkboxes without react-admin's bulk toolbar: the page shows the selection in a bar of its own, and no hidden
// toolbar button stays in the tab order
const CHECKBOXES_ONLY = <></>;
const NO_BULK_TOOLBAR = <></>;

/** The open anomaly lookup of the rows on show, only where the table marks them. */
function MaybeMarks({ on, children }: { on: boolean; children: ReactElement }) {
  return on ? <OpenAnomalyMarks idOf={rowId}>{children}</OpenAnomalyMarks> : children;
}

/** The pager's page sizes: a few screens of burns, never hundreds of rows at once. */
export const AUDIT_LOG_PAGE_SIZES = [25, 50, 100];

/** Keeps react-admin's own selection state out: the table shows and asks for the parent's selection. */
function controlledSelection(list: ReturnType<typeof useListContext<Row>>, selection: AuditLogSelection) {
  const selected = [...selection.selectedIds];
  return {
    ...list,
    selectedIds: selected,
    onSelect: (ids: Row['id'][]) => selection.onChange(ids.map(Number)),
    onToggleItem: (id: Row['id']) =>
      selection.onChange(selected.includes(Number(id)) ? selected.filter((s) => s !== Number(id)) : [...selected, Number(id)]),
    onUnselectItems: () => selection.onChange([]),
  };
}

/**
 * The audit log table (docs/product.md#audit-log-table): burns to select for a proposal, or read-only
 * in the review and the audited-logs modal. A missing analysis reads 'N/A'
 * (figures) or 'None' (version), a log without a sample 'No Sample Data'.
 * Not paginated unless `perPage` is given; wide tables scroll inside their box.
 */
export function AuditLogTable({
  logs,
  isPending = false,
  selection,
  perPage,
  empty = 'audits.logTable.empty',
  label,
  resource = RESOURCES.auditedLogs,
  sort,
  anomalyMarks = false,
  openBurns = false,
}: AuditLogTableProps) {
  const translate = useTranslate();
  const data = useMemo(() => logs.map((row) => ({ ...row, id: auditLogId(row) })), [logs]);
  const list = useList<Row>({ data, isPending, perPage: perPage ?? EVERY_ROW.perPage, resource, sort });
  const value = selection ? controlledSelection(list, selection) : list;
  return (
    <ResourceContextProvider value={resource}>
      <ListContextProvider value={value}>
        <Box
          sx={{ overflowX: 'auto', maxWidth: '100%' }}
          role={label ? 'region' : undefined}
          aria-label={label ? translate(label) : undefined}
          tabIndex={0}
        >
          <MaybeMarks on={anomalyMarks}>
            <Datagrid
              rowClick={selection ? 'toggleSelection' : false}
              bulkActionButtons={selection ? CHECKBOXES_ONLY : false}
              bulkActionsToolbar={selection ? NO_BULK_TOOLBAR : undefined}
              isRowSelectable={selection?.isSelectable}
              body={SelectionStableBody}
              empty={<ListEmpty message={empty} />}
            >
              {columns(anomalyMarks, openBurns)}
            </Datagrid>
          </MaybeMarks>
        </Box>
        {perPage !== undefined && (
          <Pagination rowsPerPageOptions={[...new Set([perPage, ...AUDIT_LOG_PAGE_SIZES])].sort((a, b) => a - b)} />
        )}
      </ListContextProvider>
    </ResourceContextProvider>
  );
}
