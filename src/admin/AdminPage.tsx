import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Page } from '../layout/Page';
import { BufferSharePanel } from './BufferSharePanel';
import { ChangeList } from './ChangeList';
import { StatisticsPanel } from './StatisticsPanel';

// the rich-text editor loads only when an entry is opened
const ChangeCreate = lazy(() => import('./ChangeEditors').then((m) => ({ default: m.ChangeCreate })));
const ChangeEdit = lazy(() => import('./ChangeEditors').then((m) => ({ default: m.ChangeEdit })));

/** Admin (spec §2, route admin): the statistics, the buffer share with its trail (issue 27) and the Recent Changes editor. */
export default function AdminPage() {
  return (
    <Page title="pages.admin">
      <Routes>
        <Route
          index
          element={
            <>
              <StatisticsPanel />
              <BufferSharePanel />
              <ChangeList />
            </>
          }
        />
        <Route path="changes/create" element={<ChangeCreate />} />
        <Route path="changes/:id" element={<ChangeEdit />} />
      </Routes>
    </Page>
  );
}
