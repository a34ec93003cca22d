import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.ts';
import { loggableError } from './loggable-error.ts';
import { employers } from './schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

describe('loggableError', () => {
  it("keeps a failed query's text and codes but none of the values it was sent", async () => {
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$SECRET';
    const failure = await ctx.database.db
      .insert(employers)
      .values({ userId: 2_000_000_000, name: secret })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    // The raw error does carry the value, which is why it is never logged as it is.
    expect(
      JSON.stringify({ ...(failure as object), message: (failure as Error).message }),
    ).toContain('SECRET');
    const logged = JSON.stringify(loggableError(failure));
    expect(logged).not.toContain('SECRET');
    expect(loggableError(failure)).toMatchObject({
      query: expect.stringContaining('insert into "employers"'),
      cause: { code: '23503', constraint: 'employers_user_id_users_id_fk' },
    });
  });

  it('describes something thrown that is not an Error without its content', () => {
    expect(loggableError('password=hunter2')).toEqual({
      type: 'string',
      message: 'a non-Error was thrown',
    });
  });
});
