// Where the measured window's CPU went, and the longest stretches the loop never went idle.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  idleMs: number;
  byPackage: [string, number][];
  byFunction: [string, number][];
  longestBusy: { ms: number; top: [string, number][] }[];
}

const IDLE = '(idle)';

/** Where a function comes from: the package in node_modules, our own folder, or Node itself. */
function packageOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, pkg] = url.slice(modules + 13).split('/');
    return scope?.startsWith('@') ? `${scope}/${pkg}` : (scope ?? url);
  }
  if (url.startsWith('node:')) return 'node internals';
  const src = url.indexOf('/src/');
  return src >= 0
    ? url
        .slice(src + 1)
        .split('/')
        .slice(0, 3)
        .join('/')
    : url;
}

const label = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.split('/').slice(-2).join('/');
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
};

function top(totals: Map<string, number>, count: number): [string, number][] {
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);
}

const add = (totals: Map<string, number>, key: string, ms: number) =>
  totals.set(key, (totals.get(key) ?? 0) + ms);

export function summarizeProfile(file: string, stretches = 3): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let totalMs = 0;
  let idleMs = 0;
  // Busy stretches: runs of samples between two idle ones.
  const runs: { ms: number; samples: { node: ProfileNode; ms: number }[] }[] = [];
  let current: (typeof runs)[number] = { ms: 0, samples: [] };
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id)!;
    // A sample's time is the gap to the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    totalMs += ms;
    if (node.callFrame.functionName === IDLE) {
      idleMs += ms;
      if (current.samples.length > 0) runs.push(current);
      current = { ms: 0, samples: [] };
      return;
    }
    add(byPackage, packageOf(node.callFrame.url, node.callFrame.functionName), ms);
    add(byFunction, label(node), ms);
    current.ms += ms;
    current.samples.push({ node, ms });
  });
  if (current.samples.length > 0) runs.push(current);
  const longestBusy = runs
    .sort((a, b) => b.ms - a.ms)
    .slice(0, stretches)
    .map((run) => {
      const totals = new Map<string, number>();
      for (const sample of run.samples) add(totals, label(sample.node), sample.ms);
      return { ms: run.ms, top: top(totals, 5) };
    });
  return {
    totalMs,
    idleMs,
    byPackage: top(byPackage, 12),
    byFunction: top(byFunction, 15),
    longestBusy,
  };
}

export function printProfile(summary: ProfileSummary): void {
  const share = (ms: number) => `${((ms / Math.max(1, summary.totalMs)) * 100).toFixed(1)}%`;
  const line = ([name, ms]: [string, number]) =>
    console.log(`  ${share(ms).padStart(6)}  ${ms.toFixed(0).padStart(7)} ms  ${name}`);
  console.log(
    `\nserver CPU profile: ${(summary.totalMs / 1000).toFixed(1)} s sampled, ` +
      `${share(summary.idleMs)} idle`,
  );
  console.log('by package (self time):');
  summary.byPackage.forEach(line);
  console.log('by function (self time):');
  summary.byFunction.forEach(line);
  for (const run of summary.longestBusy) {
    console.log(
      `longest stretch without an idle sample: ${run.ms.toFixed(1)} ms ` +
        '(a saturated loop never idles: many short tasks, or one long one), mostly',
    );
    run.top.forEach(line);
  }
}
