import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LabelledExportButton } from '../layout/LabelledExportButton';
import { Box, Button, Divider, List as MuiList, ListItem, Stack, Typography } from '@mui/material';
import DescriptionIcon from '@mui/icons-material/Description';
import ListAltIcon from '@mui/icons-material/ListAlt';
import {
  Datagrid,
  downloadCSV,
  FunctionField,
  List,
  TopToolbar,
  useInput,
  useListContext,
  useTranslate,
  type DataProvider,
  type Exporter,
} from 'react-admin';
import { auditIdentityParts } from '../domain/audits/identity';
import { formatCarbon } from '../domain/carbon';
import { auditHistoryCsvRows } from '../domain/audits/historyCsv';
import { formatAuditTimestamp } from '../domain/audits/audits';
import type { AuditHistoryItem } from '../domain/api/audits';
import type { AuditLogRow } from '../domain/audits/types';
import { RESOURCES } from '../domain/operations';
import { FACILITY_DROPDOWN_WIDTH, FacilityDropdown } from '../facilities/FacilityDropdown';
import { useSmallScreen } from '../layout/useSmallScreen';
import { DateFilterInput } from '../kiln-logs/DateFilterInput';
import { csvText } from '../layout/csvExporter';
import { ListEmpty, ListError, ListPager } from '../layout/ListStates';
import { useFailureReport, type FailureTexts } from '../layout/failures';
import { Page } from '../layout/Page';
import { EVERY_ROW } from '../providers/listedInBrowser';
import { AuditedLogsDialog } from './AuditedLogsDialog';
import { AuditEvidenceDialog } from './AuditEvidenceDialog';
import { AuditPeople } from './AuditPeople';
import { AuditReportDialog, ViewReportButton } from './AuditReportDialog';
import { CarbonSummaryPanel } from './CarbonSummaryPanel';
import { DownloadPackageButton, DownloadReportButton } from './DownloadPackageButton';
import { historyTarget } from './historyLink';
import { PackageDigest } from './PackageDigest';
import { ProposalKilnType } from './ProposalLabel';

/** The row a link names (the audit just signed off): a coloured background and a left border, as a selected row elsewhere. */
const MARKED_ROW = {
  bgcolor: 'action.selected',
  boxShadow: (theme: { palette: { primary: { main: string } } }) => `inset 4px 0 0 ${theme.palette.primary.main}`,
};

/** Audit history page size (docs/product.md#constants-and-limits). */
export const AUDIT_HISTORY_PAGE_SIZE = 10;

// docs/product.md#error-catalogue gives this failure a title only
const HISTORY_FAILURE: FailureTexts = { title: 'audits.history.errorTitle' };

type AuditRecord = AuditHistoryItem;

type OpenDialog = { kind: 'evidence' | 'logs' | 'report'; audit: AuditRecord };

/** The facility picker as the list's facility_id filter. */
function FacilityFilter({ source }: { source: string; alwaysOn?: boolean }) {
  const { field } = useInput({ source });
  const value = field.value === '' || field.value == null ? null : Number(field.value);
  return (
    // the filter form's flex row squeezed the picker to its label's first letter on a phone
    <Box sx={{ mb: 2.5, width: FACILITY_DROPDOWN_WIDTH, maxWidth: '100%' }}>
      <FacilityDropdown value={value} onChange={(id) => field.onChange(id ?? '')} />
    </Box>
  );
}

const FILTERS = [
  <FacilityFilter key="facility_id" source="facility_id" alwaysOn />,
  <DateFilterInput key="from" source="from" label="audits.history.from" alwaysOn />,
  <DateFilterInput key="to" source="to" label="audits.history.to" alwaysOn />,
];

/**
 * The CSV of the audits the filter selects: one row per audited burn with the
 * numbers and analysis version frozen at signoff, so a buyer can check which
 * algorithm certified each figure.
 */
function historyExporter(title: (key: string) => string): Exporter<AuditRecord> {
  return async (audits, _fetchRelated, dataProvider: DataProvider) => {
    const burnsOf = async (audit: AuditRecord) =>
      (
        await dataProvider.getList<AuditLogRow & { id: number }>(RESOURCES.auditedLogs, {
          filter: { audit_id: audit.id },
          pagination: EVERY_ROW,
          sort: { field: 'analysis_id', order: 'ASC' },
        })
      ).data;
    const rows = [];
    // one audit at a time: a long history must not fire a burst of calls
    for (const audit of audits) rows.push(...auditHistoryCsvRows(audit, await burnsOf(audit), title));
    downloadCSV(await csvText(rows), 'audit-history');
  };
}

/** With no facility chosen the list is empty for want of one; otherwise the spec's empty text. */
function HistoryEmpty() {
  const { filterValues } = useListContext();
  const chosen = filterValues.facility_id !== undefined && filterValues.facility_id !== '';
  return <ListEmpty message={chosen ? 'audits.history.empty' : 'audits.history.chooseFacility'} />;
}

/**
 * 'Facility Carbon Stats' (docs/product.md#audit-history): the chosen facility's total, or by year
 * or month; before a facility is chosen, every facility's side by side.
 */
function FacilityCarbonStats() {
  const { filterValues } = useListContext();
  const facilityId = filterValues.facility_id === undefined || filterValues.facility_id === '' ? null : Number(filterValues.facility_id);
  return (
    <Box sx={{ mb: 2 }}>
      <CarbonSummaryPanel
        key={facilityId ?? 'all'}
        title="audits.history.carbonStats"
        facilityId={facilityId}
        groupings={facilityId === null ? ['facility', 'total', 'yearly', 'monthly'] : ['total', 'yearly', 'monthly']}
      />
    </Box>
  );
}

function AuditActions({ audit, onOpen }: { audit: AuditRecord; onOpen: (dialog: OpenDialog) => void }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }} useFlexGap>
      <Button size="small" startIcon={<DescriptionIcon />} onClick={() => onOpen({ kind: 'evidence', audit })}>
        {translate('audits.evidence.open')}
      </Button>
      <Button size="small" startIcon={<ListAltIcon />} onClick={() => onOpen({ kind: 'logs', audit })}>
        {translate('audits.auditedLogs.open')}
      </Button>
      <ViewReportButton audit={audit} onOpen={() => onOpen({ kind: 'report', audit })} />
      <DownloadReportButton auditId={audit.id} />
      <DownloadPackageButton auditId={audit.id} />
    </Stack>
  );
}

/**
 * The phone's history (m5): each audit named and figured on its own lines, with
 * View Audit and View Audited Logs in view rather than off to the right of a table.
 */
function AuditHistoryPhoneList({ onOpen, marked }: { onOpen: (dialog: OpenDialog) => void; marked: number | null }) {
  const translate = useTranslate();
  const { data, isPending } = useListContext<AuditRecord>();
  if (isPending) return null;
  if (!data?.length) return <HistoryEmpty />;
  return (
    <MuiList disablePadding aria-label={translate('pages.auditHistory')}>
      {data.map((a, index) => (
        <Box
          key={a.id}
          component="li"
          aria-current={a.id === marked ? 'true' : undefined}
          sx={{ listStyle: 'none', ...(a.id === marked ? MARKED_ROW : {}) }}
        >
          {index > 0 && <Divider />}
          <ListItem component="div" sx={{ display: 'block', px: 1, py: 1.5 }}>
            <Typography variant="subtitle1" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {auditIdentityParts(a).job}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {`${formatAuditTimestamp(a.signoff_ts)} · ${translate('audits.history.proposalId')} ${a.id}`}
            </Typography>
            <ProposalKilnType type={a.kiln_type} />
            <Typography variant="body2">{`${translate('audits.history.auditedCo2')}: ${formatCarbon(a.audited_co2, 'figure')}`}</Typography>
            <Typography variant="body2">{`${translate('audits.history.auditedBiochar')}: ${formatCarbon(a.audited_biochar, 'figure')}`}</Typography>
            <AuditPeople audit={a} />
            <PackageDigest audit={a} />
            <AuditActions audit={a} onOpen={onOpen} />
          </ListItem>
        </Box>
      ))}
    </MuiList>
  );
}

/** Audit History (docs/product.md#audit-history): a facility's signed-off audits, their carbon, evidence and burns. */
export default function AuditHistoryPage() {
  const translate = useTranslate();
  const report = useFailureReport();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const small = useSmallScreen();
  // a link to one audit (after its signoff) opens its facility and marks its row
  const target = historyTarget(useLocation().search);

  return (
    <Page title="pages.auditHistory">
      <List<AuditRecord>
        resource={RESOURCES.audits}
        title={false}
        // the list's main part may shrink below its table's width: the table scrolls in its box, not the page (390 px)
        sx={{ '& .RaList-main': { minWidth: 0 } }}
        filters={FILTERS}
        perPage={AUDIT_HISTORY_PAGE_SIZE}
        sort={{ field: 'signoff_ts', order: 'DESC' }}
        // the page's own choices, not the URL's: another screen's audits filter must not leak in
        disableSyncWithLocation
        filterDefaultValues={target.facilityId === null ? undefined : { facility_id: target.facilityId }}
        empty={false}
        exporter={historyExporter(translate)}
        actions={
          <TopToolbar>
            <LabelledExportButton />
          </TopToolbar>
        }
        error={<ListError message="audits.history.loadError" />}
        pagination={<ListPager />}
        queryOptions={{ onError: (error) => report(error, HISTORY_FAILURE) }}
      >
        <FacilityCarbonStats />
        {small ? (
          <AuditHistoryPhoneList onOpen={setDialog} marked={target.auditId} />
        ) : (
          <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
            <Datagrid
              rowClick={false}
              bulkActionButtons={false}
              empty={<HistoryEmpty />}
              rowSx={(a) => (a.id === target.auditId ? MARKED_ROW : {})}
            >
              <FunctionField<AuditRecord>
                source="signoff_ts"
                label="audits.history.signoffTs"
                render={(a) => formatAuditTimestamp(a.signoff_ts)}
              />
              <FunctionField<AuditRecord> source="id" label="audits.history.proposalId" render={(a) => a.id} />
              {/* the spec's columns hold the signoff time and proposal number; the job id completes the audit's name */}
              <FunctionField<AuditRecord> source="job_id" label="audits.history.jobId" render={(a) => auditIdentityParts(a).job} />
              <FunctionField<AuditRecord>
                source="kiln_type"
                label="audits.history.kilnType"
                render={(a) => <ProposalKilnType type={a.kiln_type} />}
              />
              <FunctionField<AuditRecord>
                source="audited_co2"
                label="audits.history.auditedCo2"
                textAlign="right"
                render={(a) => formatCarbon(a.audited_co2, 'figure')}
              />
              <FunctionField<AuditRecord>
                source="audited_biochar"
                label="audits.history.auditedBiochar"
                textAlign="right"
                render={(a) => formatCarbon(a.audited_biochar, 'figure')}
              />
              <FunctionField<AuditRecord> label="audits.history.people" sortable={false} render={(a) => <AuditPeople audit={a} />} />
              <FunctionField<AuditRecord>
                label="audits.history.packageSha256"
                sortable={false}
                render={(a) => <PackageDigest audit={a} bare />}
              />
              <FunctionField<AuditRecord>
                label="audits.history.actions"
                textAlign="right"
                render={(a) => <AuditActions audit={a} onOpen={setDialog} />}
              />
            </Datagrid>
          </Box>
        )}
      </List>
      {dialog?.kind === 'evidence' && (
        <AuditEvidenceDialog docKey={dialog.audit.docKey} audit={dialog.audit} people={dialog.audit} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'logs' && <AuditedLogsDialog audit={dialog.audit} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'report' && <AuditReportDialog audit={dialog.audit} onClose={() => setDialog(null)} />}
    </Page>
  );
}
