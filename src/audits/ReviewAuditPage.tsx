import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import { formatCarbon } from '../domain/carbon';
import { statementFileType, STATEMENT_EXTENSIONS } from '../domain/audits/audits';
import { maySignOff } from '../domain/audits/fourEyes';
import type { AuditCo2Summary, ProposedAuditItem } from '../domain/api/audits';
import type { AuditLogRow } from '../domain/audits/types';
import { formatNumber } from '../domain/format';
import { RESOURCES } from '../domain/operations';
import { FileChooser } from '../forms/FileChooser';
import { useFormSave } from '../forms/useFormSave';
import { useReportQueryFailure, type FailureTexts } from '../layout/failures';
import { Page } from '../layout/Page';
import { TableHeadings, type TableHeading } from '../layout/TableHeadings';
import { FigureCells } from '../layout/FigureCells';
import type { AuditSignoff } from '../providers/apiMethods';
import { EVERY_ROW } from '../providers/listedInBrowser';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { useSession } from '../providers/useSession';
import { AuditLogTable } from './AuditLogTable';
import { ProposalLabel } from './ProposalLabel';

/** The proposal dropdown's width (docs/product.md#review-proposed-logs, docs/product.md#constants-and-limits). */
export const AUDIT_DROPDOWN_WIDTH = 600;

const PROPOSALS_FAILURE: FailureTexts = { title: 'audits.review.proposalsErrorTitle' };
const LOGS_FAILURE: FailureTexts = { title: 'audits.review.logsErrorTitle' };

const SUMMARY_HEADINGS: readonly TableHeading[] = [
  { label: 'audits.review.facilityName' },
  { label: 'audits.review.logCount', figure: true },
  { label: 'audits.review.co2Removed', figure: true },
  { label: 'audits.review.biocharProduced', figure: true },
];

const STATEMENT_ACCEPT = [...STATEMENT_EXTENSIONS.map((ext) => `.${ext}`), 'image/png', 'image/jpeg', 'application/pdf'].join(',');

type LogRecord = AuditLogRow & { id: number };

/** Review Proposed Logs, the Carbon Removals item (docs/product.md#review-proposed-logs): a proposal's summary and burns, and its signoff. */
export default function ReviewAuditPage() {
  const translate = useTranslate();
  const { canAccess: canSignoff = false } = useCanAccess({ resource: RESOURCES.auditProposals, action: 'edit' });
  const proposals = useGetList<ProposedAuditItem>(RESOURCES.auditProposals, {
    pagination: EVERY_ROW,
    sort: { field: 'create_ts', order: 'DESC' },
  });
  useReportQueryFailure(proposals.error, PROPOSALS_FAILURE);
  const [chosenId, setChosenId] = useState<number | null>(null);
  // a proposal signed off (here or elsewhere) leaves the list, and the choice with it
  const chosen = proposals.data?.find((p) => p.id === chosenId) ?? null;
  const dropdownHint =
    proposals.isPending || proposals.error || chosen
      ? null
      : proposals.data.length === 0
        ? 'audits.review.noProposals'
        : 'audits.review.chooseProposal';

  return (
    <Page title="pages.reviewAudit">
      <TextField
        select
        label={translate('audits.review.proposal')}
        value={chosen ? String(chosen.id) : ''}
        onChange={(event) => setChosenId(event.target.value === '' ? null : Number(event.target.value))}
        disabled={proposals.isPending || !proposals.data?.length}
        sx={{ width: AUDIT_DROPDOWN_WIDTH, maxWidth: '100%' }}
        helperText={dropdownHint && translate(dropdownHint)}
      >
        {(proposals.data ?? []).map((proposal) => (
          <MenuItem key={proposal.id} value={String(proposal.id)}>
            <ProposalLabel proposal={proposal} />
          </MenuItem>
        ))}
      </TextField>
      {proposals.error && <Alert severity="error">{translate('audits.review.proposalsErrorTitle')}</Alert>}
      {chosen && <ProposalReview key={chosen.id} proposal={chosen} canSignoff={canSignoff} />}
    </Page>
  );
}

function ProposalReview({ proposal, canSignoff }: { proposal: ProposedAuditItem; canSignoff: boolean }) {
  const translate = useTranslate();
  const session = useSession();
  const logs = useGetList<LogRecord>(RESOURCES.auditableLogs, { filter: { audit: proposal.id }, pagination: EVERY_ROW });
  useReportQueryFailure(logs.error, LOGS_FAILURE);
  const summary = (logs.meta?.co2_summary ?? []) as AuditCo2Summary[];
  const rows = logs.data ?? [];

  if (logs.error) return <Alert severity="error">{translate('audits.review.logsErrorTitle')}</Alert>;
  return (
    <>
      <Typography variant="h6" component="h2">
        {translate('audits.review.summaryHeading')}
      </Typography>
      <AuditSummaryTable summary={summary} />
      <Typography variant="h6" component="h2">
        {translate('audits.review.auditLogs')}
      </Typography>
      {/* no burn left (all archived or re-analysed since the proposal): the spec's sentence in place of the table */}
      {!logs.isPending && rows.length === 0 ? (
        <Alert severity="info">{translate('audits.review.noLogs')}</Alert>
      ) : (
        <AuditLogTable resource={RESOURCES.auditableLogs} logs={rows} isPending={logs.isPending} label="audits.review.auditLogs" />
      )}
      {/* four eyes: the server refuses the proposer's signoff (403), so the proposer is told instead of offered it */}
      {canSignoff && rows.length > 0 && !maySignOff(proposal, session?.uid) && (
        <Alert severity="info">{translate('audits.review.ownProposal')}</Alert>
      )}
      {canSignoff && rows.length > 0 && maySignOff(proposal, session?.uid) && (
        <SignoffArea proposalId={proposal.id} analysisIds={rows.map((row) => row.analysis_id)} />
      )}
    </>
  );
}

/** The Audit Summary table: one line per facility of the proposal; kg totals with 0 decimals (docs/product.md#constants-and-limits). */
function AuditSummaryTable({ summary }: { summary: readonly AuditCo2Summary[] }) {
  const translate = useTranslate();
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: '100%' }}>
      <Table size="small" aria-label={translate('audits.review.summaryTable')}>
        <TableHeadings columns={SUMMARY_HEADINGS} />
        <TableBody>
          {summary.map((line) => (
            <TableRow key={line.name}>
              <TableCell>{line.name}</TableCell>
              <FigureCells figures={[formatNumber(line.count), formatCarbon(line.co2, 'figure'), formatCarbon(line.biochar, 'figure')]} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

// a 400's reason (a file that is not what its name says) is the user's to fix: shown (m7)
const SIGNOFF_FAILURE: FailureTexts = {
  title: 'audits.review.signoffFailedTitle',
  other: 'audits.review.signoffFailed',
  serverReason: 'badRequest',
};

/** 'Choose Audit Statement' and 'Signoff' (docs/product.md#review-proposed-logs, docs/product.md#audit-lifecycle): one png, jpg, jpeg or pdf; the list refreshes after either outcome. */
function SignoffArea({ proposalId, analysisIds }: { proposalId: number; analysisIds: number[] }) {
  const translate = useTranslate();
  const [file, setFile] = useState<File | null>(null);
  const fileType = file ? statementFileType(file.name) : null;
  const signoff = useFormSave({
    write: (dataProvider, signoff: AuditSignoff) => dataProvider.signoffAudit(signoff),
    mutationKey: writeKey(RESOURCES.audits, 'create'),
    success: 'audits.review.signedOff',
    failure: SIGNOFF_FAILURE,
    onSaved: () => setFile(null),
    refresh: [RESOURCES.auditProposals, RESOURCES.auditableLogs, RESOURCES.audits].map(queryKeys.resource),
  });

  return (
    <Box
      component="section"
      aria-label={translate('audits.review.signoff')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}
    >
      <FileChooser
        label="audits.review.chooseStatement"
        accept={STATEMENT_ACCEPT}
        file={file}
        onChange={setFile}
        hint="audits.review.statementHint"
        error={file && !fileType ? translate('audits.review.wrongType') : undefined}
        disabled={signoff.saving}
      />
      <Button
        variant="contained"
        startIcon={<TaskAltIcon />}
        sx={{ mt: 1 }}
        disabled={!file || !fileType || signoff.saving}
        onClick={() => file && fileType && void signoff.submit({ proposalId, file, fileType, analysisIds })}
      >
        {translate(signoff.saving ? 'audits.review.processing' : 'audits.review.signoff')}
      </Button>
    </Box>
  );
}
