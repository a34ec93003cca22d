import { describe, expect, it } from 'vitest';
import { Gate } from './gate.ts';

const later = () => {
  let done!: () => void;
  const promise = new Promise<void>((resolve) => {
    done = resolve;
  });
  return { promise, done };
};

describe('Gate', () => {
  it('runs at most its slots at once, queues a few more and refuses the rest with 503', async () => {
    const gate = new Gate(2, 1);
    let running = 0;
    let most = 0;
    const tasks = [later(), later(), later()];
    const work = (task: ReturnType<typeof later>) => async () => {
      running++;
      most = Math.max(most, running);
      await task.promise;
      running--;
      return 'ok';
    };
    const started = tasks.map((task) => gate.run(work(task)));
    await expect(gate.run(async () => 'too many')).rejects.toMatchObject({
      statusCode: 503,
      code: 'server_busy',
      headers: { 'retry-after': '5' },
    });
    expect(running).toBe(2);
    tasks[0]!.done();
    await started[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toBe(2); // the queued one took the freed slot
    tasks[1]!.done();
    tasks[2]!.done();
    expect(await Promise.all(started)).toEqual(['ok', 'ok', 'ok']);
    expect(most).toBe(2);
    expect(await gate.run(async () => 'free again')).toBe('free again');
  });

  it('gives the slot back when the work fails', async () => {
    const gate = new Gate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
