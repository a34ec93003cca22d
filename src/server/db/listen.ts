import pg from 'pg';
import { loggableError } from './loggable-error.ts';

export interface ListenHandlers {
  onNotify(payload: string): void;
  /** LISTEN is in place (again): whatever was missed while it was down may be looked at now. */
  onUp?(): void;
  onDown?(): void;
}

export function listen(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
  log: { warn(obj: object, msg: string): void },
): { close(): Promise<void> } {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    client = next;
    const lost = (error?: unknown) => {
      // 'error' and 'end' both come for one loss: reconnect once, and never after close().
      if (closed || client !== next) return;
      client = undefined;
      handlers.onDown?.();
      if (error) log.warn({ err: loggableError(error) }, `listen ${channel}: lost its connection`);
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
      delay = Math.min(delay * 2, 30_000);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (n) => {
      if (n.channel === channel) handlers.onNotify(n.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (closed) return void (await next.end());
      delay = 500;
      handlers.onUp?.();
    } catch (error) {
      lost(error);
    }
  };
  void connect();

  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      handlers.onDown?.();
      await client?.end().catch(() => undefined);
    },
  };
}
