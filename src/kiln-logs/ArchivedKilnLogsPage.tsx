import { useCanAccess } from 'react-admin';
import { Page } from '../layout/Page';
import { archiveColumns } from './kilnLogColumns';
import { ARCHIVED_KILN_LOGS } from './kilnLogMethods';
import { KilnLogList } from './KilnLogList';
import { ArchivedLogRowActions } from './KilnLogRowActions';
import { RetentionNotice } from './RetentionNotice';

/** Archived Kiln Logs: logs set aside until their deletion date, with the retention period and restore. */
export default function ArchivedKilnLogsPage() {
  const { canAccess: canUpdate = false } = useCanAccess({ resource: ARCHIVED_KILN_LOGS, action: 'update' });
  return (
    <Page title="pages.archivedKilnLogs">
      <RetentionNotice />
      <KilnLogList
        resource={ARCHIVED_KILN_LOGS}
        sort={{ field: 'archived_ts', order: 'DESC' }}
        empty="kilnLogs.archived.empty"
        extraColumns={archiveColumns()}
        actions={<ArchivedLogRowActions canUpdate={canUpdate} />}
        // an audited burn cannot be archived: the filter would find nothing or everything
        auditedFilter={false}
      />
    </Page>
  );
}
