import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { profileImages, rateLimitEvents, users } from '../../db/schema/index.ts';
import { createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import {
  BOUNDARY,
  imagePart,
  MULTIPART_TYPE,
  makeGif,
  makePng,
  multipartBody,
  type Part,
  pngClaiming,
  SVG,
} from '../../test/profile-images.ts';

const NOT_AN_IMAGE = 'Please select an image file (PNG, JPG, JPEG, WebP)';
const TOO_BIG = 'Please select an image smaller than 5MB';
const TOO_MANY_PIXELS = 'This image is too large. Please choose one under 8000 × 8000 pixels.';
const MB = 1024 * 1024;

let ctx: TestContext;
/** Never had a picture. */
let alice: Session;
/** Has one, which a refused upload must leave as it is. */
let bob: Session;
let bobUrl: string;
beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUp(ctx.app);
  bob = await signUp(ctx.app);
  const res = await send(bob, multipartBody([imagePart(await makePng())]));
  bobUrl = res.json().imageUrl;
});
// Every attempt counts against the uploader's limit (profile-image.limits.test.ts): start
// each refusal with none counted.
beforeEach(async () => {
  await ctx.database.db.delete(rateLimitEvents);
});

function send(who: Session, payload: Buffer | Readable, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/upload-profile-image',
    headers: { 'content-type': MULTIPART_TYPE, cookie: who.cookie, ...headers },
    payload,
  });
}

async function pictureState(who: Session) {
  const rows = await ctx.database.db
    .select({ version: profileImages.version })
    .from(profileImages)
    .where(eq(profileImages.userId, who.userId));
  const [user] = await ctx.database.db
    .select({ url: users.profileImageUrl })
    .from(users)
    .where(eq(users.id, who.userId));
  return { rows, url: user?.url };
}

/** The answer is the refusal, and neither user's picture changed. */
async function expectRefused(
  res: Awaited<ReturnType<typeof send>>,
  status: number,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ message });
  expect(typeof res.json().code).toBe('string');
  expect(await pictureState(alice)).toEqual({ rows: [], url: null });
  const bobNow = await pictureState(bob);
  expect(bobNow.url).toBe(bobUrl);
  expect(bobNow.rows.map((r) => `/api/auth/profile-image?v=${r.version}`)).toEqual([bobUrl]);
}

const cases: [string, () => Promise<Part[]>, number, string][] = [
  [
    'a text file renamed .png and declared image/png',
    async () => [imagePart('just some notes, not a picture\n'.repeat(20))],
    400,
    NOT_AN_IMAGE,
  ],
  ['an SVG', async () => [imagePart(SVG, 'image/svg+xml', 'me.svg')], 400, NOT_AN_IMAGE],
  [
    'an SVG declared as a PNG',
    async () => [imagePart(SVG, 'image/png', 'me.png')],
    400,
    NOT_AN_IMAGE,
  ],
  ['a GIF', async () => [imagePart(await makeGif(), 'image/gif', 'me.gif')], 400, NOT_AN_IMAGE],
  [
    'a GIF declared as a JPEG',
    async () => [imagePart(await makeGif(), 'image/jpeg', 'me.jpg')],
    400,
    NOT_AN_IMAGE,
  ],
  [
    'a PNG claiming 20000 × 20000 pixels',
    async () => [imagePart(await pngClaiming(20_000, 20_000))],
    400,
    TOO_MANY_PIXELS,
  ],
  [
    'a PNG over 40 megapixels though under 8000 on each side',
    async () => [imagePart(await pngClaiming(7000, 7000))],
    400,
    TOO_MANY_PIXELS,
  ],
  [
    'a PNG cut short',
    async () => {
      const png = await makePng(300, 300);
      return [imagePart(png.subarray(0, png.length - 20))];
    },
    400,
    'This image could not be read. Please choose another one.',
  ],
  ['a form with no file', async () => [{ name: 'note', data: 'hello' }], 400, NOT_AN_IMAGE],
  ['an empty form', async () => [], 400, NOT_AN_IMAGE],
  ['an empty file', async () => [imagePart(Buffer.alloc(0))], 400, NOT_AN_IMAGE],
  [
    'the image in a field of another name',
    async () => [{ ...imagePart(await makePng()), name: 'avatar' }],
    400,
    NOT_AN_IMAGE,
  ],
  [
    'too many fields before the file',
    async () => [
      ...Array.from({ length: 8 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
      imagePart(await makePng()),
    ],
    400,
    NOT_AN_IMAGE,
  ],
];

describe('POST /api/auth/upload-profile-image refuses', () => {
  it.each(cases)('%s, storing nothing', async (_name, parts, status, message) => {
    await expectRefused(await send(alice, multipartBody(await parts())), status, message);
    await expectRefused(await send(bob, multipartBody(await parts())), status, message);
  });

  it('a huge image from its header alone (it holds no pixels that could be decoded)', async () => {
    const bomb = multipartBody([imagePart(await pngClaiming(20_000, 20_000))]);
    await expectRefused(await send(alice, bomb), 400, TOO_MANY_PIXELS);
  });

  it('a 30 MB upload with 413, from its length alone', async () => {
    const body = multipartBody([imagePart(Buffer.alloc(30 * MB, 1))]);
    await expectRefused(await send(alice, body), 413, TOO_BIG);
    expect((await send(bob, body)).statusCode).toBe(413);
  });

  it('a 6 MB file sent without a length, once 5 MB of it have arrived', async () => {
    const png = await makePng();
    const body = multipartBody([
      imagePart(Buffer.concat([png, Buffer.alloc(6 * MB - png.length)])),
    ]);
    const chunked = () => Readable.from([body.subarray(0, MB), body.subarray(MB)]);
    const headers = { 'transfer-encoding': 'chunked' };
    await expectRefused(await send(alice, chunked(), headers), 413, TOO_BIG);
  });

  it('a multipart body that is cut off, with a 400 and not a server error', async () => {
    const body = multipartBody([imagePart(await makePng())]);
    const cut = body.subarray(0, body.length - `--${BOUNDARY}--\r\n`.length - 10);
    await expectRefused(
      await send(alice, cut),
      400,
      'The upload could not be read. Please try again.',
    );
  });

  it('a multipart type without a boundary', async () => {
    const body = multipartBody([imagePart(await makePng())]);
    const res = await send(alice, body, { 'content-type': 'multipart/form-data' });
    await expectRefused(res, 400, 'The upload could not be read. Please try again.');
  });

  it('a JSON body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/upload-profile-image',
      headers: { cookie: alice.cookie },
      payload: { profileImage: 'data:image/png;base64,iVBORw0KGgo=' },
    });
    await expectRefused(res, 400, NOT_AN_IMAGE);
  });

  it('a form posted from another site', async () => {
    const res = await send(alice, multipartBody([imagePart(await makePng())]), {
      'sec-fetch-site': 'cross-site',
    });
    await expectRefused(res, 403, 'Cross-site requests are not allowed');
  });
});
