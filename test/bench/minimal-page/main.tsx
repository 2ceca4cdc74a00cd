/** The router floor: React, ReactDOM and a react-router data router with one route, hydrating its prerendered HTML as the site does. */
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './app';

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <RouterProvider router={createBrowserRouter(routes)} />
  </StrictMode>,
);
