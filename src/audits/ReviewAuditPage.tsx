import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
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
import UndoIcon from '@mui/icons-material/Undo';
import { Confirm, useCanAccess, useGetList, useTranslate } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { formatCarbon, sumKg } from '../domain/carbon';
import { statementFileType, STATEMENT_EXTENSIONS } from '../domain/audits/audits';
import { maySignOff, mayWithdraw } from '../domain/audits/fourEyes';
import type { AuditCo2Summary, AuditHistoryItem, ProposedAuditItem } from '../domain/api/audits';
import type { AuditLogRow } from '../domain/audits/types';
import { formatNumber } from '../domain/format';
import { RESOURCES } from '../domain/operations';
import { FileChooser } from '../forms/FileChooser';
import { PageForm, usePageFormSave } from '../forms/pageForm';
import { useCommand } from '../forms/useCommand';
import type { FailureTexts } from '../layout/failures';
import { Page } from '../layout/Page';
import { RetryAlert } from '../layout/RetryAlert';
import { TableHeadings, type TableHeading } from '../layout/TableHeadings';
import { FigureCells } from '../layout/FigureCells';
import type { AuditSignoff } from '../providers/apiMethods';
import { EVERY_ROW } from '../providers/listedInBrowser';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { useSession } from '../providers/useSession';
import { AuditLogTable } from './AuditLogTable';
import { ViewReportButton } from './AuditReportDialog';
import { DownloadPackageButton } from './DownloadPackageButton';
import { ProposalLabel } from './ProposalLabel';
import { auditHistoryPath } from './historyLink';

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
  const { canAccess: canSignoff = false } = useCanAccess({ resource: RESOURCES.audits, action: 'create' });
  const proposals = useGetList<ProposedAuditItem>(RESOURCES.auditProposals, {
    pagination: EVERY_ROW,
    sort: { field: 'create_ts', order: 'DESC' },
  });
  const session = useSession();
  const [chosenId, setChosenId] = useState<number | null>(null);
  // the audit just signed off: it has left the proposals, and the page says where it went
  const [signed, setSigned] = useState<AuditHistoryItem | null>(null);
  const isOwn = (p: ProposedAuditItem) => session?.uid !== undefined && p.proposed_by === session.uid;
  const hasOwn = (proposals.data ?? []).some(isOwn);
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
      {signed && <SignedOffNextStep audit={signed} onClose={() => setSigned(null)} />}
      {/* four eyes, said before anything is chosen: the user's own proposals are marked and cannot be signed off by them */}
      {canSignoff && hasOwn && <Alert severity="info">{translate('audits.review.ownProposals')}</Alert>}
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
            <ProposalLabel proposal={proposal} own={isOwn(proposal)} />
          </MenuItem>
        ))}
      </TextField>
      {proposals.error && <RetryAlert message="audits.review.proposalsErrorTitle" query={proposals} failure={PROPOSALS_FAILURE} />}
      {chosen && (
        <ProposalReview
          key={chosen.id}
          proposal={chosen}
          canSignoff={canSignoff}
          onSigned={(audit) => {
            setChosenId(null);
            setSigned(audit);
          }}
        />
      )}
    </Page>
  );
}

interface ProposalReviewProps {
  proposal: ProposedAuditItem;
  canSignoff: boolean;
  /** after a signoff, with the new History row (null where the answer gave none) */
  onSigned: (audit: AuditHistoryItem | null) => void;
}

function ProposalReview({ proposal, canSignoff, onSigned }: ProposalReviewProps) {
  const translate = useTranslate();
  const session = useSession();
  const logs = useGetList<LogRecord>(RESOURCES.auditableLogs, { filter: { audit: proposal.id }, pagination: EVERY_ROW });
  const summary = (logs.meta?.co2_summary ?? []) as AuditCo2Summary[];
  const rows = logs.data ?? [];
  const withdrawable = canSignoff && session !== null && mayWithdraw(proposal, { userId: session.uid, rules: session.rules });

  if (logs.error) return <RetryAlert message="audits.review.logsErrorTitle" query={logs} failure={LOGS_FAILURE} />;
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('audits.review.proposedBy', {
            name: proposal.proposed_by_name ?? translate('audits.history.unknownUser'),
          })}
        </Typography>
        {withdrawable && <WithdrawButton proposal={proposal} />}
      </Box>
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
        <AuditLogTable
          resource={RESOURCES.auditableLogs}
          logs={rows}
          isPending={logs.isPending}
          label="audits.review.auditLogs"
          openBurns
        />
      )}
      {/* four eyes: the server refuses the proposer's signoff (403), so the proposer is told instead of offered it */}
      {canSignoff && rows.length > 0 && !maySignOff(proposal, session?.uid) && (
        <Alert severity="info">{translate('audits.review.ownProposal')}</Alert>
      )}
      {canSignoff && rows.length > 0 && maySignOff(proposal, session?.uid) && (
        <SignoffArea proposal={proposal} rows={rows} onSigned={onSigned} />
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

/** 'Withdraw proposal', after a confirmation: the proposal goes and its burns can be proposed again (its proposer or a super-admin). */
function WithdrawButton({ proposal }: { proposal: ProposedAuditItem }) {
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const withdraw = useCommand({
    write: (dataProvider, id: number) => dataProvider.withdrawAudit(id),
    mutationKey: writeKey('withdrawAudit'),
    success: () => ({ message: 'audits.review.withdrawn', args: { jobId: proposal.job_id } }),
    failure: WITHDRAW_FAILURE,
    onSaved: () => setAsking(false),
    refresh: [RESOURCES.auditProposals, RESOURCES.auditableLogs, RESOURCES.potentialAuditLogs].map(queryKeys.resource),
  });
  return (
    <>
      <Button size="small" color="warning" variant="outlined" startIcon={<UndoIcon />} onClick={() => setAsking(true)}>
        {translate('audits.review.withdraw')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={withdraw.running}
        title="audits.review.withdrawTitle"
        content="audits.review.withdrawText"
        translateOptions={{ jobId: proposal.job_id, smart_count: proposal.analysis_ids.length }}
        confirm="audits.review.withdrawConfirm"
        confirmColor="warning"
        onConfirm={() => void withdraw.run(proposal.id)}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

const WITHDRAW_FAILURE: FailureTexts = { title: 'audits.review.withdrawFailed', serverReason: 'refusal' };

/** After a signoff: the audit's figure and where it went, its History row, its report and its package. */
function SignedOffNextStep({ audit, onClose }: { audit: AuditHistoryItem; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Alert severity="success" role="status" onClose={onClose} sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {translate('audits.review.nextStep', {
          jobId: audit.job_id,
          smart_count: audit.log_count,
          co2: formatCarbon(audit.audited_co2, 'figure'),
        })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button size="small" variant="outlined" component={RouterLink} to={auditHistoryPath(audit)}>
          {translate('audits.review.openInHistory')}
        </Button>
        <ViewReportButton audit={audit} />
        <DownloadPackageButton auditId={audit.id} variant="outlined" />
      </Box>
    </Alert>
  );
}

const NO_STATEMENT = { statement: null };

const chosenStatement = (values: FieldValues): File | null => (values.statement instanceof File ? values.statement : null);

/** One png, jpg, jpeg or pdf file; without one, Signoff cannot be pressed (said beside it). */
function validateStatement(values: FieldValues): Record<string, string> {
  const file = chosenStatement(values);
  if (!file) return { statement: 'audits.review.needsStatement' };
  return statementFileType(file.name) ? {} : { statement: 'audits.review.wrongType' };
}

/** 'Choose Audit Statement' and 'Signoff' (docs/product.md#review-proposed-logs, docs/product.md#audit-lifecycle): one png, jpg, jpeg or pdf; the list refreshes after either outcome. Signoff asks first, with a summary, as it cannot be undone. */
function SignoffArea({
  proposal,
  rows,
  onSigned,
}: {
  proposal: ProposedAuditItem;
  rows: readonly LogRecord[];
  onSigned: ProposalReviewProps['onSigned'];
}) {
  const [asking, setAsking] = useState(false);
  const signoff = usePageFormSave({
    write: (dataProvider, signoff: AuditSignoff) => dataProvider.signOffAudit(signoff),
    mutationKey: writeKey('signOffAudit'),
    success: 'audits.review.signedOff',
    failure: SIGNOFF_FAILURE,
    // the signed-off proposal leaves the page, its form and file with it
    onSaved: onSigned,
    refresh: [RESOURCES.auditProposals, RESOURCES.auditableLogs, RESOURCES.audits].map(queryKeys.resource),
    validate: validateStatement,
    payload: (values) => {
      const file = chosenStatement(values);
      const fileType = file && statementFileType(file.name);
      return file && fileType ? { proposalId: proposal.id, file, fileType, analysisIds: rows.map((row) => row.analysis_id) } : undefined;
    },
  });
  return (
    // Signoff submits the form to ask; the confirmation's OK sends what was asked about
    <PageForm save={{ ...signoff, submit: async () => setAsking(true) }} defaultValues={NO_STATEMENT}>
      <SignoffFields
        proposal={proposal}
        rows={rows}
        saving={signoff.saving}
        asking={asking}
        onAnswer={(values) => {
          // the dialog goes: Signoff says 'Processing' while it runs
          setAsking(false);
          if (values) void signoff.submit(values);
        }}
      />
    </PageForm>
  );
}

interface SignoffFieldsProps {
  proposal: ProposedAuditItem;
  rows: readonly LogRecord[];
  saving: boolean;
  /** the confirmation is open */
  asking: boolean;
  /** the confirmation's answer: the form's values to sign off with, or null */
  onAnswer: (values: FieldValues | null) => void;
}

function SignoffFields({ proposal, rows, saving, asking, onAnswer }: SignoffFieldsProps) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const watched: unknown = useWatch({ name: 'statement' });
  const file = watched instanceof File ? watched : null;
  const fileType = file ? statementFileType(file.name) : null;
  // why Signoff cannot be pressed yet, said beside it (a file of the wrong type is said under the file already)
  const reason = saving || file ? null : 'audits.review.needsStatement';
  const co2 = sumKg(rows.map((row) => row.analysis_detail?.co2_removed ?? 0));
  const biochar = sumKg(rows.map((row) => row.analysis_detail?.biochar_produced ?? 0));
  const summary: [string, string][] = [
    ['audits.review.confirmFacility', proposal.facility_name || (rows[0]?.facility_name ?? '')],
    ['audits.review.confirmBurns', formatNumber(rows.length)],
    ['audits.review.confirmCo2', formatCarbon(co2, 'figure')],
    ['audits.review.confirmBiochar', formatCarbon(biochar, 'figure')],
    ['audits.review.confirmStatement', file?.name ?? ''],
  ];

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
        onChange={(chosen) => setValue('statement', chosen, { shouldDirty: true, shouldTouch: true })}
        hint="audits.review.statementHint"
        error={file && !fileType ? translate('audits.review.wrongType') : undefined}
        disabled={saving}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, mt: 1 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<TaskAltIcon />}
          disabled={!file || !fileType || saving}
          aria-describedby={reason ? 'signoff-reason' : undefined}
        >
          {translate(saving ? 'audits.review.processing' : 'audits.review.signoff')}
        </Button>
        {reason && (
          <Typography id="signoff-reason" variant="caption" color="text.secondary">
            {translate(reason)}
          </Typography>
        )}
      </Box>
      <Confirm
        isOpen={asking}
        loading={saving}
        title="audits.review.confirmTitle"
        translateOptions={{ jobId: proposal.job_id }}
        content={
          <>
            <Table size="small" aria-label={translate('audits.review.summaryTable')}>
              <TableBody>
                {summary.map(([label, value]) => (
                  <TableRow key={label}>
                    <TableCell component="th" scope="row">
                      {translate(label)}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Alert severity="warning" sx={{ mt: 2 }}>
              {translate('audits.review.cannotBeUndone')}
            </Alert>
          </>
        }
        confirm="audits.review.confirmSignoff"
        onConfirm={() => onAnswer(getValues())}
        onClose={() => onAnswer(null)}
      />
    </Box>
  );
}
