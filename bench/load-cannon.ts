// Latency per kind of call (autocannon itself only reports all requests together).

import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { mix, pickKind } from './load-mix.ts';
import { type LoadUser, randomSource } from './load-seed.ts';

export interface Latency {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface KindRun {
  name: string;
  requests: number;
  non2xx: number;
  latency: Latency;
}

export interface CannonRun {
  seconds: number;
  requests: number;
  rps: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  latency: Latency;
  kinds: KindRun[];
  /** A few of the answers that were not 2xx: kind, status and the start of the body. */
  refusals: string[];
}

interface Context {
  kind?: string;
  sentAt?: number;
}

const MAX_REFUSALS_KEPT = 5;

export async function runCannon(options: {
  url: string;
  users: LoadUser[];
  connections: number;
  seconds: number;
}): Promise<CannonRun> {
  const random = randomSource(Date.now());
  const kinds = new Map(
    mix.map((kind) => [
      kind.name,
      { requests: 0, non2xx: 0, histogram: createHistogram() as RecordableHistogram },
    ]),
  );
  const refusals: string[] = [];
  const origin = new URL(options.url).origin;

  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    pipelining: 1,
    duration: options.seconds,
    requests: [
      {
        setupRequest(request, context: Context) {
          const user = random.pick(options.users);
          const kind = pickKind(random);
          const call = kind.build(user, random);
          context.kind = kind.name;
          context.sentAt = performance.now();
          // What the browser sends with a fetch from the app's own page (plugins/security).
          const headers: Record<string, string> = { cookie: user.cookie, accept: '*/*' };
          if (call.body !== undefined) {
            headers['content-type'] = 'application/json';
            headers.origin = origin;
            headers['sec-fetch-site'] = 'same-origin';
          }
          return { ...request, method: call.method, path: call.path, headers, body: call.body };
        },
        onResponse(status, body, context: Context) {
          const kind = kinds.get(context.kind ?? '');
          if (!kind || context.sentAt === undefined) return;
          kind.requests++;
          const micros = Math.round((performance.now() - context.sentAt) * 1000);
          kind.histogram.record(Math.max(1, micros));
          if (status < 200 || status >= 300) {
            kind.non2xx++;
            if (refusals.length < MAX_REFUSALS_KEPT) {
              refusals.push(`${context.kind} ${status} ${body.slice(0, 200)}`);
            }
          }
        },
      },
    ],
  });

  const ms = (micros: number) => micros / 1000;
  return {
    seconds: options.seconds,
    requests: result.requests.total,
    rps: result.requests.average,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    latency: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    kinds: [...kinds].map(([name, kind]) => ({
      name,
      requests: kind.requests,
      non2xx: kind.non2xx,
      latency: {
        p50: ms(kind.histogram.percentile(50)),
        p90: ms(kind.histogram.percentile(90)),
        p99: ms(kind.histogram.percentile(99)),
        max: ms(kind.histogram.max),
      },
    })),
    refusals,
  };
}
