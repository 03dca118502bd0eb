import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AuditHistoryItem } from '../domain/api/audits';

export type AuditPeopleSource = Pick<AuditHistoryItem, 'proposed_by_name' | 'signed_off_by_name'>;

/** "Proposed by X · Signed off by Y" (UX review m14); a deleted or unknown user reads as such. */
export function AuditPeople({ audit }: { audit: AuditPeopleSource }) {
  const translate = useTranslate();
  const name = (n: string | null) => n ?? translate('audits.history.unknownUser');
  return (
    <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
      {`${translate('audits.history.proposedBy', { name: name(audit.proposed_by_name) })} · ${translate('audits.history.signedOffBy', { name: name(audit.signed_off_by_name) })}`}
    </Typography>
  );
}
