// A pay stub or invoice on a payment through the real API and database (decision 043): kinds told
// by their first bytes, limits and refusals in words that change nothing, a download that cannot
// script the app, and another user's payment answering like a missing one.
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_FILE_MESSAGES } from '../../../shared/payment-file.ts';
import type { Payment } from '../../../shared/schemas/payments.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer } from '../../test/factories.ts';
import {
  BOUNDARY,
  MULTIPART_TYPE,
  makeJpeg,
  makePng,
  makeWebp,
  multipartBody,
  type Part,
} from '../../test/profile-images.ts';
import { paymentFileName, sniffPaymentFile, UPLOADED_FILE_CSP } from './payment-file.upload.ts';

const MB = 1024 * 1024;
/** A small but real PDF: a header, one empty page, a trailer. */
const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const filePart = (data: Buffer | string, filename = 'stub.pdf', contentType = 'application/pdf') =>
  ({ name: 'file', filename, contentType, data }) satisfies Part;

function upload(
  who: Session,
  id: number,
  payload: Buffer | Readable | string,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/payments/${id}/file`,
    headers: { 'content-type': MULTIPART_TYPE, cookie: who.cookie, ...headers },
    payload,
  });
}

async function paymentOf(who: Session): Promise<number> {
  const employer = await addEmployer(ctx.app, who, { name: 'St. Mary', hourlyRate: '30.00' });
  const res = await callApi(ctx.app, 'POST', '/api/payments', who, {
    employerId: employer.id,
    amount: '720.00',
    receivedOn: '2026-11-20',
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as Payment).id;
}

async function storedFiles(who: Session) {
  const { rows } = await ctx.database.pool.query<{
    payment_id: number;
    file_name: string;
    hash: string;
    bytes: Buffer;
  }>('select payment_id, file_name, hash, bytes from payment_files where user_id = $1 order by 1', [
    who.userId,
  ]);
  return rows;
}

const listed = async (who: Session) =>
  ((await callApi(ctx.app, 'GET', '/api/payments', who)).json() as { payments: Payment[] })
    .payments;

describe('attaching a pay stub or invoice', () => {
  it('stores a PDF, lists it without its bytes, downloads it unchanged as an attachment', async () => {
    const who = await signUp(ctx.app);
    const id = await paymentOf(who);
    const res = await upload(who, id, multipartBody([filePart(TINY_PDF, 'Nov stub.pdf')]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Nov stub.pdf',
      size: TINY_PDF.length,
      contentType: 'application/pdf',
    });

    const [payment] = await listed(who);
    expect(payment?.file).toMatchObject({
      name: 'Nov stub.pdf',
      size: TINY_PDF.length,
      contentType: 'application/pdf',
    });
    expect(JSON.stringify(payment)).not.toContain('base64');

    const download = await callApi(ctx.app, 'GET', `/api/payments/${id}/file`, who);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(TINY_PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="nov-stub.pdf"; filename*=UTF-8''Nov%20stub.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe(UPLOADED_FILE_CSP);
    expect(download.headers['content-security-policy']).toContain('sandbox');
    expect(download.headers['cache-control']).toBe('no-store');
  });

  it('takes PNG, JPEG and WebP by their bytes, whatever the browser called them; a new one replaces the old', async () => {
    const who = await signUp(ctx.app);
    const id = await paymentOf(who);
    for (const [bytes, type] of [
      [await makePng(20, 20), 'image/png'],
      [await makeJpeg(20, 20), 'image/jpeg'],
      [await makeWebp(20, 20), 'image/webp'],
    ] as const) {
      // Sent as "application/octet-stream" named .bin: the bytes decide.
      const res = await upload(
        who,
        id,
        multipartBody([filePart(bytes, 'scan.bin', 'application/octet-stream')]),
      );
      expect(res.statusCode, res.body).toBe(200);
      const download = await callApi(ctx.app, 'GET', `/api/payments/${id}/file`, who);
      expect(download.headers['content-type']).toBe(type);
      expect(download.rawPayload.equals(bytes)).toBe(true);
    }
    const rows = await storedFiles(who);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.hash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('removes the file; the payment stays, and a second removal is 404', async () => {
    const who = await signUp(ctx.app);
    const id = await paymentOf(who);
    await upload(who, id, multipartBody([filePart(TINY_PDF)]));
    const removed = await callApi(ctx.app, 'DELETE', `/api/payments/${id}/file`, who);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await listed(who))[0]).toMatchObject({ id, file: null });
    const again = await callApi(ctx.app, 'DELETE', `/api/payments/${id}/file`, who);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(PAYMENT_FILE_MESSAGES.notFound);
    const download = await callApi(ctx.app, 'GET', `/api/payments/${id}/file`, who);
    expect(download.statusCode).toBe(404);
  });

  it('goes with its payment when the payment is deleted', async () => {
    const who = await signUp(ctx.app);
    const id = await paymentOf(who);
    await upload(who, id, multipartBody([filePart(TINY_PDF)]));
    expect((await callApi(ctx.app, 'DELETE', `/api/payments/${id}`, who)).statusCode).toBe(200);
    expect(await storedFiles(who)).toEqual([]);
  });

  it('bumps the data version, so the payments list revalidates', async () => {
    const who = await signUp(ctx.app);
    const id = await paymentOf(who);
    const version = async () =>
      (
        await ctx.database.db.execute<{ version: string }>(
          sql`select version::text from user_data_versions where user_id = ${who.userId}`,
        )
      ).rows[0]?.version;
    const before = await version();
    await upload(who, id, multipartBody([filePart(TINY_PDF)]));
    const afterUpload = await version();
    expect(afterUpload).not.toBe(before);
    await callApi(ctx.app, 'DELETE', `/api/payments/${id}/file`, who);
    expect(await version()).not.toBe(afterUpload);
  });
});

describe('refused uploads change nothing', () => {
  let who: Session;
  let id: number;
  let before: Awaited<ReturnType<typeof storedFiles>>;
  beforeAll(async () => {
    who = await signUp(ctx.app);
    id = await paymentOf(who);
    expect((await upload(who, id, multipartBody([filePart(TINY_PDF)]))).statusCode).toBe(200);
    before = await storedFiles(who);
  });

  const refusals: {
    name: string;
    payload: () => Promise<Buffer | Readable | string> | Buffer | Readable | string;
    headers?: Record<string, string>;
    status: number;
    message: string;
  }[] = [
    {
      name: 'an HTML page named stub.pdf and sent as application/pdf',
      payload: () =>
        multipartBody([filePart('<html><script>alert(document.cookie)</script></html>')]),
      status: 400,
      message: PAYMENT_FILE_MESSAGES.type,
    },
    {
      name: 'an SVG (script-capable) named invoice.png',
      payload: () =>
        multipartBody([
          filePart(
            '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
            'invoice.png',
            'image/png',
          ),
        ]),
      status: 400,
      message: PAYMENT_FILE_MESSAGES.type,
    },
    {
      name: 'a GIF',
      payload: () => multipartBody([filePart(Buffer.from('GIF89a....'), 'a.gif', 'image/gif')]),
      status: 400,
      message: PAYMENT_FILE_MESSAGES.type,
    },
    {
      name: '"%PDF" not at the start',
      payload: () => multipartBody([filePart(Buffer.from(' %PDF-1.4 fake'))]),
      status: 400,
      message: PAYMENT_FILE_MESSAGES.type,
    },
    {
      name: 'an empty file',
      payload: () => multipartBody([filePart(Buffer.alloc(0))]),
      status: 400,
      message: PAYMENT_FILE_MESSAGES.empty,
    },
    {
      name: 'a PDF over 5 MB',
      payload: () =>
        multipartBody([
          filePart(Buffer.concat([TINY_PDF, Buffer.alloc(5 * MB + 1 - TINY_PDF.length)])),
        ]),
      status: 413,
      message: PAYMENT_FILE_MESSAGES.size,
    },
    {
      name: 'a PDF over 5 MB sent in chunks with no length',
      payload: () =>
        Readable.from(
          (function* () {
            const body = multipartBody([filePart(Buffer.concat([TINY_PDF, Buffer.alloc(6 * MB)]))]);
            for (let at = 0; at < body.length; at += 64 * 1024)
              yield body.subarray(at, at + 64 * 1024);
          })(),
        ),
      status: 413,
      message: PAYMENT_FILE_MESSAGES.size,
    },
    {
      name: 'a body declaring itself far too big',
      payload: () => multipartBody([filePart(TINY_PDF)]),
      headers: { 'content-length': String(50 * MB) },
      status: 413,
      message: PAYMENT_FILE_MESSAGES.size,
    },
    {
      name: 'no file part, only a text field',
      payload: () => multipartBody([{ name: 'note', data: 'hello' }]),
      status: 400,
      message: PAYMENT_FILE_MESSAGES.missing,
    },
    {
      name: 'the file under another field name',
      payload: () => multipartBody([{ ...filePart(TINY_PDF), name: 'profileImage' }]),
      status: 400,
      message: PAYMENT_FILE_MESSAGES.missing,
    },
    {
      name: 'a JSON body',
      payload: () => JSON.stringify({ file: TINY_PDF.toString('base64') }),
      headers: { 'content-type': 'application/json' },
      status: 400,
      message: PAYMENT_FILE_MESSAGES.missing,
    },
    {
      name: 'a multipart body cut short',
      payload: () => multipartBody([filePart(TINY_PDF)]).subarray(0, 120),
      status: 400,
      message: PAYMENT_FILE_MESSAGES.unreadable,
    },
    {
      name: 'multipart without a boundary',
      payload: () => `--${BOUNDARY}\r\n`,
      headers: { 'content-type': 'multipart/form-data' },
      status: 400,
      message: PAYMENT_FILE_MESSAGES.unreadable,
    },
  ];

  for (const refusal of refusals) {
    it(`${refusal.name}: ${refusal.status} "${refusal.message}"`, async () => {
      const res = await upload(who, id, await refusal.payload(), refusal.headers);
      expect(res.statusCode, res.body).toBe(refusal.status);
      expect(res.json().message).toBe(refusal.message);
      expect(await storedFiles(who)).toEqual(before);
    });
  }

  it("another user's payment answers 404 exactly like a missing one, and keeps its file", async () => {
    const other = await signUp(ctx.app);
    const body = multipartBody([filePart(TINY_PDF)]);
    const theirs = await upload(other, id, body);
    const missing = await upload(other, 2_147_000_000, body);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    for (const method of ['GET', 'DELETE'] as const) {
      const a = await callApi(ctx.app, method, `/api/payments/${id}/file`, other);
      const b = await callApi(ctx.app, method, `/api/payments/2147000000/file`, other);
      expect(a.statusCode).toBe(404);
      expect(a.body).toBe(b.body);
    }
    expect(await storedFiles(who)).toEqual(before);
    expect(await storedFiles(other)).toEqual([]);
  });

  it('signed out: 401, nothing stored', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/payments/${id}/file`,
      headers: { 'content-type': MULTIPART_TYPE },
      payload: multipartBody([filePart(TINY_PDF)]),
    });
    expect(res.statusCode).toBe(401);
    expect(await storedFiles(who)).toEqual(before);
  });
});

describe('the file and its name', () => {
  it('tells the kinds by their first bytes only', async () => {
    expect(sniffPaymentFile(TINY_PDF)).toBe('application/pdf');
    expect(sniffPaymentFile(await makePng(2, 2))).toBe('image/png');
    expect(sniffPaymentFile(await makeJpeg(2, 2))).toBe('image/jpeg');
    expect(sniffPaymentFile(await makeWebp(2, 2))).toBe('image/webp');
    expect(sniffPaymentFile(Buffer.from('%PDF'))).toBeNull();
    expect(sniffPaymentFile(Buffer.from('RIFF0000WAVE'))).toBeNull();
  });

  it.each([
    ['C:\\Users\\me\\Documents\\stub.pdf', 'stub.pdf'],
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['pay\r\nstub\t  nov.pdf', 'paystub nov.pdf'],
    ['   ', 'pay-stub.pdf'],
    ['..', 'pay-stub.pdf'],
    [undefined, 'pay-stub.pdf'],
    ['Relevé de paie.pdf', 'Relevé de paie.pdf'],
  ])('%j is kept as %j', (given, kept) => {
    expect(paymentFileName(given, 'application/pdf')).toBe(kept);
  });

  it('keeps at most 120 characters', () => {
    expect(Array.from(paymentFileName(`${'é'.repeat(200)}.pdf`, 'application/pdf'))).toHaveLength(
      120,
    );
  });

  it('sends a name in non-Latin letters back safely', async () => {
    const who = await signUp(ctx.app);
    const id = await paymentOf(who);
    await upload(who, id, multipartBody([filePart(TINY_PDF, '給与明細 11月.pdf')]));
    const download = await callApi(ctx.app, 'GET', `/api/payments/${id}/file`, who);
    const disposition = String(download.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[a-z0-9.-]+"; filename\*=UTF-8''/);
    expect(disposition).not.toMatch(/[^\x20-\x7e]/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toBe('給与明細 11月.pdf');
  });
});
