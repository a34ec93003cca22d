// The server tests' loopback Notion fake, and a control server the specs drive (e2e/notion.spec.ts).
import { createServer } from 'node:http';
import { tsImport } from 'tsx/esm/api';

export const E2E_NOTION_TOKEN = 'secret_e2e_notion_token';

export async function startE2eNotion() {
  const { startTestNotion } = await tsImport('../src/server/test/notion.ts', import.meta.url);
  const notion = await startTestNotion({ token: E2E_NOTION_TOKEN });
  const control = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      const url = new URL(req.url ?? '/', 'http://control');
      let answer = {};
      if (req.method === 'POST' && url.pathname === '/database') {
        answer = notion.addDatabase({ title: body.title, properties: body.properties });
      } else if (req.method === 'POST' && url.pathname === '/fail') {
        notion.failNext(
          body.status,
          body.code,
          body.times ?? 1,
          {},
          body.only ? new RegExp(body.only) : undefined,
        );
      } else if (req.method === 'POST' && url.pathname === '/capabilities') {
        // The integration's content capabilities; null gives it all three again.
        if (body.capabilities)
          notion.capabilities.set(E2E_NOTION_TOKEN, new Set(body.capabilities));
        else notion.capabilities.delete(E2E_NOTION_TOKEN);
      } else if (req.method === 'GET' && url.pathname === '/pages') {
        answer = notion.pagesMirroring(Number(url.searchParams.get('logId')));
      } else {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise((resolve) => control.listen(0, '127.0.0.1', resolve));
  return {
    env: {
      NOTION_API_URL: notion.url,
      E2E_NOTION_CONTROL: `http://127.0.0.1:${control.address().port}`,
      E2E_NOTION_TOKEN,
    },
    async close() {
      control.closeAllConnections();
      control.close();
      await notion.close();
    },
  };
}
