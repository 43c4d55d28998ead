import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { loadSignedInResources } from './lib/signed-in-resources';
import { router } from './app/router';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** Pages that render with the bundled texts only (they prefetch the rest once idle). */
const PUBLIC_PATH = /^\/(login|register|forgot-password|login-failed|not-tenant|error)\/?$/;

function render(): void {
  createRoot(container!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// Any other page may be (or redirect to) a signed-in page: its texts and locales come first, in
// parallel with the route's own chunks, so that no key or English date flashes. A failed load still
// renders (i18next retries; texts fill in when they arrive).
if (PUBLIC_PATH.test(window.location.pathname)) render();
else void loadSignedInResources().then(render, render);
