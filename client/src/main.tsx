// The entry is this small loader. The app's code (React, Chakra, the router) is requested only after the browser has
// painted index.html's static first screen (public/boot.js picks it), so a phone shows the page's heading without
// waiting for ~110 kB of JavaScript to download and a second of it to evaluate. A hidden tab paints no frames: the
// timeout starts the app then.
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      resolve();
    };
    requestAnimationFrame(() => setTimeout(go, 0));
    setTimeout(go, 200);
  });
}

// The first screens' route chunks are fetched alongside the app's code rather than after it (the router imports the
// same modules, so nothing loads twice).
const firstScreens: Record<string, () => Promise<unknown>> = {
  '/': () => import('./app/routes/landing'),
  '/login': () => import('./app/routes/auth/login'),
  '/register': () => import('./app/routes/auth/register'),
  '/dashboard': () => import('./app/routes/dashboard'),
};

void afterFirstPaint().then(() => {
  void firstScreens[location.pathname.replace(/\/+$/, '') || '/']?.().catch(() => undefined);
  return import('./boot');
});
