import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { profileImages, users } from '../../db/schema/index.ts';
import { createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import {
  imagePart,
  MULTIPART_TYPE,
  makeJpeg,
  makePng,
  makeTransparentPng,
  makeWebp,
  multipartBody,
  type Part,
} from '../../test/profile-images.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const upload = (who: Session | undefined, parts: Part[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/upload-profile-image',
    headers: { 'content-type': MULTIPART_TYPE, ...(who ? { cookie: who.cookie } : {}) },
    payload: multipartBody(parts),
  });

async function uploaded(who: Session, image: Buffer, type = 'image/png'): Promise<string> {
  const res = await upload(who, [imagePart(image, type)]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().imageUrl;
}

const picture = (who: Session | undefined, url = '/api/auth/profile-image', headers = {}) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) },
  });

const remove = (who?: Session) =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/api/auth/remove-profile-image',
    headers: who ? { cookie: who.cookie } : {},
  });

const rowsOf = (who: Session) =>
  ctx.database.db.select().from(profileImages).where(eq(profileImages.userId, who.userId));

async function shownUrl(who: Session): Promise<string | null> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { cookie: who.cookie },
  });
  return res.json().user.profileImageUrl;
}

describe('POST /api/auth/upload-profile-image', () => {
  it('stores a PNG as a 200×200 JPEG that /api/auth/me then points at', async () => {
    const alice = await signUp(ctx.app);
    const res = await upload(alice, [imagePart(await makePng(600, 400))]);

    expect(res.statusCode).toBe(200);
    const { success, imageUrl } = res.json();
    expect(success).toBe(true);
    expect(imageUrl).toMatch(/^\/api\/auth\/profile-image\?v=[0-9a-f]{16}$/);
    expect(await shownUrl(alice)).toBe(imageUrl);
    const [row] = await rowsOf(alice);
    expect(row?.contentType).toBe('image/jpeg');
    expect(imageUrl).toBe(`/api/auth/profile-image?v=${row?.version}`);
    const meta = await sharp(row?.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 200, 200]);
  });

  it('stores a JPEG and a WebP too', async () => {
    const alice = await signUp(ctx.app);
    expect(await uploaded(alice, await makeJpeg(), 'image/jpeg')).toBe(await shownUrl(alice));
    expect(await uploaded(alice, await makeWebp(), 'image/webp')).toBe(await shownUrl(alice));
  });

  it('drops EXIF, GPS, ICC and XMP from what it keeps', async () => {
    const alice = await signUp(ctx.app);
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>secret</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;
    const tagged = await sharp(await makeJpeg())
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'secret', Artist: 'me' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 3230/100' },
      })
      .withIccProfile('p3')
      .withXmp(xmp)
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect([!!before.exif, !!before.icc, !!before.xmp, tagged.includes('secret')]).toEqual([
      true,
      true,
      true,
      true,
    ]);

    await uploaded(alice, tagged, 'image/jpeg');

    const [row] = await rowsOf(alice);
    const after = await sharp(row?.image).metadata();
    expect([after.exif, after.icc, after.xmp]).toEqual([undefined, undefined, undefined]);
    expect(row?.image.includes('secret')).toBe(false);
  });

  it('turns a photo upright by its EXIF orientation before cropping', async () => {
    const alice = await signUp(ctx.app);
    // Stored sideways: left half red, right half blue; orientation 6 says "rotate 90° clockwise",
    // so upright the red half is on top.
    const raw = Buffer.alloc(400 * 200 * 3);
    for (let i = 0; i < 400 * 200; i++) raw[i * 3 + (i % 400 < 200 ? 0 : 2)] = 255;
    const sideways = await sharp(raw, { raw: { width: 400, height: 200, channels: 3 } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();

    await uploaded(alice, sideways, 'image/jpeg');

    const [row] = await rowsOf(alice);
    const { data } = await sharp(row?.image).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3),
    ];
    expect(at(100, 10)[0]).toBeGreaterThan(200); // red on top
    expect(at(100, 190)[2]).toBeGreaterThan(200); // blue below
  });

  it('puts a transparent picture on white, as JPEG cannot be transparent', async () => {
    const alice = await signUp(ctx.app);
    await uploaded(alice, await makeTransparentPng());
    const [row] = await rowsOf(alice);
    const { data } = await sharp(row?.image).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].every((v) => v > 245)).toBe(true);
  });

  it('replaces the first picture with a second: a new version and still one row', async () => {
    const alice = await signUp(ctx.app);
    const first = await uploaded(alice, await makePng(300, 300));
    const second = await uploaded(alice, await makeJpeg(500, 200), 'image/jpeg');

    expect(second).not.toBe(first);
    expect(await shownUrl(alice)).toBe(second);
    const rows = await rowsOf(alice);
    expect(rows).toHaveLength(1);
    expect(second).toBe(`/api/auth/profile-image?v=${rows[0]?.version}`);
  });

  it('answers 401 signed out and stores nothing', async () => {
    const count = async () => (await ctx.database.db.select().from(profileImages)).length;
    const before = await count();

    const res = await upload(undefined, [imagePart(await makePng())]);

    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
    expect(await count()).toBe(before);
  });

  it("changes only the uploader's picture, never another user's", async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const aliceUrl = await uploaded(alice, await makePng(200, 300));

    const bobUrl = await uploaded(bob, await makeJpeg(), 'image/jpeg');

    expect(bobUrl).not.toBe(aliceUrl);
    expect(await shownUrl(alice)).toBe(aliceUrl);
    expect((await rowsOf(alice))[0]?.version).toBe(aliceUrl.split('=')[1]);
  });
});

describe('GET /api/auth/profile-image', () => {
  it('serves the picture as a private, immutable JPEG with its version as ETag', async () => {
    const alice = await signUp(ctx.app);
    const imageUrl = await uploaded(alice, await makePng());
    const version = imageUrl.split('=')[1];

    const res = await picture(alice, imageUrl);

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(`"${version}"`);
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 200, 200]);
  });

  it('answers 304 with no body to a matching If-None-Match', async () => {
    const alice = await signUp(ctx.app);
    const imageUrl = await uploaded(alice, await makePng());
    const etag = `"${imageUrl.split('=')[1]}"`;

    const res = await picture(alice, imageUrl, { 'if-none-match': `"other", W/${etag}` });

    expect(res.statusCode).toBe(304);
    expect(res.rawPayload).toHaveLength(0);
    expect(res.headers.etag).toBe(etag);
    expect((await picture(alice, imageUrl, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('asks the browser to revalidate when the URL does not carry the current version', async () => {
    const alice = await signUp(ctx.app);
    const old = await uploaded(alice, await makePng(100, 100));
    await uploaded(alice, await makeJpeg(), 'image/jpeg');

    for (const url of ['/api/auth/profile-image', old]) {
      const res = await picture(alice, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('answers 404 when the user has no picture, not cached', async () => {
    const alice = await signUp(ctx.app);
    const res = await picture(alice);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'No profile picture' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("answers 404 to another user, even with the owner's versioned URL", async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const imageUrl = await uploaded(alice, await makePng());

    const res = await picture(bob, imageUrl);

    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No profile picture');
  });

  it('answers 401 signed out', async () => {
    const alice = await signUp(ctx.app);
    const imageUrl = await uploaded(alice, await makePng());
    const res = await picture(undefined, imageUrl);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });
});

describe('DELETE /api/auth/remove-profile-image', () => {
  it('deletes the picture and clears the URL', async () => {
    const alice = await signUp(ctx.app);
    const imageUrl = await uploaded(alice, await makePng());

    const res = await remove(alice);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await rowsOf(alice)).toEqual([]);
    expect(await shownUrl(alice)).toBeNull();
    expect((await picture(alice, imageUrl)).statusCode).toBe(404);
  });

  it('answers 200 when there is no picture to remove', async () => {
    const alice = await signUp(ctx.app);
    const res = await remove(alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });

  it("removes only the caller's picture", async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const imageUrl = await uploaded(alice, await makePng());

    expect((await remove(bob)).statusCode).toBe(200);

    expect(await rowsOf(alice)).toHaveLength(1);
    expect(await shownUrl(alice)).toBe(imageUrl);
  });

  it('answers 401 signed out and removes nothing', async () => {
    const alice = await signUp(ctx.app);
    await uploaded(alice, await makePng());
    const res = await remove();
    expect(res.statusCode).toBe(401);
    expect(await rowsOf(alice)).toHaveLength(1);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, alice.userId));
    expect(user?.profileImageUrl).not.toBeNull();
  });
});
