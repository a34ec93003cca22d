import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { imagePart, MULTIPART_TYPE, makePng, multipartBody } from '../../test/profile-images.ts';
import { UPLOAD_LIMIT } from './profile-image.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const upload = async (who: Session, image: Buffer) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/upload-profile-image',
    headers: { 'content-type': MULTIPART_TYPE, cookie: who.cookie },
    payload: multipartBody([imagePart(image)]),
  });

describe('how often a picture may be uploaded', () => {
  it('refuses uploads past the per-minute limit with 429 and Retry-After, for that user only', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const png = await makePng(40, 40);
    for (let i = 0; i < UPLOAD_LIMIT.perMinute; i++) {
      expect((await upload(alice, png)).statusCode).toBe(200);
    }
    const refused = await upload(alice, png);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload(bob, png)).statusCode).toBe(200);
  });
});
