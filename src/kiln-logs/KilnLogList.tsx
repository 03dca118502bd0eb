import type { ReactElement } from 'react';
import { cloneElement } from 'react';
import { Datagrid, ExportButton, FilterButton, List, SimpleList, TopToolbar, WrapperField, useTranslate } from 'react-admin';
import { formatCarbon } from '../domain/carbon';
import { formatDateTime } from '../domain/dates';
import { useSmallScreen } from '../layout/useSmallScreen';
import { kilnLogStatus } from './kilnLogCsv';
import type { KilnLog } from '../domain/api/kilnLogs';
import { ClearFiltersButton } from '../layout/ClearFiltersButton';
import { csvExporter } from '../layout/csvExporter';
import { kilnLogCsvRow } from './kilnLogCsv';
import type { KilnLogSortField } from '../domain/api/kilnLogs';
import { kilnLogColumns } from './kilnLogColumns';
import { useKilnLogFilters } from './kilnLogFilters';
import { ListEmpty, ListError, ListPager } from '../layout/ListStates';

export const KILN_LOG_PAGE_SIZE = 25;

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
}

/** A paged, sorted, filtered kiln log list (live or archived) with the common columns. */
export function KilnLogList({ resource, sort, empty, extraColumns = [], actions, auditedFilter = true, exportAs }: KilnLogListProps) {
  const small = useSmallScreen();
  const allFilters = useKilnLogFilters({ audited: auditedFilter });
  // on a phone the filters wait behind the Filter button, so the page never scrolls sideways
  const filters = small ? allFilters.map((filter) => cloneElement(filter, { alwaysOn: false })) : allFilters;
  const translate = useTranslate();
  // the export holds what the filters select, in the list's order (ExportButton passes both)
  const exporter = csvExporter<KilnLog>(exportAs.fileName, (log) => kilnLogCsvRow(log, translate, exportAs.archived));
  return (
    <List
      resource={resource}
      title={false}
      actions={
        <TopToolbar sx={{ flexWrap: 'wrap' }}>
          {small && <FilterButton />}
          <ClearFiltersButton />
          <ExportButton />
        </TopToolbar>
      }
      exporter={exporter}
      filters={filters}
      perPage={KILN_LOG_PAGE_SIZE}
      sort={sort}
      empty={<ListEmpty message={empty} />}
      error={<ListError message="kilnLogs.list.loadError" />}
      pagination={<ListPager />}
      // kiln screens only log failed loads (spec §8): the list says so in place
      queryOptions={{ onError: (error) => console.error(error) }}
    >
      {small ? (
        <SimpleList<KilnLog>
          primaryText={(log) => `${log.kiln_id ?? translate('kilnLogs.analysis.notAvailable')} · ${log.facility_name ?? translate('kilnLogs.analysis.notAvailable')}`}
          secondaryText={(log) => (log.logts ? formatDateTime(log.logts) : log.file_name)}
          tertiaryText={(log) =>
            `${translate(`kilnLogs.filters.${kilnLogStatus(log)}`)}${log.analysis_detail ? ` · ${formatCarbon(log.analysis_detail.co2_removed, 'figure')} kg CO2` : ''}`
          }
          // the row commands read the row from the record context, as in the Datagrid
          rightIcon={() => actions}
          rowClick={false}
          empty={<ListEmpty message="kilnLogs.list.noMatch" />}
        />
      ) : (
        <Datagrid rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="kilnLogs.list.noMatch" />}>
          {kilnLogColumns()}
          {extraColumns}
          <WrapperField label="kilnLogs.columns.actions" textAlign="right">
            {actions}
          </WrapperField>
        </Datagrid>
      )}
    </List>
  );
}
