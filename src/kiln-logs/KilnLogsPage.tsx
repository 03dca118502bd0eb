import { useCanAccess } from 'react-admin';
import { Page } from '../layout/Page';
import { KILN_LOGS } from './kilnLogMethods';
import { KilnLogList } from './KilnLogList';
import { KilnLogRowActions } from './KilnLogRowActions';

/** Kiln Logs: the burn logs with their analysis, chart and commands (spec §2, DESIGN §2). */
export default function KilnLogsPage() {
  const { canAccess: canUpdate = false } = useCanAccess({ resource: KILN_LOGS, action: 'update' });
  return (
    <Page title="pages.kilnLogs">
      <KilnLogList
        resource={KILN_LOGS}
        sort={{ field: 'logts', order: 'DESC' }}
        empty="kilnLogs.list.empty"
        actions={<KilnLogRowActions canUpdate={canUpdate} />}
      />
    </Page>
  );
}
