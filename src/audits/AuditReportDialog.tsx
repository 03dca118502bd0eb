import { useState } from 'react';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { auditIdentity, type AuditIdentitySource } from '../domain/audits/identity';
import type { FailureTexts } from '../layout/failures';
import { ViewerDialog } from '../viewer/ViewerDialog';
import { DownloadPackageButton } from './DownloadPackageButton';

const REPORT_FAILURE: FailureTexts = { title: 'audits.report.failed' };

/** The report.pdf of a signed-off audit's verification package, read in the console's viewer, with the package to download. */
export function AuditReportDialog({ audit, onClose }: { audit: AuditIdentitySource; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <ViewerDialog
      title={translate('audits.report.title')}
      subtitle={auditIdentity(audit)}
      document={{ kind: 'report', auditId: audit.id }}
      failure={REPORT_FAILURE}
      onClose={onClose}
      actions={<DownloadPackageButton auditId={audit.id} />}
    />
  );
}

/**
 * 'View Report': opens the audit's verification report in the viewer. Given
 * onOpen, the page that holds the button opens it instead: a page whose rows
 * change form with the width (History's table and phone list) keeps the dialog
 * open across that change.
 */
export function ViewReportButton({ audit, onOpen }: { audit: AuditIdentitySource; onOpen?: () => void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<PictureAsPdfIcon />} onClick={() => (onOpen ? onOpen() : setOpen(true))}>
        {translate('audits.report.open')}
      </Button>
      {open && <AuditReportDialog audit={audit} onClose={() => setOpen(false)} />}
    </>
  );
}
