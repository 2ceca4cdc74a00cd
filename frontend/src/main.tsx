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
  // A chunk that fails to load here is retried by the router, whose error page then shows.
  await loadMatchedRoutes(routes, window.location.pathname).catch((error: unknown) => console.error(error));
  const app = (
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>
  );
  // Public pages arrive prerendered (frontend/prerender.ts); client routes get the empty app shell.
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
