// The end of the Gmail connection popup: tells the window that opened it (same origin only)
// how it went, then closes. Opened without an opener, it says so and links back to Settings.
(() => {
  const params = new URLSearchParams(window.location.search);
  const connected = params.get('result') === 'connected';
  const error = params.get('error') || 'Failed to connect Gmail. Please try again.';
  const title = document.getElementById('title');
  const detail = document.getElementById('detail');
  title.textContent = connected ? 'Gmail connected' : 'Gmail was not connected';
  detail.textContent = connected ? 'You can close this window.' : error;
  const message = connected
    ? { type: 'hourbook:gmail', result: 'connected' }
    : { type: 'hourbook:gmail', result: 'error', error };
  const opener = window.opener;
  if (opener && !opener.closed) {
    try {
      opener.postMessage(message, window.location.origin);
    } catch {
      return;
    }
    window.close();
  }
})();
