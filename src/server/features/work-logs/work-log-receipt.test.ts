// The receipt of a shift's expense (decision 046): attached, listed without its bytes, downloaded
// unchanged, replaced, removed, and gone with its expense or its shift.
import { beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_MESSAGES } from '../../../shared/payment-file.ts';
import type { WorkLog } from '../../../shared/schemas/work-logs.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { MULTIPART_TYPE, makePng, multipartBody, type Part } from '../../test/profile-images.ts';
import { UPLOADED_FILE_CSP } from '../payments/payment-file.upload.ts';

const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const filePart = (
  data: Buffer | string,
  filename = 'parking.pdf',
  contentType = 'application/pdf',
) => ({ name: 'file', filename, contentType, data }) satisfies Part;

const upload = (who: Session, id: number, payload: Buffer | string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/work-logs/${id}/receipt`,
    headers: { 'content-type': MULTIPART_TYPE, cookie: who.cookie },
    payload,
  });

/** A 7.5-hour shift with $8.75 of parking to be paid back. */
async function shiftWithExpense(who: Session, expenseAmount = '8.75'): Promise<WorkLog> {
  const employer = await addEmployer(ctx.app, who, { name: 'Harbor Cafe', hourlyRate: '20.00' });
  return addWorkLog(ctx.app, who, {
    employerId: employer.id,
    date: '2026-11-02',
    startTime: '09:00',
    endTime: '17:00',
    breakDuration: 30,
    status: 'pending',
    hourlyRateAtTime: '0',
    expenseAmount,
    expenseNote: expenseAmount === '' ? null : 'Parking',
  });
}

async function storedReceipts(who: Session) {
  const { rows } = await ctx.database.pool.query<{ work_log_id: number; file_name: string }>(
    'select work_log_id, file_name from work_log_receipts where user_id = $1 order by 1',
    [who.userId],
  );
  return rows;
}

const listed = async (who: Session) =>
  (await callApi(ctx.app, 'GET', '/api/work-logs', who)).json() as WorkLog[];

describe('the receipt of a shift’s expense', () => {
  it('is stored, listed without its bytes, and downloads unchanged as an attachment', async () => {
    const who = await signUp(ctx.app);
    const log = await shiftWithExpense(who);
    expect(log.receipt).toBeNull();

    const res = await upload(who, log.id, multipartBody([filePart(TINY_PDF, 'Garage 2 Nov.pdf')]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Garage 2 Nov.pdf',
      size: TINY_PDF.length,
      contentType: 'application/pdf',
    });

    const [row] = await listed(who);
    expect(row?.receipt).toMatchObject({ name: 'Garage 2 Nov.pdf', size: TINY_PDF.length });
    expect(JSON.stringify(row)).not.toContain('base64');
    // The single shift's answer (an edit) says the same.
    const edited = await callApi(ctx.app, 'PATCH', `/api/work-logs/${log.id}`, who, {
      note: 'Receipt in the glovebox',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as WorkLog).receipt).toMatchObject({ name: 'Garage 2 Nov.pdf' });

    const download = await callApi(ctx.app, 'GET', `/api/work-logs/${log.id}/receipt`, who);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(TINY_PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="garage-2-nov.pdf"; filename*=UTF-8''Garage%202%20Nov.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe(UPLOADED_FILE_CSP);
  });

  it('is replaced by a new one, named "receipt" when its own name says nothing', async () => {
    const who = await signUp(ctx.app);
    const log = await shiftWithExpense(who);
    await upload(who, log.id, multipartBody([filePart(TINY_PDF)]));
    const png = await makePng(20, 20);
    const res = await upload(who, log.id, multipartBody([filePart(png, '\u202e', 'image/png')]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'receipt.png', contentType: 'image/png' });
    expect(await storedReceipts(who)).toEqual([{ work_log_id: log.id, file_name: 'receipt.png' }]);
  });

  it('goes only with an expense amount, and goes away when the amount is cleared', async () => {
    const who = await signUp(ctx.app);
    const bare = await shiftWithExpense(who, '');
    const refused = await upload(who, bare.id, multipartBody([filePart(TINY_PDF)]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: RECEIPT_MESSAGES.noExpense,
      errors: { file: RECEIPT_MESSAGES.noExpense },
    });
    expect(await storedReceipts(who)).toEqual([]);

    const employer = (await callApi(ctx.app, 'GET', '/api/employers', who)).json() as {
      id: number;
    }[];
    const log = await addWorkLog(ctx.app, who, {
      employerId: employer[0]!.id,
      date: '2026-11-03',
      startTime: '09:00',
      endTime: '17:00',
      breakDuration: 0,
      status: 'pending',
      hourlyRateAtTime: '0',
      expenseAmount: '12.00',
      expenseNote: 'Tolls',
    });
    expect((await upload(who, log.id, multipartBody([filePart(TINY_PDF)]))).statusCode).toBe(200);
    // A change that keeps the amount keeps the receipt.
    await callApi(ctx.app, 'PATCH', `/api/work-logs/${log.id}`, who, {
      expenseNote: 'Bridge tolls',
    });
    expect(await storedReceipts(who)).toHaveLength(1);
    const cleared = await callApi(ctx.app, 'PATCH', `/api/work-logs/${log.id}`, who, {
      expenseAmount: '',
      expenseNote: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((cleared.json() as WorkLog).receipt).toBeNull();
    expect(await storedReceipts(who)).toEqual([]);
  });

  it('is refused in the receipt’s words when it is not a PDF or an image', async () => {
    const who = await signUp(ctx.app);
    const log = await shiftWithExpense(who);
    const html = await upload(
      who,
      log.id,
      multipartBody([filePart('<html><script>alert(1)</script></html>')]),
    );
    expect(html.statusCode).toBe(400);
    expect(html.json()).toMatchObject({ message: RECEIPT_MESSAGES.type });
    const none = await upload(who, log.id, multipartBody([{ name: 'note', data: 'hello' }]));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: RECEIPT_MESSAGES.missing });
    expect(await storedReceipts(who)).toEqual([]);
  });

  it('is removed on its own (the shift stays), and a second removal is 404', async () => {
    const who = await signUp(ctx.app);
    const log = await shiftWithExpense(who);
    await upload(who, log.id, multipartBody([filePart(TINY_PDF)]));
    const removed = await callApi(ctx.app, 'DELETE', `/api/work-logs/${log.id}/receipt`, who);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await listed(who))[0]).toMatchObject({ id: log.id, receipt: null });
    const again = await callApi(ctx.app, 'DELETE', `/api/work-logs/${log.id}/receipt`, who);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: RECEIPT_MESSAGES.notFound });
    const download = await callApi(ctx.app, 'GET', `/api/work-logs/${log.id}/receipt`, who);
    expect(download.statusCode).toBe(404);
  });

  it('goes with its shift when the shift is deleted', async () => {
    const who = await signUp(ctx.app);
    const log = await shiftWithExpense(who);
    await upload(who, log.id, multipartBody([filePart(TINY_PDF)]));
    expect((await callApi(ctx.app, 'DELETE', `/api/work-logs/${log.id}`, who)).statusCode).toBe(
      200,
    );
    expect(await storedReceipts(who)).toEqual([]);
  });

  it("answers another user's shift, a made-up one and a bad id alike, and stores nothing", async () => {
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const log = await shiftWithExpense(owner);
    const foreign = await upload(other, log.id, multipartBody([filePart(TINY_PDF)]));
    const missing = await upload(other, 2_000_000_000, multipartBody([filePart(TINY_PDF)]));
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    const bad = await upload(other, -1, multipartBody([filePart(TINY_PDF)]));
    expect(bad.statusCode).toBe(400);
    expect(await storedReceipts(owner)).toEqual([]);
    expect(await storedReceipts(other)).toEqual([]);
  });
});
