import { Page } from '../layout/Page';
import { BufferSharePanel } from './BufferSharePanel';
import { ChangeList } from './ChangeList';
import { StatisticsPanel } from './StatisticsPanel';

/** Admin (docs/product.md#screens-and-routes, route admin): the statistics, the buffer share with its trail and the Recent Changes list, whose editors are the changes module's pages. */
export default function AdminPage() {
  return (
    <Page title="pages.admin">
      <StatisticsPanel />
      <BufferSharePanel />
      <ChangeList />
    </Page>
  );
}
