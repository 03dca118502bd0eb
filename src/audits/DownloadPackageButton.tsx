import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { useFileDownload } from '../forms/useCommand';
import type { ApiDataProvider } from '../providers/dataProvider';
import { RESOURCES } from '../domain/operations';
import { queryKeys } from '../providers/queryKeys';

/** 'Download Verification Package' of a signed-off audit: the zip a verifier checks offline (docs/analysis.md). */
export function DownloadPackageButton({ auditId, variant = 'text' }: { auditId: number; variant?: 'text' | 'outlined' }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const queryClient = useQueryClient();
  // an audit signed off before packages were made at signoff gets its package (and History its SHA-256) on this first download
  const download = useFileDownload(async (id: number) => {
    const file = await dataProvider.getAuditPackage(id);
    void queryClient.invalidateQueries({ queryKey: queryKeys.resource(RESOURCES.audits) });
    return file;
  }, 'audits.package.failed');
  return (
    <Button
      size="small"
      variant={variant}
      startIcon={<DownloadIcon />}
      disabled={download.isPending}
      onClick={() => download.mutate(auditId)}
    >
      {translate('audits.package.download')}
    </Button>
  );
}

/** 'Download Report': the package's report.pdf on its own, for a reader who needs only the document. */
export function DownloadReportButton({ auditId }: { auditId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const download = useFileDownload(dataProvider.getAuditReport, 'audits.report.failed');
  return (
    <Button size="small" startIcon={<PictureAsPdfIcon />} disabled={download.isPending} onClick={() => download.mutate(auditId)}>
      {translate('audits.report.download')}
    </Button>
  );
}
