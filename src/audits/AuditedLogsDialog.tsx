import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { auditIdentity, type AuditIdentitySource } from '../domain/audits/identity';
import type { AuditLogRow } from '../domain/audits/types';
import { RESOURCES } from '../domain/operations';
import type { FailureTexts } from '../layout/failures';
import { RetryAlert } from '../layout/RetryAlert';
import { EVERY_ROW } from '../providers/listedInBrowser';
import { DialogSubtitle } from '../viewer/ViewerDialog';
import { AuditLogTable } from './AuditLogTable';

// docs/product.md#error-catalogue gives this failure a title only
const LOGS_FAILURE: FailureTexts = { title: 'audits.auditedLogs.errorTitle' };

export interface AuditedLogsDialogProps {
  /** the signed-off audit whose burns are shown (its id is the signoff id), named under the spec's title */
  audit: AuditIdentitySource;
  onClose: () => void;
}

/**
 * The 'Audited Logs' modal (docs/product.md#audit-history): the burns an audit certified, read-only
 * and unpaginated, with the numbers and analysis version frozen at signoff.
 */
export function AuditedLogsDialog({ audit, onClose }: AuditedLogsDialogProps) {
  const translate = useTranslate();
  const logs = useGetList<AuditLogRow & { id: number }>(RESOURCES.auditedLogs, {
    filter: { audit_id: audit.id },
    pagination: EVERY_ROW,
  });
  return (
    <Dialog open fullWidth maxWidth="lg" onClose={onClose} aria-labelledby="audited-logs-title">
      <DialogTitle id="audited-logs-title">{translate('audits.auditedLogs.title')}</DialogTitle>
      <DialogSubtitle text={auditIdentity(audit)} />
      <DialogContent dividers>
        {logs.error ? (
          <RetryAlert message="audits.logTable.loadError" query={logs} failure={LOGS_FAILURE} />
        ) : (
          <AuditLogTable logs={logs.data ?? []} isPending={logs.isPending} label="audits.auditedLogs.title" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('forms.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
