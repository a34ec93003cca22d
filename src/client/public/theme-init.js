// Runs before first paint so the page never flashes the wrong theme.
(() => {
  try {
    const stored = localStorage.getItem('theme');
    const dark =
      stored === 'dark' ||
      (stored === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    /* storage blocked: stay light */
  }
})();
