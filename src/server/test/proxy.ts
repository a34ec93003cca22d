import { Agent, createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP proxy on loopback for tests: a load balancer that hands each request to the next
 * upstream in turn (round robin, so two sequential requests never reach the same one of two
 * instances), and, for outside services, a network that loses answers: a request it is told to
 * hold reaches the upstream, which acts on it, but its answer never comes back.
 */

export interface HeldExchange {
  method: string;
  path: string;
  /** What the upstream answered, kept from the client. */
  status: number;
  body: string;
}

export interface TestProxy {
  url: string;
  /** Which upstream (its index) each request was handed to, in order. */
  served: number[];
  /** The exchanges whose answers were kept from the client. */
  held: HeldExchange[];
  /** Requests `match` accepts from now on reach the upstream but get no answer; undefined stops. */
  hold(match: ((method: string, path: string) => boolean) | undefined): void;
  close(): Promise<void>;
}

/** Names the upstream that answered: `x-upstream: 0`, `1`, … */
export const UPSTREAM_HEADER = 'x-upstream';

/** Appends the client's address to X-Forwarded-For, as a load balancer does. */
function forwardedFor(headers: IncomingHttpHeaders, address: string | undefined) {
  const before = headers['x-forwarded-for'];
  const chain = [before, address].flat().filter(Boolean);
  return chain.join(', ');
}

export async function startProxy(upstreams: readonly string[]): Promise<TestProxy> {
  if (upstreams.length === 0) throw new Error('a proxy needs at least one upstream');
  const agent = new Agent({ keepAlive: true });
  const served: number[] = [];
  const held: HeldExchange[] = [];
  let holding: ((method: string, path: string) => boolean) | undefined;
  let next = 0;

  const server = createServer((req, res) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    served.push(index);
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const hold = holding?.(method, path.split('?')[0] ?? path) ?? false;
    const target = new URL(path, upstreams[index]);
    const headers = {
      ...req.headers,
      'x-forwarded-for': forwardedFor(req.headers, req.socket.remoteAddress),
    };
    const upstream = request(target, { method, headers, agent }, (answer) => {
      if (hold) {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          held.push({ method, path, status: answer.statusCode ?? 0, body });
        });
        return;
      }
      res.writeHead(answer.statusCode ?? 502, {
        ...answer.headers,
        [UPSTREAM_HEADER]: String(index),
      });
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      if (res.headersSent) return void res.destroy(error);
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`upstream ${index} unreachable: ${error.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    served,
    held,
    hold(match) {
      holding = match;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
