import type { RouteObject } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { ErrorPage } from './pages/ErrorPage';

/** Every page is its own chunk: a route loads only its own code. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/download', lazy: async () => ({ Component: (await import('./pages/DownloadPage')).default }) },
      { path: '*', lazy: async () => ({ Component: (await import('./pages/NotFoundPage')).default }) },
    ],
  },
];
