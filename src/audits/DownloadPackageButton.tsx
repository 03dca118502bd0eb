import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { useFileDownload } from '../kiln-logs/useFileDownload';
import type { ApiDataProvider } from '../providers/dataProvider';

/** 'Download Verification Package' of a signed-off audit: the zip a verifier checks offline (docs/analysis.md). */
export function DownloadPackageButton({ auditId, variant = 'text' }: { auditId: number; variant?: 'text' | 'outlined' }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const download = useFileDownload(dataProvider.downloadAuditPackage, 'audits.package.failed');
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
