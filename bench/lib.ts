// App against bare baseline in alternating rounds of one run, so machine noise hits both alike.
import autocannon from 'autocannon';
import type { BenchEnv } from './env.ts';

export interface CaseRequest {
  path: string;
  /** With `if-none-match`, the answers measured are 304s (on both sides). */
  headers?: Record<string, string>;
}

export interface BenchCase {
  name: string;
  description: string;
  /** The lowest app/bare requests-per-second ratio we aim for. */
  aim: number;
  /** Also compare with another case of the run: this case's req/s over that one's, at least `aim`. */
  versus?: { name: string; aim: number };
  prepare(env: BenchEnv): Promise<CaseRequest>;
}

export const settings = {
  connections: 10,
  warmupSeconds: 2,
  roundSeconds: 4,
  rounds: 3,
};

export interface Sample {
  rps: number;
  requests: number;
  /** Bytes on the wire per response: status line, headers and body. */
  wireBytes: number;
}

export interface CaseResult {
  name: string;
  aim: number;
  bodyBytes: number;
  bare: Sample[];
  app: Sample[];
  bareRps: number;
  appRps: number;
  ratio: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function fetchOnce(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    etag: res.headers.get('etag') ?? undefined,
    body: await res.text(),
  };
}

/** Runs autocannon against one server; throws unless every answer was a 2xx with the body. */
async function measure(
  label: string,
  url: string,
  request: CaseRequest,
  body: string,
  seconds: number,
  notModified: boolean,
) {
  const result = await autocannon({
    url,
    connections: settings.connections,
    pipelining: 1,
    duration: seconds,
    headers: request.headers ?? {},
    ...(notModified ? {} : { expectBody: body }),
  });
  const expected = notModified ? result['3xx'] : result['2xx'];
  const problems = [
    result.requests.total - expected > 0 &&
      `${result.requests.total - expected} answers other than ${notModified ? '304' : '2xx'}`,
    result.errors && `${result.errors} errors (${result.timeouts} timeouts)`,
    result.mismatches && `${result.mismatches} bodies differing from the expected one`,
    expected === 0 && `no ${notModified ? '304' : '2xx'} answer at all`,
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`${label} ${url}: ${problems.join(', ')}`);
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    wireBytes: result.throughput.total / Math.max(1, result.requests.total),
  } satisfies Sample;
}

export async function runCase(env: BenchEnv, benchCase: BenchCase): Promise<CaseResult> {
  const request = await benchCase.prepare(env);
  const headers = request.headers ?? {};
  const appUrl = env.appUrl + request.path;
  const bareUrl = env.bareUrl + request.path;

  const { 'if-none-match': conditional, ...unconditional } = headers;
  const notModified = conditional !== undefined;
  const full = await fetchOnce(appUrl, unconditional);
  if (full.status !== 200 || !full.contentType) {
    throw new Error(
      `app answered ${full.status} to GET ${request.path}: ${full.body.slice(0, 300)}`,
    );
  }
  await env.serveBare(request.path, full.body, full.contentType, full.etag);
  const expected = await fetchOnce(appUrl, headers);
  const baseline = await fetchOnce(bareUrl, headers);
  if (expected.status !== (notModified ? 304 : 200)) {
    throw new Error(`app answered ${expected.status} to GET ${request.path} with ${conditional}`);
  }
  if (
    baseline.status !== expected.status ||
    baseline.body !== expected.body ||
    (!notModified && baseline.contentType !== expected.contentType)
  ) {
    throw new Error(
      `the bare server does not answer the same bytes as the app for ${request.path}`,
    );
  }

  const sides = {
    bare: (seconds: number) =>
      measure('bare', bareUrl, request, expected.body, seconds, notModified),
    app: (seconds: number) => measure('app', appUrl, request, expected.body, seconds, notModified),
  };
  await sides.bare(settings.warmupSeconds);
  await sides.app(settings.warmupSeconds);

  const samples: Record<'bare' | 'app', Sample[]> = { bare: [], app: [] };
  for (let round = 0; round < settings.rounds; round++) {
    // ABBA order, so a drift in machine speed doesn't favour one side.
    const order = round % 2 === 0 ? (['bare', 'app'] as const) : (['app', 'bare'] as const);
    for (const side of order) {
      const sample = await sides[side](settings.roundSeconds);
      samples[side].push(sample);
      console.log(
        `  ${benchCase.name} round ${round + 1} ${side.padEnd(4)} ${fmt(sample.rps).padStart(8)} req/s`,
      );
    }
  }
  const bareRps = median(samples.bare.map((s) => s.rps));
  const appRps = median(samples.app.map((s) => s.rps));
  return {
    name: benchCase.name,
    aim: benchCase.aim,
    bodyBytes: Buffer.byteLength(expected.body),
    bare: samples.bare,
    app: samples.app,
    bareRps,
    appRps,
    ratio: appRps / bareRps,
  };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export function printSummary(results: CaseResult[], cases: BenchCase[]): void {
  const rows = [
    ['case', 'bare req/s', 'app req/s', 'app/bare', 'aim', 'verdict', 'body B', 'wire B bare/app'],
    ...results.map((r) => [
      r.name,
      fmt(r.bareRps),
      fmt(r.appRps),
      r.ratio.toFixed(2),
      `>= ${r.aim}`,
      r.ratio >= r.aim ? 'PASS' : 'BELOW AIM',
      String(r.bodyBytes),
      `${fmt(median(r.bare.map((s) => s.wireBytes)))}/${fmt(median(r.app.map((s) => s.wireBytes)))}`,
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  console.log('');
  for (const row of rows) {
    console.log(
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  '),
    );
  }
  for (const r of results) {
    const spec = cases.find((c) => c.name === r.name)?.versus;
    const other = spec && results.find((o) => o.name === spec.name);
    if (!spec || !other) continue;
    const times = r.appRps / other.appRps;
    console.log(
      `${r.name} vs ${other.name}: ${times.toFixed(1)}x the requests per second ` +
        `(aim >= ${spec.aim}x) ${times >= spec.aim ? 'PASS' : 'BELOW AIM'}`,
    );
  }
  console.log(
    `\nmedian of ${settings.rounds} alternating rounds of ${settings.roundSeconds} s, ` +
      `${settings.connections} connections, pipelining 1; ratios only mean something within one run.`,
  );
}
