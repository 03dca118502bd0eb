import { lazy, Suspense } from 'react';
import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { failureKind, useReportQueryFailure, type FailureTexts } from '../layout/failures';
import type { DocumentRef } from '../providers/apiMethods';
import type { ApiDataProvider } from '../providers/dataProvider';
import { ImageView } from './ImageView';
import { queryKeys } from '../providers/queryKeys';

// pdf.js is the bulk of the viewer: an image statement never loads it
const PdfView = lazy(() => import('./PdfView'));

const FETCH_FAILURE: FailureTexts = { title: 'viewer.errorTitle', quietNotFound: true };

export interface DocumentViewerProps {
  /** which document */
  document: DocumentRef;
  /** translated; the image's alternative text */
  title: string;
  onClose: () => void;
  /** how a failed fetch is reported; default 'Error retrieving pdf/image data', quiet on a 404 (docs/product.md#error-catalogue) */
  failure?: FailureTexts;
}

// a status, not an alert: a failure is also notified, and should be announced once
function ViewerMessage({ text, error }: { text: string; error?: boolean }) {
  const translate = useTranslate();
  return (
    <Typography role="status" color={error ? 'error' : undefined} sx={{ p: 2 }}>
      {translate(text)}
    </Typography>
  );
}

/**
 * Fetches a document with the bearer token and shows it by the Content-Type
 * the server answered (docs/product.md#calls): a PDF through react-pdf, an image as <img>.
 */
export default function DocumentViewer({ document: ref, title, onClose, failure = FETCH_FAILURE }: DocumentViewerProps) {
  const dataProvider = useDataProvider<ApiDataProvider>();
  // gcTime 0: a closed document's bytes are not kept in memory
  const document = useQuery({ queryKey: queryKeys.getDocument(ref), queryFn: () => dataProvider.getDocument(ref), gcTime: 0 });
  useReportQueryFailure(document.error, failure);

  if (document.isPending) return <ViewerMessage text="viewer.loading" />;
  if (document.isError) {
    return <ViewerMessage error text={failureKind(document.error) === 'notFound' ? 'viewer.notFound' : 'viewer.loadFailed'} />;
  }
  const { blob, contentType = '' } = document.data;
  if (contentType === 'application/pdf') {
    return (
      <Suspense fallback={<ViewerMessage text="viewer.loading" />}>
        <PdfView file={blob} onCancel={onClose} />
      </Suspense>
    );
  }
  if (contentType.startsWith('image/')) return <ImageView blob={blob} alt={title} />;
  return <ViewerMessage error text="viewer.unsupported" />;
}
