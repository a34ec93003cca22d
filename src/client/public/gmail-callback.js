// The end of the Gmail connection popup: tells the window that opened it (same origin only)
// how it went, then closes. Opened without an opener, it says so and links back to Settings.
(() => {
  const params = new URLSearchParams(window.location.search);
  const connected = params.get('result') === 'connected';
  // The server gives a code; the words are fixed here, so a crafted link cannot choose them.
  const reasons = {
    expired:
      'This Gmail authorization has expired or was already used. Please connect again from Settings.',
    denied: 'Gmail access was not allowed, so nothing was connected.',
    refused: 'Gmail did not accept the connection. Please try again.',
    'not-configured': 'Sending with Gmail is not set up on this server.',
    'no-offline': 'Gmail did not grant offline access. Please connect again and allow access.',
    'missing-send-scope':
      'The permission "Send email on your behalf" was not given, so Gmail was not connected. Please connect again and tick that permission on Google\'s screen.',
  };
  const code = params.get('error') ?? '';
  const error = Object.hasOwn(reasons, code)
    ? reasons[code]
    : 'Failed to connect Gmail. Please try again.';
  const title = document.getElementById('title');
  const detail = document.getElementById('detail');
  title.textContent = connected ? 'Gmail connected' : 'Gmail was not connected';
  detail.textContent = connected
    ? 'You can close this window.'
    : `${error} You can close this window and connect again from Settings → Export.`;
  const message = connected
    ? { type: 'hourbook:gmail', result: 'connected' }
    : { type: 'hourbook:gmail', result: 'error', error: code };
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
