import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter } from './app/router';
import { applyColorMode, initialColorMode } from './components/ui/color-mode';

// public/boot.js already set the theme class before the first paint (no inline script: the server's CSP forbids
// it); this keeps the app's own rule authoritative.
applyColorMode(initialColorMode());

// The router starts loading the current route's lazy chunk now. React's first render waits for it, so #root goes
// from index.html's static landing hero (or nothing) straight to the screen, without the route-loading spinner.
const router = createAppRouter();

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

if (router.state.initialized) {
  render();
} else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}
