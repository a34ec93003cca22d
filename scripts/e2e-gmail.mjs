// A loopback OAuth server (oauth2-mock-server) and a fake Gmail send endpoint writing .eml files.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Events, OAuth2Server } from 'oauth2-mock-server';

export const E2E_GMAIL_ADDRESS = 'robin.e2e@gmail.test';
const CLIENT_ID = 'hourbook-e2e-client';

export async function startE2eGmail(dir) {
  mkdirSync(dir, { recursive: true });
  const oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  const issuer = oauth.issuer.url.replace(/\/$/, '');
  oauth.service.on(Events.BeforeTokenSigning, (token) => {
    token.payload.email = E2E_GMAIL_ADDRESS;
    token.payload.aud = CLIENT_ID;
  });
  // The token endpoint says what was granted (`scope`), as Google's does: the scopes the consent
  // page was asked for, by code and then by refresh token (the mock alone answers "dummy").
  const fullName = { email: 'https://www.googleapis.com/auth/userinfo.email' };
  const grantedByCode = new Map();
  const grantedByRefresh = new Map();
  oauth.service.on(Events.BeforeAuthorizeRedirect, ({ url }, req) => {
    const asked = new URL(req.url ?? '/', 'http://localhost').searchParams.get('scope') ?? '';
    const granted = asked
      .split(' ')
      .filter(Boolean)
      .map((s) => fullName[s] ?? s);
    const code = url.searchParams.get('code');
    if (code) grantedByCode.set(code, granted.join(' '));
  });
  oauth.service.on(Events.BeforeResponse, (response, req) => {
    if (response.statusCode !== 200 || !response.body) return;
    const granted =
      req.body.grant_type === 'authorization_code'
        ? grantedByCode.get(req.body.code)
        : grantedByRefresh.get(req.body.refresh_token);
    if (granted === undefined) return;
    response.body.scope = granted;
    if (response.body.refresh_token) grantedByRefresh.set(response.body.refresh_token, granted);
  });

  let count = 0;
  const answerLost = new Set();
  const api = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const ok =
        req.method === 'POST' &&
        req.url === '/upload/gmail/v1/users/me/messages/send?uploadType=media' &&
        /^Bearer \S+$/.test(req.headers.authorization ?? '');
      if (!ok) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 401, message: 'Invalid Credentials' } }));
        return;
      }
      const raw = Buffer.concat(chunks);
      const name = `${Date.now()}-${++count}.eml`;
      writeFileSync(join(dir, `.${name}.tmp`), raw);
      renameSync(join(dir, `.${name}.tmp`), join(dir, name));
      // A message to no-answer@… is taken and its answer lost, the first time for each
      // Message-ID: the connection is cut with no reply, as a timeout after Gmail took it.
      const head = raw.subarray(0, raw.indexOf('\r\n\r\n')).toString('latin1');
      const messageId = /^Message-ID: (.+)$/im.exec(head)?.[1] ?? '';
      if (/^To: .*no-answer/im.test(head) && !answerLost.has(messageId)) {
        answerLost.add(messageId);
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `e2e-${count}`, threadId: 't', labelIds: ['SENT'] }));
    });
  });
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));

  return {
    env: {
      GMAIL_CLIENT_ID: CLIENT_ID,
      GMAIL_CLIENT_SECRET: 'hourbook-e2e-secret',
      GMAIL_OAUTH_ISSUER: issuer,
      GMAIL_AUTH_URL: `${issuer}/authorize`,
      GMAIL_TOKEN_URL: `${issuer}/token`,
      GMAIL_REVOKE_URL: `${issuer}/revoke`,
      GMAIL_API_URL: `http://127.0.0.1:${api.address().port}`,
    },
    async close() {
      api.closeAllConnections();
      api.close();
      await oauth.stop();
    },
  };
}
