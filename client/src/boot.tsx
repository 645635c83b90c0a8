import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createQueryClient } from './app/provider';
import { holdFirstScreen } from './app/first-screen';
import { createAppRouter, type AppRouter } from './app/router';
import { applyColorMode, initialColorMode } from './components/ui/color-mode';
import { getSystem, prepareSystemSteps } from './components/ui/theme';
import { appConfigQueryOptions } from './lib/config';

// Start-up is cut into tasks (build the theme, render) with a yield between them, and React renders in a transition
// (time-sliced): a phone's main thread is never blocked for long, so a tap during start-up is answered.
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function initialized(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

async function start() {
  // public/boot.js already set the theme class before the first paint (no inline script: the server's CSP forbids
  // it); this keeps the app's own rule authoritative.
  applyColorMode(initialColorMode());
  // This runs as the app's modules finish evaluating (one task of ~50-75 ms on a phone): the router gets a task of its own.
  await yieldToMain();
  // The router starts loading the current route's lazy chunk now. React's first render waits for it, so #root goes
  // from index.html's static first screen (or nothing) straight to the screen, without the route-loading spinner.
  const router = createAppRouter();
  await yieldToMain();
  // The Chakra system in five tasks in a production build (one elsewhere): its global CSS, merging its configs, the
  // token dictionary in two, then the rest.
  for (const step of prepareSystemSteps()) {
    step();
    await yieldToMain();
  }
  getSystem();
  await yieldToMain();
  // GET /config (main.tsx sent it early) in the cache before the first render, so no screen renders a second time when
  // it arrives; never waited for long.
  const queryClient = createQueryClient();
  const config = queryClient.prefetchQuery(appConfigQueryOptions());
  await initialized(router);
  await Promise.race([config, new Promise((resolve) => setTimeout(resolve, 300))]);
  // The dashboard's static first screen stays over the app until the dashboard has rendered (app/first-screen.ts).
  holdFirstScreen();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

void start();
