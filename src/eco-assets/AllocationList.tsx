import { useState } from 'react';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { AuditEvidenceDialog } from '../audits/AuditEvidenceDialog';
import { AuditedLogsDialog } from '../audits/AuditedLogsDialog';
import { DownloadPackageButton } from '../audits/DownloadPackageButton';
import { auditIdentity, type AuditIdentitySource } from '../domain/audits/identity';
import { formatCarbon } from '../domain/carbon';
import { RESOURCES } from '../domain/operations';
import type { FailureTexts } from '../layout/failures';
import { Loading } from '../layout/Loading';
import { RetryAlert } from '../layout/RetryAlert';
import type { EcoAllocation } from '../providers/ecoAssetEndpoints';
import { EVERY_ROW } from '../providers/listedInBrowser';

// docs/product.md#error-catalogue gives this failure a title only
const AUDIT_DATA_FAILURE: FailureTexts = { title: 'ecoAssets.auditDataErrorTitle' };

type Opened = { kind: 'evidence' | 'logs'; allocation: EcoAllocation } | null;

const auditOf = (al: EcoAllocation): AuditIdentitySource => ({ id: al.signoff_id, job_id: al.job_id, signoff_ts: al.signoff_ts });

/**
 * The right pane (docs/product.md#eco-asset-broker-review): the audits an eco asset draws on, an accordion
 * item each (the audit's name, its facility, kg allocated), with its evidence
 * in the viewer, a button opening the Audited Logs modal and its verification package. An allocation
 * from another facility than the one chosen says so.
 */
export function AllocationList({ ecoAssetId, facilityId }: { ecoAssetId: number; facilityId: number }) {
  const translate = useTranslate();
  const [opened, setOpened] = useState<Opened>(null);
  const allocations = useGetList<EcoAllocation>(RESOURCES.ecoAllocations, {
    filter: { eco_asset_id: ecoAssetId },
    pagination: EVERY_ROW,
  });
  const { data, isPending, error } = allocations;
  if (isPending) return <Loading />;
  if (error) return <RetryAlert message="ecoAssets.review.allocationsFailed" query={allocations} failure={AUDIT_DATA_FAILURE} />;
  if (data.length === 0) return <Typography sx={{ p: 2 }}>{translate('ecoAssets.review.noAllocations')}</Typography>;
  return (
    <Box>
      {data.map((al) => (
        <Accordion key={al.id} disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`allocation-${al.id}`} id={`allocation-${al.id}-summary`}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%', pr: 1 }}>
              <Typography sx={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>{auditIdentity(auditOf(al))}</Typography>
              <Typography color="text.secondary">
                {al.facility_name}
                {al.facility_id !== facilityId && (
                  <Chip
                    component="span"
                    size="small"
                    variant="outlined"
                    label={translate('ecoAssets.review.otherFacility')}
                    sx={{ ml: 1, color: 'text.primary', borderColor: 'warning.main' }}
                  />
                )}
              </Typography>
              <Typography sx={{ ml: { sm: 'auto' }, whiteSpace: 'nowrap' }} fontWeight="medium">
                {translate('ecoAssets.review.allocated', { kg: formatCarbon(al.co2_allocated, 'figure') })}
              </Typography>
            </Stack>
          </AccordionSummary>
          <AccordionDetails id={`allocation-${al.id}`}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="outlined" size="small" onClick={() => setOpened({ kind: 'evidence', allocation: al })}>
                {translate('ecoAssets.review.viewEvidence')}
              </Button>
              <Button variant="outlined" size="small" onClick={() => setOpened({ kind: 'logs', allocation: al })}>
                {translate('ecoAssets.review.auditedLogs')}
              </Button>
              <DownloadPackageButton auditId={al.signoff_id} variant="outlined" />
            </Stack>
          </AccordionDetails>
        </Accordion>
      ))}
      {opened?.kind === 'evidence' && (
        <AuditEvidenceDialog docKey={opened.allocation.doc_key} audit={auditOf(opened.allocation)} onClose={() => setOpened(null)} />
      )}
      {opened?.kind === 'logs' && <AuditedLogsDialog audit={auditOf(opened.allocation)} onClose={() => setOpened(null)} />}
    </Box>
  );
}
