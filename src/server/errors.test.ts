import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type ErrorBody, type ErrorCode, errorBodySchema, errorCode } from '../shared/errors.ts';
import { AppError } from './errors.ts';
import { errorResponses } from './lib/error-responses.ts';

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /(?<!\.test)\.ts$/.test(entry.name) ? [path] : [];
  });

describe('error codes', () => {
  it('the server can only throw or send a code the shared enum lists', () => {
    expectTypeOf<ConstructorParameters<typeof AppError>[0]>().toEqualTypeOf<ErrorCode>();
    expectTypeOf<ErrorBody['code']>().toEqualTypeOf<ErrorCode>();
    // @ts-expect-error: a code the enum does not list does not compile.
    const unlisted = new AppError('no_such_code', 400, 'x');
    expect(errorBodySchema.safeParse({ code: unlisted.code, message: 'x' }).success).toBe(false);
  });

  it('every code written in the server’s source is listed', () => {
    const written = sources(import.meta.dirname).flatMap((path) =>
      [
        ...readFileSync(path, 'utf8').matchAll(
          /(?:new AppError\(\s*|\bcode: |answer\(\d+, )'([a-z_]+)'/g,
        ),
      ].map((match) => match[1]),
    );
    expect(written.length).toBeGreaterThan(20);
    expect(written.filter((code) => !errorCode.safeParse(code).success)).toEqual([]);
  });

  it('a route lets out an error body with a listed code only', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(serializerCompiler);
    app.get('/:code', { schema: { response: errorResponses(400) } }, async (request, reply) => {
      await reply
        .code(400)
        .send({ code: (request.params as { code: ErrorCode }).code, message: 'x' });
    });
    expect((await app.inject({ url: '/not_found' })).json()).toEqual({
      code: 'not_found',
      message: 'x',
    });
    const unlisted = await app.inject({ url: '/no_such_code' });
    expect(unlisted.statusCode).toBe(500);
    expect(unlisted.body).not.toContain('no_such_code');
    await app.close();
  });
});
