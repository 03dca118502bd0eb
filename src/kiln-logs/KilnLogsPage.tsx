import { useCanAccess } from 'react-admin';
import { Page } from '../layout/Page';
import { RESOURCES } from '../domain/operations';
import { KilnLogList } from './KilnLogList';
import { KilnLogRowActions } from './KilnLogRowActions';
import { OpenAnomalyWarning } from '../fleet/OpenAnomalyWarning';
import { CreateBatchFromSelection } from '../batches/CreateBatchFromSelection';

/** Kiln Logs: the burn logs with their analysis, chart and commands (docs/product.md#screens-and-routes, docs/product.md#calls-beyond-the-specification). */
export default function KilnLogsPage() {
  const { canAccess: canAnalyse = false } = useCanAccess({ resource: RESOURCES.kilnLogs, action: 'analyse' });
  const { canAccess: canArchive = false } = useCanAccess({ resource: RESOURCES.kilnLogs, action: 'archive' });
  const { canAccess: canAssign = false } = useCanAccess({ resource: RESOURCES.kilnLogs, action: 'assign' });
  const { canAccess: canBatch = false } = useCanAccess({ resource: RESOURCES.batches, action: 'create' });
  return (
    <Page title="pages.kilnLogs">
      <OpenAnomalyWarning />
      <KilnLogList
        resource={RESOURCES.kilnLogs}
        sort={{ field: 'logts', order: 'DESC' }}
        exportAs={{ fileName: 'kiln-logs', archived: false }}
        empty="kilnLogs.list.empty"
        bulkActions={canBatch ? <CreateBatchFromSelection /> : undefined}
        actions={<KilnLogRowActions canAnalyse={canAnalyse} canArchive={canArchive} canAssign={canAssign} />}
      />
    </Page>
  );
}
