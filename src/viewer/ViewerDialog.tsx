import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ErrorBoundary } from '../layout/ErrorBoundary';
import { Loading } from '../layout/Loading';
import type { FailureTexts } from '../layout/failures';
import type { DocumentRef } from '../providers/apiMethods';
import { useSmallScreen } from '../layout/useSmallScreen';

// loaded when a document is opened, never with the page that offers it
const DocumentViewer = lazy(() => import('./DocumentViewer'));

export interface ViewerDialogProps {
  /** translated title of the modal */
  title: string;
  /** a line under the title naming what is shown (e.g. the audit) */
  subtitle?: string;
  /** which document */
  document: DocumentRef;
  onClose: () => void;
  /** how a failed fetch is reported (keep it a constant); default the viewer's own */
  failure?: FailureTexts;
  /** buttons shown before Close (e.g. a download) */
  actions?: ReactNode;
}

/** A modal showing one PDF or image document (docs/product.md#viewer); used wherever a statement or evidence is viewed. */
export function ViewerDialog({ title, subtitle, document, onClose, failure, actions }: ViewerDialogProps) {
  const translate = useTranslate();
  // a phone gives the document its whole width: inside a dialog's margins a page is about 300 px wide
  const small = useSmallScreen();
  return (
    <Dialog open fullWidth maxWidth="md" fullScreen={small} onClose={onClose}>
      <DialogTitle>{title}</DialogTitle>
      {subtitle && <DialogSubtitle text={subtitle} />}
      {/* focusable: a page or image taller than the dialog scrolls from the keyboard too */}
      <DialogContent dividers tabIndex={0}>
        <ErrorBoundary fallback={<Typography color="error">{translate('viewer.loadFailed')}</Typography>}>
          <Suspense fallback={<Loading />}>
            <DocumentViewer document={document} title={title} onClose={onClose} failure={failure} />
          </Suspense>
        </ErrorBoundary>
      </DialogContent>
      {/* several actions wrap on a phone rather than overlap */}
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {actions}
        <Button onClick={onClose}>{translate('forms.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The line under a dialog's title naming what it shows (an audit's job id and signoff time). */
export function DialogSubtitle({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 1, mt: -1, overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  );
}
