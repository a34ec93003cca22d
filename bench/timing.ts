// Timing of in-process runs for the engine benches: each run's milliseconds, sorted, and their median.

/** Runs `run` `rounds` times; each run's duration in ms, shortest first. */
export function time(run: () => number, rounds: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    run();
    out.push(performance.now() - started);
  }
  return out.sort((a, b) => a - b);
}

export const median = (values: number[]) => values[Math.floor(values.length / 2)] ?? 0;
