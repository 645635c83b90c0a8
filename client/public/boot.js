// Runs before the first paint (a classic script in <head>; the server's CSP forbids inline scripts):
// 1. the colour mode class on <html> (same rule as src/components/ui/color-mode.tsx), so nothing flashes light;
// 2. on "/", "/login" and "/register" for a visitor without a session, show the static first screen that index.html
//    carries inside #root (the landing hero; the sign-in or sign-up card's heading and the form's outline), so the
//    page's largest text paints without waiting for the app's JavaScript. React replaces it on its first render
//    (src/features/landing/components/landing-page.tsx, src/features/auth/components/{login,register}-page.tsx);
//    any other screen (a signed-in one) shows the navbar's bar and brand alone ('shell') until the app renders, and
//    "/dashboard" with a session ('dashboard') the bar, then the dashboard's first screen once the entry script knows
//    the user (src/app/first-screen.ts).
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
  var pages = { '/': 'landing', '/login': 'login', '/register': 'register' };
  var path = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : location.pathname;
  var page = 'shell';
  if (pages[path] && !token) page = pages[path];
  else if (path === '/dashboard' && token) page = 'dashboard';
  root.setAttribute('data-static-page', page);
})();
