import { useCanAccess } from 'react-admin';
import { Page } from '../layout/Page';
import { archiveColumns } from './kilnLogColumns';
import { RESOURCES } from '../domain/operations';
import { KilnLogList } from './KilnLogList';
import { ArchivedLogRowActions } from './KilnLogRowActions';
import { RetentionNotice } from './RetentionNotice';

/** Archived Kiln Logs: logs set aside until their deletion date, with the retention period and restore. */
export default function ArchivedKilnLogsPage() {
  const { canAccess: canRestore = false } = useCanAccess({ resource: RESOURCES.archivedKilnLogs, action: 'restore' });
  return (
    <Page title="pages.archivedKilnLogs">
      <RetentionNotice />
      <KilnLogList
        resource={RESOURCES.archivedKilnLogs}
        sort={{ field: 'archived_ts', order: 'DESC' }}
        exportAs={{ fileName: 'archived-kiln-logs', archived: true }}
        empty="kilnLogs.archived.empty"
        extraColumns={archiveColumns()}
        actions={<ArchivedLogRowActions canRestore={canRestore} />}
        // an audited burn cannot be archived: the filter would find nothing or everything
        auditedFilter={false}
      />
    </Page>
  );
}
