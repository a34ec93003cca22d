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
  // To the window that opened the popup, when the provider's pages left it the opener (a
  // Cross-Origin-Opener-Policy on their side severs it), and on a same-origin channel either way.
  const opener = window.opener;
  if (opener && !opener.closed) {
    try {
      opener.postMessage(message, window.location.origin);
    } catch {
      // The channel below still tells it.
    }
  }
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel('hourbook:gmail');
    channel.postMessage(message);
    channel.close();
  }
  // Only a window a script opened closes this way; opened any other way, the page stays.
  window.close();
})();
