import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

export const NUL_MESSAGE = 'Text must not contain the NUL character';

/**
 * The dotted path of a string (or key) holding U+0000, or undefined when none does. Walks with
 * its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function findNul(root: unknown): string | undefined {
  const stack: [unknown, string][] = [[root, '']];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return at;
        stack.push([item, at]);
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL refuses U+0000 in text, so a NUL anywhere in a request (path, query string, body,
 * however deep) is answered here with a 400 naming the field, before validation or a handler
 * can pass it on and turn it into a 500.
 */
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = findNul(value);
      if (field !== undefined) {
        const name = (field || where).replaceAll('\u0000', '\uFFFD');
        throw new AppError('validation_failed', 400, NUL_MESSAGE, { [name]: NUL_MESSAGE });
      }
    }
  });
});
