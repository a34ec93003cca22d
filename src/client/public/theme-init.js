// Runs before first paint so the page never flashes the wrong theme.
(() => {
  try {
    var stored = localStorage.getItem('theme');
    var dark =
      stored === 'dark' ||
      (stored === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch (_) {
    /* storage blocked: stay light */
  }
})();
