import type { ReactElement } from 'react';
import { LabelledExportButton } from '../layout/LabelledExportButton';
import { cloneElement } from 'react';
import type { Theme } from '@mui/material';
import { Datagrid, FilterButton, List, TopToolbar, WrapperField, useTranslate } from 'react-admin';
import { useSmallScreen } from '../layout/useSmallScreen';
import { KilnLogPhoneList } from './KilnLogPhoneList';
import type { KilnLog } from '../domain/api/kilnLogs';
import { ClearFiltersButton } from '../layout/ClearFiltersButton';
import { csvExporter } from '../layout/csvExporter';
import { kilnLogCsvRow } from './kilnLogCsv';
import type { KilnLogSortField } from '../domain/api/kilnLogs';
import { kilnLogColumns } from './kilnLogColumns';
import { useKilnLogFilters } from './kilnLogFilters';
import { ListEmpty, ListError, ListPager } from '../layout/ListStates';
import { OpenAnomalyMarks } from '../fleet/OpenAnomalyMarks';
import { ONLY_LOGGED, useFailureReport } from '../layout/failures';

export const KILN_LOG_PAGE_SIZE = 25;

const logIdOf = (row: { id: unknown }) => Number(row.id);

/**
 * A table wider than the window scrolls inside its own box, never the page, and
 * its Actions column stays in view at the right edge (Restore was off screen).
 */
const SCROLL_INSIDE = {
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto', maxWidth: '100%' },
  '& .RaDatagrid-headerCell:last-of-type, & .RaDatagrid-rowCell:last-of-type': {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    boxShadow: (theme: Theme) => `-1px 0 0 ${theme.palette.divider}`,
  },
} as const;

interface KilnLogListProps {
  resource: string;
  sort: { field: KilnLogSortField; order: 'ASC' | 'DESC' };
  /** message key shown when there are no logs at all */
  empty: string;
  /** columns after the common ones */
  extraColumns?: ReactElement[];
  /** the row commands, reading the row from the record context */
  actions: ReactElement;
  /** offer the Audited filter (not on the archived list, which holds no audited logs) */
  auditedFilter?: boolean;
  /** the CSV export's file name (without .csv) and whether it carries the archive dates */
  exportAs: { fileName: string; archived: boolean };
  /** what may be done with the selected logs (a batch of them); none: no selection */
  bulkActions?: ReactElement;
}

/** A paged, sorted, filtered kiln log list (live or archived) with the common columns. */
export function KilnLogList({
  resource,
  sort,
  empty,
  extraColumns = [],
  actions,
  auditedFilter = true,
  exportAs,
  bulkActions,
}: KilnLogListProps) {
  const small = useSmallScreen();
  const allFilters = useKilnLogFilters({ audited: auditedFilter });
  // on a phone the filters but the search wait behind the Filter button, so the page never scrolls sideways
  // (the search field has no label to list it by: the Add filter menu named it "Q")
  const filters = small
    ? allFilters.map((filter) => (filter.key === 'q' ? filter : cloneElement(filter, { alwaysOn: false })))
    : allFilters;
  const translate = useTranslate();
  const report = useFailureReport();
  // the export holds what the filters select, in the list's order (ExportButton passes both)
  const exporter = csvExporter<KilnLog>(exportAs.fileName, (log) => kilnLogCsvRow(log, translate, exportAs.archived));
  return (
    <List
      resource={resource}
      // flex items grow to their content unless allowed to shrink: the table scrolls inside instead
      sx={{ minWidth: 0, maxWidth: '100%', '& .RaList-main': { minWidth: 0 } }}
      title={false}
      actions={
        <TopToolbar sx={{ flexWrap: 'wrap' }}>
          {small && <FilterButton />}
          <ClearFiltersButton />
          <LabelledExportButton />
        </TopToolbar>
      }
      exporter={exporter}
      filters={filters}
      perPage={KILN_LOG_PAGE_SIZE}
      sort={sort}
      empty={<ListEmpty message={empty} />}
      error={<ListError message="kilnLogs.list.loadError" />}
      pagination={<ListPager />}
      // kiln screens only log failed loads (docs/product.md#error-catalogue): the list says so in place
      queryOptions={{ onError: (error) => report(error, ONLY_LOGGED) }}
    >
      <OpenAnomalyMarks idOf={logIdOf}>
        {small ? (
          <KilnLogPhoneList actions={actions} archived={exportAs.archived} bulkActions={bulkActions} />
        ) : (
          <Datagrid
            rowClick={false}
            bulkActionButtons={bulkActions ?? false}
            empty={<ListEmpty message="kilnLogs.list.noMatch" />}
            sx={SCROLL_INSIDE}
          >
            {kilnLogColumns()}
            {extraColumns}
            <WrapperField label="kilnLogs.columns.actions" textAlign="right">
              {actions}
            </WrapperField>
          </Datagrid>
        )}
      </OpenAnomalyMarks>
    </List>
  );
}
