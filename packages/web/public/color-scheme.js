// Applies the saved colour scheme before the first paint, so dark-mode users see no white
// flash. A file rather than an inline script because the server's CSP forbids inline scripts.
/* global window, document */
(function () {
  try {
    var saved = window.localStorage.getItem('perch.colorScheme');
    var dark = saved === 'dark' || (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  } catch {
    // Storage can be blocked; Mantine applies the scheme once the app starts.
  }
})();
