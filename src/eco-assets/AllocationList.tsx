import { useState } from 'react';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Stack, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { AuditEvidenceDialog } from '../audits/AuditEvidenceDialog';
import { AuditedLogsDialog } from '../audits/AuditedLogsDialog';
import { formatSignoffTime } from '../domain/dates';
import { formatCo2 } from '../domain/minting';
import { RESOURCES } from '../domain/operations';
import { useReportQueryFailure, type FailureTexts } from '../layout/failures';
import { Loading } from '../layout/Loading';
import { RetryAlert } from '../layout/RetryAlert';
import type { EcoAllocation } from '../providers/ecoAssetEndpoints';
import { EVERY_ROW } from '../providers/listedInBrowser';

// spec §8 gives this failure a title only
const AUDIT_DATA_FAILURE: FailureTexts = { title: 'ecoAssets.auditDataErrorTitle' };

type Opened = { kind: 'evidence'; docKey: string | null } | { kind: 'logs'; auditId: number } | null;

/**
 * The right pane (spec §2): the audits an eco asset draws on, an accordion
 * item each (signoff time, kg allocated), with its evidence in the viewer and
 * a button opening the Audited Logs modal.
 */
export function AllocationList({ ecoAssetId }: { ecoAssetId: number }) {
  const translate = useTranslate();
  const [opened, setOpened] = useState<Opened>(null);
  const { data, isPending, error, refetch } = useGetList<EcoAllocation>(RESOURCES.ecoAllocations, { filter: { eco_asset_id: ecoAssetId }, pagination: EVERY_ROW });
  useReportQueryFailure(error, AUDIT_DATA_FAILURE);
  if (isPending) return <Loading />;
  if (error) return <RetryAlert message="ecoAssets.review.allocationsFailed" onRetry={() => void refetch()} />;
  if (data.length === 0) return <Typography sx={{ p: 2 }}>{translate('ecoAssets.review.noAllocations')}</Typography>;
  return (
    <Box>
      {data.map((al) => (
        <Accordion key={al.id} disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`allocation-${al.id}`} id={`allocation-${al.id}-summary`}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%', pr: 1 }}>
              <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatSignoffTime(al.signoff_ts)}</Typography>
              <Typography sx={{ ml: { sm: 'auto' } }} fontWeight="medium">
                {translate('ecoAssets.review.allocated', { kg: formatCo2(al.co2_allocated) })}
              </Typography>
            </Stack>
          </AccordionSummary>
          <AccordionDetails id={`allocation-${al.id}`}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate('ecoAssets.review.jobId', { jobId: al.job_id })}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="outlined" size="small" onClick={() => setOpened({ kind: 'evidence', docKey: al.doc_key })}>
                {translate('ecoAssets.review.viewEvidence')}
              </Button>
              <Button variant="outlined" size="small" onClick={() => setOpened({ kind: 'logs', auditId: al.signoff_id })}>
                {translate('ecoAssets.review.auditedLogs')}
              </Button>
            </Stack>
          </AccordionDetails>
        </Accordion>
      ))}
      {opened?.kind === 'evidence' && <AuditEvidenceDialog docKey={opened.docKey} onClose={() => setOpened(null)} />}
      {opened?.kind === 'logs' && <AuditedLogsDialog auditId={opened.auditId} onClose={() => setOpened(null)} />}
    </Box>
  );
}
