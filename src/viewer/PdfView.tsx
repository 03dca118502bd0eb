/**
 * A PDF through react-pdf, one page at a time. This module (react-pdf and
 * pdf.js) loads only when a PDF is opened; the worker is bundled by Vite as a
 * local asset (docs/stack.md#react-pdf), never fetched from a CDN.
 */
import { useCallback, useRef, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Document, Page, PasswordResponses, pdfjs } from 'react-pdf';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import { PageNavigation } from './PageNavigation';
import { ZoomControls } from './ZoomControls';
import type { Zoom } from './zoom';
import { clampPage } from './pages';
import { PasswordDialog } from './PasswordDialog';
import { useElementWidth } from './useElementWidth';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

interface PasswordRequest {
  /** a new prompt per request, so a wrong password is not offered again */
  id: number;
  respond: (password: string) => void;
  /** PasswordResponses.NEED_PASSWORD or INCORRECT_PASSWORD */
  reason: number;
}

const MAX_PAGE_WIDTH = 860;

export interface PdfViewProps {
  file: Blob;
  /** the user gave up on the password: close the viewer */
  onCancel: () => void;
}

export default function PdfView({ file, onCancel }: PdfViewProps) {
  const translate = useTranslate();
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(1);
  const [passwordRequest, setPasswordRequest] = useState<PasswordRequest | null>(null);
  const passwordRequests = useRef(0);
  const [container, width] = useElementWidth();
  // 1 fits the page to the viewer's width; above it the page scrolls inside the viewer, never the screen
  const [zoom, setZoom] = useState<Zoom>(1);
  const fitWidth = Math.min(width ?? MAX_PAGE_WIDTH, MAX_PAGE_WIDTH);

  // react-pdf keeps the first onPassword of a load: it must not depend on state
  const onPassword = useCallback(
    (respond: (password: string) => void, reason: number) => setPasswordRequest({ id: ++passwordRequests.current, respond, reason }),
    [],
  );
  const message = (key: string) => <Typography sx={{ p: 2 }}>{translate(key)}</Typography>;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {pageCount > 0 && (
        // above the page and kept in view while a tall page scrolls
        <Box
          sx={{
            position: 'sticky',
            top: 0,
            zIndex: 1,
            bgcolor: 'background.paper',
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'center',
            columnGap: 2,
          }}
        >
          <PageNavigation page={page} pageCount={pageCount} onChange={setPage} />
          <ZoomControls zoom={zoom} onChange={setZoom} />
        </Box>
      )}
      {/* the measured box keeps the viewer's width; the page inside it may be wider once zoomed, and scrolls here */}
      <Box ref={container} sx={{ overflowX: 'auto' }}>
        <Box
          sx={{
            display: 'flex',
            justifyContent: zoom > 1 ? 'flex-start' : 'center',
            width: 'max-content',
            minWidth: '100%',
            ...(zoom <= 1 ? { '& canvas': { maxWidth: '100%', height: 'auto !important' } } : {}),
          }}
        >
          <Document
            file={file}
            suspense={false}
            error={message('viewer.pdfError')}
            loading={message('viewer.pdfLoading')}
            noData={message('viewer.pdfNoData')}
            onPassword={onPassword}
            onLoadSuccess={(pdf) => {
              setPageCount(pdf.numPages);
              setPage((current) => clampPage(current, pdf.numPages));
            }}
          >
            <Page
              pageNumber={page}
              width={Math.round(fitWidth * zoom)}
              error={message('viewer.pageError')}
              loading={message('viewer.pageLoading')}
              noData={message('viewer.pageNoData')}
            />
          </Document>
        </Box>
      </Box>
      {passwordRequest && (
        <PasswordDialog
          key={passwordRequest.id}
          incorrect={passwordRequest.reason === PasswordResponses.INCORRECT_PASSWORD}
          onSubmit={(password) => {
            // cleared first: a wrong password brings the next request at once
            setPasswordRequest(null);
            passwordRequest.respond(password);
          }}
          onCancel={onCancel}
        />
      )}
    </Box>
  );
}
