import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { navItemAt } from './layout/navigation';
import { preloadDataProvider } from './providers/dataProvider';
import { currentSession } from './providers/session';

// The console is starting: fetch the data provider, and for a session the
// screen asked for with its first data, now, while react-admin starts, rather
// than each once the one before it has rendered. A failure here is left to the
// render that needs the piece.
const ignore = () => undefined;
preloadDataProvider().catch(ignore);
if (currentSession()) {
  const screen = navItemAt(window.location.pathname);
  screen?.load().catch(ignore);
  screen?.prefetch?.();
}

// Real paths (/home, /kiln_reg…) rather than react-admin's default hash router:
// the server answers index.html for any path outside /api.
export default function AppRoot() {
  return (
    <BrowserRouter>
      <App />
    </BrowserRouter>
  );
}
