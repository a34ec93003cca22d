import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

export type LogFormat = 'auto' | 'json' | 'pretty';

interface Output extends NodeJS.WritableStream {
  isTTY?: boolean;
}

// Pretty runs in this thread, so the built server needs no transport worker.
export function createLogger(
  options: { level: string; format: LogFormat },
  output: Output = process.stdout,
): Logger {
  const loggerOptions: LoggerOptions = {
    level: options.level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
  const readable = options.format === 'pretty' || (options.format === 'auto' && !!output.isTTY);
  if (!readable) return pino(loggerOptions, output as DestinationStream);
  const stream = pretty({
    destination: output,
    colorize: !!output.isTTY,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
    sync: true,
  });
  return pino(loggerOptions, stream);
}
