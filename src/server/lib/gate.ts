import { AppError } from '../errors.ts';

// For heavy work (decoding an image) that must not take every core or all memory at once.
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly slots: number,
    private readonly maxWaiting: number,
    private readonly busyMessage = 'The server is busy. Please try again in a moment.',
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new AppError('server_busy', 503, this.busyMessage, undefined, { 'retry-after': '5' });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
