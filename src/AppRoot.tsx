import { BrowserRouter } from 'react-router-dom';
import { App } from './App';

// Real paths (/home, /kiln_reg…) rather than react-admin's default hash router:
// the server answers index.html for any path outside /api.
export default function AppRoot() {
  return (
    <BrowserRouter>
      <App />
    </BrowserRouter>
  );
}
