import { Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../domain/dates';
import { isKilnType } from '../domain/kilnTypes';
import type { ProposedAuditItem } from '../domain/api/audits';
import { KilnTypeChip } from '../kilns/KilnTypeChip';

/** A proposal's kiln-type tag, or 'Unknown Kiln Type' for Any/Unknown (-1) and anything else (docs/product.md#propose-audit). */
export function ProposalKilnType({ type }: { type: number }) {
  const translate = useTranslate();
  if (isKilnType(type)) return <KilnTypeChip type={type} />;
  return <Chip size="small" variant="outlined" color="warning" label={translate('audits.review.unknownKilnType')} />;
}

/**
 * A proposed audit in the review dropdown: creation time (DD-MMM-YYYY HH:mm), kiln-type tag, job id;
 * then its facility and, when `own`, a tag saying the user proposed it (so cannot sign it off).
 */
export function ProposalLabel({ proposal, own = false }: { proposal: ProposedAuditItem; own?: boolean }) {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
      <span>{formatDateTime(proposal.create_ts)}</span>
      <ProposalKilnType type={proposal.kiln_type} />
      <Box component="span" sx={{ wordBreak: 'break-all' }}>
        {proposal.job_id}
      </Box>
      {proposal.facility_name && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {proposal.facility_name}
        </Box>
      )}
      {own && <Chip size="small" variant="outlined" color="info" label={translate('audits.review.yours')} />}
    </Box>
  );
}
