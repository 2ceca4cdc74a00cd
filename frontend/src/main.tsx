import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { loadMatchedRoutes } from './load-matched-routes';
import { routes } from './routes';
import './styles.css';

async function start() {
  const container = document.getElementById('root')!;
  // A chunk that fails to load here is retried by the router, whose error page then shows
  // (./chunk-load.ts): rendered anew, since the prerendered HTML is the page whose code is missing.
  const loaded = await loadMatchedRoutes(routes, window.location.pathname).then(
    () => true,
    (error: unknown) => {
      console.error(error);
      return false;
    },
  );
  const app = (
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>
  );
  // Public pages arrive prerendered (frontend/prerender.ts); client routes get the empty app shell.
  if (loaded && container.hasChildNodes()) hydrateRoot(container, app);
  else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

void start();
