// Runs before the first paint (a classic script in <head>; the server's CSP forbids inline scripts):
// 1. the colour mode class on <html> (same rule as src/components/ui/color-mode.tsx), so nothing flashes light;
// 2. on "/" for a visitor without a session, show the static landing hero that index.html carries inside #root,
//    so the page's largest element paints without waiting for the app's JavaScript. React replaces it on its
//    first render with the identical hero (src/features/landing/components/landing-page.tsx).
(function () {
  var root = document.documentElement;
  var mode = null;
  var token = null;
  try {
    mode = localStorage.getItem('theme');
    token = localStorage.getItem('token');
  } catch (e) {
    /* storage blocked */
  }
  if (mode !== 'light' && mode !== 'dark') {
    mode = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  root.classList.add(mode);
  root.setAttribute('data-theme', mode);
  root.style.colorScheme = mode;
  if (location.pathname === '/' && !token) root.setAttribute('data-static-landing', '');
})();
