import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ApiDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';

/** States how long archived logs are kept, as the server is configured (ARCHIVE_RETENTION_DAYS). */
export function RetentionNotice() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const { data } = useQuery({
    queryKey: queryKeys.getArchiveRetention,
    queryFn: () => dataProvider.getArchiveRetention(),
  });
  if (!data) return null;
  return (
    <Alert severity="info" variant="outlined">
      {translate('kilnLogs.archived.retention', { smart_count: data.retention_days })}
    </Alert>
  );
}
