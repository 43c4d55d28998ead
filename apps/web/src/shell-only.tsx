import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { AppShell } from './app/shell/app-shell';
import './app/global.css';

/**
 * Bundle baseline (scripts/check-bundle.mjs): the providers and the shell with no routes, built
 * with ZC_SHELL_ONLY=1. The login route's first load is compared with this build's entry.
 */
const router = createBrowserRouter([{ path: '*', Component: AppShell }]);
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
