import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { KilnDataProvider } from '../providers/dataProvider';
import { ARCHIVED_KILN_LOGS } from './kilnLogMethods';

/** States how long archived logs are kept, as the server is configured (ARCHIVE_RETENTION_DAYS). */
export function RetentionNotice() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<KilnDataProvider>();
  const { data } = useQuery({
    queryKey: [ARCHIVED_KILN_LOGS, 'retention'],
    queryFn: () => dataProvider.getArchiveRetention(),
  });
  if (!data) return null;
  return (
    <Alert severity="info" variant="outlined">
      {translate('kilnLogs.archived.retention', { smart_count: data.retention_days })}
    </Alert>
  );
}
