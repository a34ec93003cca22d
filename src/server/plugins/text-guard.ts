import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

export const NUL_MESSAGE = 'Text must not contain the NUL character';
export const UNICODE_MESSAGE = 'Text must be valid Unicode';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const hasNul = (text: string) => text.includes('\u0000');
const hasLoneSurrogate = (text: string) => LONE_SURROGATE.test(text);

/** Its own stack, so a deeply nested body cannot overflow the call stack. */
function findText(root: unknown, bad: (text: string) => boolean): string | undefined {
  const stack: [unknown, string][] = [[root, '']];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (bad(value)) return path;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (bad(key)) return at;
        stack.push([item, at]);
      }
    }
  }
  return undefined;
}

export const findNul = (root: unknown) => findText(root, hasNul);
export const findLoneSurrogate = (root: unknown) => findText(root, hasLoneSurrogate);

const printable = (name: string) =>
  name.replaceAll('\u0000', '\uFFFD').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');

// PostgreSQL refuses U+0000 (a 500); the driver would store a lone surrogate as U+FFFD for good.
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      for (const [find, message] of [
        [findNul, NUL_MESSAGE],
        [findLoneSurrogate, UNICODE_MESSAGE],
      ] as const) {
        const field = find(value);
        if (field !== undefined) {
          const name = printable(field || where);
          throw new AppError('validation_failed', 400, message, { [name]: message });
        }
      }
    }
  });
});
