import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import AddTaskIcon from '@mui/icons-material/AddTask';
import { aboveCookieBanner } from '../layout/AppFooter';
import { SelectInput, TextInput, useGetList, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch, type FieldValues } from 'react-hook-form';
import type { ProposedAuditItem } from '../domain/api/audits';
import type { ServerReasons } from '../forms/formErrors';
import {
  auditLogId,
  isSelectableBeside,
  PROPOSE_KILN_TYPE_CHOICES,
  proposeProblems,
  selectWithinOneFacility,
  type KilnTypeChoice,
} from '../domain/audits/audits';
import { formatCarbon, sumKg } from '../domain/carbon';
import type { AuditLogRow } from '../domain/audits/types';
import { RESOURCES } from '../domain/operations';
import type { FailureTexts } from '../layout/failures';
import { Page } from '../layout/Page';
import { RetryAlert } from '../layout/RetryAlert';
import { OpenAnomalyWarning } from '../fleet/OpenAnomalyWarning';
import { HeldBackNotice } from '../fleet/HeldBackNotice';
import type { HeldBackLog } from '../domain/api/audits';
import { EVERY_ROW } from '../providers/listedInBrowser';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { PageForm, usePageFormSave } from '../forms/pageForm';
import { FacilityDropdown } from '../facilities/FacilityDropdown';
import { AUDIT_LOG_PAGE_SIZES, AuditLogTable } from './AuditLogTable';

// docs/product.md#error-catalogue: 'Error retrieving audit(ed) logs'
const LOGS_FAILURE: FailureTexts = { title: 'audits.auditedLogs.errorTitle' };

// docs/product.md#error-catalogue gives every failure one text; a refusal's own sentence (a burn taken meanwhile) says why
const PROPOSE_FAILURE: FailureTexts = { title: 'audits.propose.failed', serverReason: 'refusal' };

const FORM_DEFAULTS = { kiln_type: '', job_id: '' };

// text stays text (react-admin turns a blank input into null by default)
const keepText = (value: unknown) => (value == null ? '' : String(value));
const kilnTypeOf = (value: unknown): number | null => (value === '' || value === null || value === undefined ? null : Number(value));

type LogRecord = AuditLogRow & { id: number };

/** What the proposals' create takes (auditEndpoints.ts). */
interface ProposeData {
  job_id: string;
  kiln_type: number | null;
  analysis_ids: number[];
}

interface Selection {
  ids: number[];
  refused: boolean;
}
const NOTHING: Selection = { ids: [], refused: false };

/** Newest burns first; the Log Time header turns the order round. */
const BY_LOG_TIME = { field: 'logts', order: 'DESC' } as const;

/** The spec's two messages: the job id under its field, the empty selection above the logs (after a try). */
function validate(selected: readonly number[]) {
  return (values: FieldValues) => {
    const problems = proposeProblems({ jobId: keepText(values.job_id), kilnType: kilnTypeOf(values.kiln_type), analysisIds: selected });
    const errors: Record<string, string> = {};
    if (problems.includes('audits.propose.noJobId')) errors.job_id = 'audits.propose.noJobId';
    if (problems.includes('audits.propose.noKilnType')) errors.kiln_type = 'audits.propose.noKilnType';
    if (problems.includes('audits.propose.noLogs')) errors.analysis_ids = 'audits.propose.noLogs';
    return errors;
  };
}

/** Propose Audit (docs/product.md#propose-audit, docs/product.md#proposal-validation): a kiln type, a job identifier and the burns of one facility become a proposal. */
export default function ProposeAuditPage() {
  const [selection, setSelection] = useState<Selection>(NOTHING);
  // the facility picker outlives a proposal: the next audit is often of the same facility
  const [facilityId, setFacilityId] = useState<number | null>(null);
  // a new form after a success: kiln type and job id are reset (docs/product.md#audit-lifecycle)
  const [generation, setGeneration] = useState(0);
  // four eyes, said at once: who may sign the new proposal off (the spec's toast says only that it was created)
  const [created, setCreated] = useState<string | null>(null);
  const save = usePageFormSave({
    write: (dataProvider, data: ProposeData) => dataProvider.create(RESOURCES.auditProposals, { data }),
    mutationKey: writeKey('proposeAudit'),
    success: 'audits.propose.created',
    failure: PROPOSE_FAILURE,
    onSaved: (result) => {
      const jobId: unknown = (result.data as { job_id?: unknown }).job_id;
      setCreated(typeof jobId === 'string' ? jobId : null);
      setSelection(NOTHING);
      setGeneration((n) => n + 1);
    },
    refresh: [queryKeys.resource(RESOURCES.potentialAuditLogs), queryKeys.resource(RESOURCES.auditProposals)],
    validate: validate(selection.ids),
    payload: (values): ProposeData => ({
      job_id: keepText(values.job_id),
      kiln_type: kilnTypeOf(values.kiln_type),
      analysis_ids: selection.ids,
    }),
  });
  const creating = save.saving;

  return (
    <Page title="pages.proposeAudit">
      {created !== null && <CreatedNotice jobId={created} onClose={() => setCreated(null)} />}
      <PageForm key={generation} save={save} defaultValues={FORM_DEFAULTS} notifyInvalid>
        <ProposeForm
          selection={selection}
          onSelect={setSelection}
          facilityId={facilityId}
          onFacility={setFacilityId}
          creating={creating}
          serverReasons={save.serverReasons}
        />
      </PageForm>
      <OpenAnomalyWarning logIds={selection.ids} />
    </Page>
  );
}

interface ProposeFormProps {
  selection: Selection;
  onSelect: (selection: Selection) => void;
  /** the facility picker's choice; null: every facility */
  facilityId: number | null;
  onFacility: (facilityId: number | null) => void;
  creating: boolean;
  /** the server's reasons of its last 400 (a job id another audit carries), which PageForm puts on their fields */
  serverReasons: ServerReasons | undefined;
}

/** After a proposal: who must sign it off, and where. */
function CreatedNotice({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="success"
      role="status"
      onClose={onClose}
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/audit/review">
          {translate('audits.propose.openProposals')}
        </Button>
      }
    >
      {translate('audits.propose.createdNext', { jobId })}
    </Alert>
  );
}

/** The burns of this kiln type (and facility) that wait in pending proposals, so they are not missed from the list. */
function InProposalsNotice({ kilnType, facilityId }: { kilnType: number; facilityId: number | null }) {
  const translate = useTranslate();
  const proposals = useGetList<ProposedAuditItem>(RESOURCES.auditProposals, { pagination: EVERY_ROW });
  const count = (proposals.data ?? [])
    .filter((p) => (kilnType === -1 || p.kiln_type === kilnType) && (facilityId === null || p.facility_id === facilityId))
    .reduce((n, p) => n + (p.analysis_ids?.length ?? 0), 0);
  if (count === 0) return null;
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/audit/review">
          {translate('audits.propose.openProposals')}
        </Button>
      }
    >
      {translate('audits.propose.inProposals', { smart_count: count })}
    </Alert>
  );
}

function ProposeForm({ selection, onSelect, facilityId, onFacility, creating, serverReasons }: ProposeFormProps) {
  const translate = useTranslate();
  const kilnType = kilnTypeOf(useWatch({ name: 'kiln_type' }));
  const { isSubmitted } = useFormState();
  const { setFocus } = useFormContext();
  const jobIdReason = serverReasons?.job_id;
  // a job id another audit carries: the field to change is focused
  useEffect(() => {
    if (jobIdReason) setFocus('job_id');
  }, [serverReasons, jobIdReason, setFocus]);
  const logs = useGetList<LogRecord>(
    RESOURCES.potentialAuditLogs,
    {
      filter: facilityId === null ? { kiln_type: kilnType } : { kiln_type: kilnType, facility_id: facilityId },
      pagination: EVERY_ROW,
      sort: BY_LOG_TIME,
    },
    { enabled: kilnType !== null },
  );
  const rows = useMemo(() => logs.data ?? [], [logs.data]);
  const outdated = (logs.meta?.needs_reanalysis ?? []) as AuditLogRow[];
  const heldBack = (logs.meta?.held_back ?? []) as HeldBackLog[];
  const currentVersion = typeof logs.meta?.algorithm_version === 'string' ? logs.meta.algorithm_version : '';

  // another kiln type lists other burns: what was chosen goes
  useEffect(() => onSelect(NOTHING), [kilnType, onSelect]);

  const chosen = useMemo(() => {
    const ids = new Set(selection.ids);
    return rows.filter((row) => ids.has(auditLogId(row)));
  }, [rows, selection.ids]);
  const chosenFacility = chosen[0]?.facility_name ?? '';
  const anchor = chosen[0]?.facility_id ?? null;
  const chosenCo2 = sumKg(chosen.map((row) => row.analysis_detail?.co2_removed ?? 0));
  // one facility per audit: the same function while the selection's facility stays, so unchanged rows need not render again
  const isSelectable = useCallback((row: AuditLogRow) => isSelectableBeside(anchor, row), [anchor]);
  const onChange = useCallback(
    (requested: number[]) => onSelect(selectWithinOneFacility(rows, selection.ids, requested)),
    [onSelect, rows, selection.ids],
  );
  const tableSelection = useMemo(() => ({ selectedIds: selection.ids, onChange, isSelectable }), [selection.ids, onChange, isSelectable]);
  // another facility picked: a selection of a different facility goes (every facility keeps it)
  const chooseFacility = (id: number | null) => {
    if (id !== null && anchor !== null && id !== anchor) onSelect(NOTHING);
    onFacility(id);
  };
  const optionText = (choice: KilnTypeChoice) => translate(choice.label, { _: choice.label });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <SelectInput
          source="kiln_type"
          label="audits.propose.kilnType"
          choices={[...PROPOSE_KILN_TYPE_CHOICES]}
          optionValue="value"
          optionText={optionText}
          translateChoice={false}
          emptyText=""
          variant="outlined"
          sx={{ width: 260, maxWidth: '100%' }}
          disabled={creating}
        />
        <Box sx={{ mt: 1, mb: 0.5, width: 400, maxWidth: '100%' }}>
          <FacilityDropdown value={facilityId} onChange={chooseFacility} emptyOption="audits.propose.everyFacility" disabled={creating} />
        </Box>
        <TextInput
          source="job_id"
          label="audits.propose.jobId"
          parse={keepText}
          variant="outlined"
          sx={{ width: 320, maxWidth: '100%' }}
          disabled={creating}
          helperText={false}
        />
      </Box>
      <Typography variant="h6" component="h2">
        {translate('audits.propose.proposedLogs')}
      </Typography>
      {isSubmitted && selection.ids.length === 0 && kilnType !== null && (
        <Alert severity="error">{translate('audits.propose.noLogs')}</Alert>
      )}
      {selection.ids.length > 0 && (
        <Alert
          severity={selection.refused ? 'warning' : 'info'}
          role={selection.refused ? 'alert' : 'status'}
          action={
            <Button color="inherit" size="small" onClick={() => onSelect(NOTHING)}>
              {translate('audits.propose.clearSelection')}
            </Button>
          }
        >
          {translate('audits.propose.oneFacility', { facility: chosenFacility })}
        </Alert>
      )}
      {kilnType !== null && outdated.length > 0 && (
        <Alert severity="warning">
          {translate('audits.propose.needsReanalysis', {
            smart_count: outdated.length,
            version: currentVersion,
            kilns: [...new Set(outdated.map((row) => row.kiln_id ?? ''))].filter(Boolean).join(', '),
          })}
        </Alert>
      )}
      {kilnType !== null && <InProposalsNotice kilnType={kilnType} facilityId={facilityId} />}
      {kilnType !== null && <HeldBackNotice held={heldBack} />}
      {kilnType === null ? (
        <Typography color="text.secondary">{translate('audits.propose.chooseKilnType')}</Typography>
      ) : logs.error ? (
        <RetryAlert message="audits.logTable.loadError" query={logs} failure={LOGS_FAILURE} />
      ) : (
        <AuditLogTable
          // another list: back to its first page
          key={`${kilnType}:${facilityId ?? ''}`}
          resource={RESOURCES.potentialAuditLogs}
          logs={rows}
          isPending={logs.isPending}
          label="audits.propose.proposedLogs"
          empty="audits.propose.empty"
          perPage={AUDIT_LOG_PAGE_SIZES[0]}
          sort={BY_LOG_TIME}
          selection={tableSelection}
          anomalyMarks
        />
      )}
      <SelectionBar count={chosen.length} co2={chosenCo2} creating={creating} />
    </Box>
  );
}

/**
 * What the proposal adds up to, beside Create Audit Job, kept in sight at the
 * bottom of the window however long the list (review M1).
 */
function SelectionBar({ count, co2, creating }: { count: number; co2: number; creating: boolean }) {
  const translate = useTranslate();
  return (
    <Paper
      square
      elevation={3}
      role="region"
      aria-label={translate('audits.propose.selectionBar')}
      sx={{
        position: 'sticky',
        bottom: aboveCookieBanner,
        zIndex: (theme) => theme.zIndex.appBar - 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        px: 2,
        py: 1,
      }}
    >
      <Typography variant="body1" role="status" sx={{ fontWeight: 500 }}>
        {translate('audits.logTable.selected', { smart_count: count, co2: formatCarbon(co2, 'figure') })}
      </Typography>
      <Button type="submit" variant="contained" startIcon={<AddTaskIcon />} disabled={creating}>
        {translate('audits.propose.create')}
      </Button>
    </Paper>
  );
}
