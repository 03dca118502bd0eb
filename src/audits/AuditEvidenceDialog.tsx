import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { auditIdentity, type AuditIdentitySource } from '../domain/audits/identity';
import type { FailureTexts } from '../layout/failures';
import { DialogSubtitle, ViewerDialog } from '../viewer/ViewerDialog';
import { AuditPeople, type AuditPeopleSource } from './AuditPeople';
import { ViewReportButton } from './AuditReportDialog';
import { DownloadPackageButton } from './DownloadPackageButton';

// docs/product.md#error-catalogue gives this failure a title only; unlike a facility's statement, a missing one is said too
const EVIDENCE_FAILURE: FailureTexts = { title: 'audits.evidence.errorTitle' };

export interface AuditEvidenceDialogProps {
  /** the audit's doc_key (docKey in the history); null: the audit has no evidence on file */
  docKey: string | null;
  /** the audit, named under the spec's title */
  audit: AuditIdentitySource;
  /** who proposed and signed it off, where the caller knows (Audit History) */
  people?: AuditPeopleSource;
  onClose: () => void;
}

/** The 'Audit Evidence' modal (docs/product.md#audit-history): the signed statement of an audit, PDF or image, in the viewer, its verification report and package. */
export function AuditEvidenceDialog({ docKey, audit, people, onClose }: AuditEvidenceDialogProps) {
  const translate = useTranslate();
  const title = translate('audits.evidence.title');
  const subtitle = auditIdentity(audit);
  const download = (
    <>
      {people && (
        <Box sx={{ mr: 'auto', px: 1 }}>
          <AuditPeople audit={people} />
        </Box>
      )}
      <ViewReportButton audit={audit} />
      <DownloadPackageButton auditId={audit.id} />
    </>
  );
  if (docKey)
    return (
      <ViewerDialog
        title={title}
        subtitle={subtitle}
        document={{ kind: 'evidence', docKey }}
        failure={EVIDENCE_FAILURE}
        onClose={onClose}
        actions={download}
      />
    );
  return (
    <Dialog open fullWidth maxWidth="sm" onClose={onClose}>
      <DialogTitle>{title}</DialogTitle>
      <DialogSubtitle text={subtitle} />
      <DialogContent dividers>
        <Typography role="status">{translate('audits.evidence.missing')}</Typography>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {download}
        <Button onClick={onClose}>{translate('forms.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
