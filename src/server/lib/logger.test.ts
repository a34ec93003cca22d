import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, type LogFormat } from './logger.ts';

function capture(format: LogFormat, isTTY: boolean) {
  const output = Object.assign(new PassThrough(), { isTTY });
  const chunks: string[] = [];
  output.on('data', (chunk) => chunks.push(String(chunk)));
  const log = createLogger({ level: 'info', format }, output);
  return { log, text: () => chunks.join('') };
}

describe('createLogger', () => {
  it('writes readable lines on a terminal', () => {
    const { log, text } = capture('auto', true);
    log.info({ req: { headers: { cookie: 'sid=secret' } } }, 'Hourbook listening');
    const line = text();
    expect(line).toMatch(/\d\d:\d\d:\d\d/);
    expect(line).toContain('INFO');
    expect(line).toContain('Hourbook listening');
    expect(line).not.toContain('secret');
    expect(() => JSON.parse(line)).toThrow();
  });

  it('writes one JSON object a line when the output is not a terminal', () => {
    const { log, text } = capture('auto', false);
    log.info({ req: { headers: { cookie: 'sid=secret' } } }, 'Hourbook listening');
    const record = JSON.parse(text().trim());
    expect(record).toMatchObject({ level: 30, msg: 'Hourbook listening' });
    expect(record.req.headers.cookie).toBe('[Redacted]');
  });

  it('writes JSON on a terminal when asked, and readable lines into a pipe when asked', () => {
    const json = capture('json', true);
    json.log.warn('careful');
    expect(JSON.parse(json.text().trim())).toMatchObject({ level: 40, msg: 'careful' });
    const pretty = capture('pretty', false);
    pretty.log.warn('careful');
    expect(pretty.text()).toMatch(/WARN.*careful/);
    expect(pretty.text()).not.toContain('\u001b['); // no colours into a pipe
  });
});
