import { useState, type ReactNode } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Confirm, Link, useCanAccess, useDataProvider, useGetMany, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { AuditLogTable } from '../audits/AuditLogTable';
import type { Batch } from '../domain/api/batches';
import type { KilnLog } from '../domain/api/kilnLogs';
import { formatCarbon, toKg } from '../domain/carbon';
import { formatDateTime } from '../domain/dates';
import { RESOURCES } from '../domain/operations';
import { commandFailure, useCommand } from '../forms/useCommand';
import { Loading } from '../layout/Loading';
import { Page } from '../layout/Page';
import { RetryAlert } from '../layout/RetryAlert';
import type { ApiDataProvider } from '../providers/dataProvider';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { BatchKg, EndUseState, LabState, ProductionTemp } from './BatchCells';
import { CreditsTable } from './CreditsTable';
import { facilityName, feedstockName, kilnTypeName, periodText } from './batchText';
import { EmissionsDialog } from './EmissionsDialog';
import { EndUseDialog } from './EndUseDialog';
import { EndUses } from './EndUses';
import { LabResultDialog } from './LabResultDialog';
import { LabResults } from './LabResults';
import { useFacilities } from './useFacilities';

type Opened = 'close' | 'labResult' | 'endUse' | 'emissions' | null;

const CLOSE_FAILURE = commandFailure('batches.page.closeFailed');

function Figure({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 150 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body1" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** The batch's figures, its state and its emissions. */
function Figures({ batch, facility }: { batch: Batch; facility: string }) {
  const translate = useTranslate();
  const e = batch.emissions;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={translate('batches.page.figures')}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <Figure label="batches.columns.facility">{facility}</Figure>
        <Figure label="batches.columns.kilnType">{kilnTypeName(batch.kiln_type)}</Figure>
        <Figure label="batches.columns.feedstock">{feedstockName(batch, translate)}</Figure>
        <Figure label="batches.columns.period">{periodText(batch, translate)}</Figure>
        <Figure label="batches.columns.burns">{batch.analysis_ids.length}</Figure>
        <Figure label="batches.columns.wetKg">
          <BatchKg grams={batch.wet_biochar_g} />
        </Figure>
        <Figure label="batches.columns.dryKg">
          <BatchKg grams={batch.dry_biochar_g} />
        </Figure>
        <Figure label="batches.columns.productionTemp">
          <ProductionTemp batch={batch} />
        </Figure>
        <Figure label="batches.columns.state">{translate(`batches.states.${batch.state}`)}</Figure>
        <Figure label="batches.columns.labState">
          <LabState batch={batch} />
        </Figure>
        <Figure label="batches.columns.endUseState">
          <EndUseState batch={batch} />
        </Figure>
        <Figure label="batches.emissions.heading">
          {!e || (e.methane_g_per_kg === null && e.other_co2e_g === null)
            ? translate('batches.emissions.none')
            : [
                e.methane_g_per_kg !== null &&
                  translate('batches.emissions.methane', { value: e.methane_g_per_kg, method: e.methane_method ?? '–' }),
                e.other_co2e_g !== null &&
                  translate('batches.emissions.other', { kg: formatCarbon(toKg(e.other_co2e_g), 'exact'), note: e.other_note ?? '–' }),
              ]
                .filter(Boolean)
                .join(' · ')}
        </Figure>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {translate('batches.page.createdBy', { ts: formatDateTime(batch.created_ts) })}
      </Typography>
    </Paper>
  );
}

/** A batch's page (batches/{id}): its figures, burns, lab results, end uses on the map, emissions, and what each methodology credits for it. */
export default function BatchPage() {
  const translate = useTranslate();
  const id = Number(useParams().id);
  const dataProvider = useDataProvider<ApiDataProvider>();
  const [opened, setOpened] = useState<Opened>(null);
  const batch = useGetOne<Batch>(RESOURCES.batches, { id });
  const labResults = useQuery({ queryKey: queryKeys.listLabResults(id), queryFn: () => dataProvider.listLabResults(id) });
  const endUses = useQuery({ queryKey: queryKeys.listEndUses(id), queryFn: () => dataProvider.listEndUses(id) });
  const labs = useQuery({ queryKey: queryKeys.listLabs, queryFn: () => dataProvider.listLabs() });
  const burns = useGetMany<KilnLog>(RESOURCES.kilnLogs, { ids: batch.data?.analysis_ids ?? [] }, { enabled: !!batch.data });
  const { byId } = useFacilities();
  const { canAccess: canEdit = false } = useCanAccess({ resource: RESOURCES.batches, action: 'edit' });
  const { canAccess: canLab = false } = useCanAccess({ resource: RESOURCES.labResults, action: 'create' });
  const { canAccess: canEndUse = false } = useCanAccess({ resource: RESOURCES.endUses, action: 'create' });
  const close = useCommand({
    write: (provider, batchId: number) => provider.closeBatch(batchId),
    mutationKey: writeKey('closeBatch'),
    success: 'batches.page.closed',
    failure: CLOSE_FAILURE,
    refresh: [queryKeys.resource(RESOURCES.batches)],
  });
  const dismiss = () => setOpened(null);
  const b = batch.data;
  return (
    <Page title="batches.page.title">
      <Link to="/batches">{translate('batches.page.back')}</Link>
      {batch.isPending && <Loading />}
      {batch.error && <RetryAlert message="batches.page.loadError" query={batch} />}
      {b && (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h5" component="p" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
              {translate('batches.page.heading', { label: b.label })}
            </Typography>
            {canEdit && (
              <Button size="small" onClick={() => setOpened('emissions')}>
                {translate('batches.emissions.edit')}
              </Button>
            )}
            {canEdit && b.state === 'open' && (
              <Button size="small" variant="outlined" loading={close.running} onClick={() => setOpened('close')}>
                {translate('batches.page.close')}
              </Button>
            )}
          </Stack>
          <Figures batch={b} facility={facilityName(byId, b.facility_id)} />
          {labResults.error && <RetryAlert message="batches.labResults.loadError" query={labResults} />}
          {endUses.error && <RetryAlert message="batches.endUses.loadError" query={endUses} />}
          {labs.error && <RetryAlert message="batches.labResults.loadError" query={labs} />}
          {labResults.data && endUses.data && labs.data ? (
            <>
              <CreditsTable batchId={b.id} hasLabResult={labResults.data.length > 0} />
              <LabResults
                batchId={b.id}
                results={labResults.data}
                labs={labs.data}
                onAdd={canLab ? () => setOpened('labResult') : undefined}
              />
              <EndUses
                endUses={endUses.data}
                facility={byId?.get(b.facility_id)}
                onAdd={canEndUse ? () => setOpened('endUse') : undefined}
              />
            </>
          ) : (
            !labResults.error && !endUses.error && !labs.error && <Loading />
          )}
          <Box component="section" aria-labelledby="batch-burns-heading">
            <Typography id="batch-burns-heading" variant="h6" component="h2">
              {translate('batches.page.burns')}
            </Typography>
            {burns.error ? (
              <RetryAlert message="kilnLogs.list.loadError" query={burns} />
            ) : (
              <AuditLogTable logs={burns.data ?? []} isPending={burns.isPending} resource={RESOURCES.kilnLogs} openBurns />
            )}
          </Box>
          <Confirm
            isOpen={opened === 'close'}
            title={translate('batches.page.closeTitle', { label: b.label })}
            content="batches.page.closeText"
            confirm="batches.page.close"
            onConfirm={() => {
              dismiss();
              void close.run(b.id);
            }}
            onClose={dismiss}
          />
          {opened === 'labResult' && labs.data && (
            <LabResultDialog batchId={b.id} labs={labs.data} results={labResults.data ?? []} onClose={dismiss} />
          )}
          {opened === 'endUse' && <EndUseDialog batchId={b.id} facility={byId?.get(b.facility_id)} onClose={dismiss} />}
          {opened === 'emissions' && <EmissionsDialog batch={b} onClose={dismiss} />}
        </>
      )}
    </Page>
  );
}
