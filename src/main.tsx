import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PrerenderedFlags } from './layout/preferences';
import { Boot } from './login/Boot';
import { paintedFlags } from './login/prerender/firstPaint';
import { currentSession } from './providers/session';
import { isPublicPath } from './transparency/publicPaths';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Boot hasSession={currentSession() !== null} publicPage={isPublicPath(window.location.pathname)} />
  </StrictMode>
);

// index.html's first-paint script has put the prerendered login screen in
// #root when this tab has no session (login/prerender/firstPaint.ts): make it
// live, rendered first as painted, then with any choice made before the code arrived.
// the console's own forms are live from here: the first-paint script holds back only the painted login form's submit
root.setAttribute('data-app', '');
if (root.firstChild) hydrateRoot(root, <PrerenderedFlags.Provider value={paintedFlags(root)}>{app}</PrerenderedFlags.Provider>);
// A session's console renders as a transition: React then yields to the
// browser every few milliseconds instead of blocking it for the whole first render.
else startTransition(() => createRoot(root).render(app));
