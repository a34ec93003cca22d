import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { tableDump } from '../db/backup-catalog.ts';
import { gmailTokens, jobs, notionConnections, workLogs } from '../db/schema/index.ts';
import { TOKEN_PURPOSE } from '../features/gmail/gmail.service.ts';
import { notionToken } from '../features/notion/notion.service.ts';
import { keyId, seal, unseal } from '../lib/seal.ts';
import type { MailMessage, MailTransport } from '../mail/transport.ts';
import { TEST_APP_SECRET } from '../test/app.ts';
import { testWorker, waitFor } from '../test/jobs.ts';
import { TEST_NOTION_TOKEN } from '../test/notion.ts';
import { createSeededApp, type SeededApp } from '../test/seed.ts';
import { createJobHandlers } from './job-handlers.ts';
import { RotationError, resealAll, sealedKeyCensus } from './rotate-secret.ts';

let ctx: SeededApp['ctx'];
let oauth: SeededApp['oauth'];
let gmail: SeededApp['gmail'];
let notion: SeededApp['notion'];
let outside: SeededApp['outside'];
let seeded: SeededApp['seeded'];
const NEW_SECRET = randomBytes(32);
const OLD_ID = keyId(TEST_APP_SECRET);

// Every place the app seals a value holds one (test/seed.ts), each sealed by the code that
// normally does.
beforeAll(async () => {
  ({ ctx, oauth, gmail, notion, outside, seeded } = await createSeededApp());
});

async function rotate(from: Buffer[], to: Buffer) {
  const client = await ctx.database.pool.connect();
  try {
    return await resealAll(client, { from, to });
  } finally {
    client.release();
  }
}

const dumpText = async () => [...(await tableDump(ctx.database.pool)).values()].flat().join('\n');

describe('resealAll', () => {
  it('rolls everything back when a value under the old secret would stay behind', async () => {
    // Sealed text where no sealed value belongs: the rotation cannot know how to open it.
    const [log] = await ctx.database.db
      .select({ id: workLogs.id, note: workLogs.note })
      .from(workLogs)
      .limit(1);
    const stray = seal(TEST_APP_SECRET, 'nowhere', 'stray');
    await ctx.database.db.update(workLogs).set({ note: stray }).where(eq(workLogs.id, log!.id));
    const before = await tableDump(ctx.database.pool);

    const failed = rotate([TEST_APP_SECRET], NEW_SECRET);
    await expect(failed).rejects.toThrow(RotationError);
    await expect(failed).rejects.toThrow(/Table work_logs holds 1 value\(s\).*Nothing was changed/);
    // The values it had sealed again before it found the stray one are back as they were.
    expect(await tableDump(ctx.database.pool)).toEqual(before);
    await ctx.database.db.update(workLogs).set({ note: log!.note }).where(eq(workLogs.id, log!.id));
  });

  it('seals every stored secret again, and the app with the new secret opens every one', async () => {
    // One value from before key ids: the rotation opens it too.
    const [connection] = await ctx.database.db.select().from(notionConnections);
    await ctx.database.db
      .update(notionConnections)
      .set({ tokenSealed: `v1.${connection!.tokenSealed.split('.')[2]}` })
      .where(eq(notionConnections.userId, connection!.userId));
    const census = await sealedKeyCensus(ctx.database.pool);
    const total = [...census.values()].reduce((a, b) => a + b, 0);
    expect(census).toEqual(
      new Map([
        [OLD_ID, total - 1],
        ['v1', 1],
      ]),
    );
    // Alice's two Gmail tokens, Bob's disconnected one (in the revoke job), Bob's PKCE
    // verifier, the queued Gmail message, the Notion token, and Carol's three instance mails
    // (her temporary password; the link and the notice of her e-mail change), and Alice's two
    // reminders (the weeks of both her employers, due on 10 January 2027).
    expect(total).toBe(11);
    const [tokens] = await ctx.database.db.select().from(gmailTokens);
    const revoke = await ctx.database.db.execute<{ token: string }>(
      sql`select payload->>'token' as token from jobs where type = 'gmail.revoke'`,
    );
    const clear = [
      unseal(TEST_APP_SECRET, TOKEN_PURPOSE, tokens!.accessToken),
      unseal(TEST_APP_SECRET, TOKEN_PURPOSE, tokens!.refreshToken!),
      unseal(TEST_APP_SECRET, TOKEN_PURPOSE, revoke.rows[0]!.token),
      TEST_NOTION_TOKEN,
    ];
    expect(clear.every((t) => typeof t === 'string' && t.length > 10)).toBe(true);

    expect(await rotate([TEST_APP_SECRET], NEW_SECRET)).toEqual({
      resealed: total,
      alreadyNew: 0,
      unknown: new Map(),
    });

    const text = await dumpText();
    expect(text).not.toContain(`v2.${OLD_ID}.`);
    for (const token of clear) expect(text).not.toContain(token);
    expect(await sealedKeyCensus(ctx.database.pool)).toEqual(new Map([[keyId(NEW_SECRET), total]]));

    // The jobs run under the new secret: instance mail, the Gmail message, the Notion mirror
    // and the revoke at Google all open what they carry.
    const sent: MailMessage[] = [];
    const mail: MailTransport = {
      from: 'Hourbook <no-reply@hourbook.test>',
      fromDomain: 'hourbook.test',
      send: async (message) => {
        sent.push(message);
        return { messageId: '', where: 'test' };
      },
      close: () => undefined,
    };
    const worker = testWorker(
      ctx.database,
      createJobHandlers({ db: ctx.database.db, secret: NEW_SECRET, mail, ...outside }),
    );
    const open = () =>
      ctx.database.db
        .select({ type: jobs.type, status: jobs.status, lastError: jobs.lastError })
        .from(jobs)
        // The reminders' sweep of the next hour waits for its hour, and the forgetting of an
        // Undo snapshot for its minute (decision 048), by design.
        .where(
          sql`${jobs.type} <> 'test.finished' and ${jobs.status} <> 'done'
              and not (${jobs.type} in ('reminders.sweep', 'work-logs.forget-undo')
                       and ${jobs.runAt} > now())`,
        );
    try {
      await waitFor(async () => (await open()).length === 0, 15_000).catch(async () => {
        throw new Error(`jobs left: ${JSON.stringify(await open())}`);
      });
    } finally {
      await worker.stop();
    }
    const mailTo = (to: string, subject: string) =>
      sent.find((m) => m.to === to && m.subject === subject)?.text;
    const { email } = seeded.carol;
    expect(mailTo(email, 'Your Hourbook temporary password')).toMatch(/[2-9A-Z]{4}-[2-9A-Z]{4}/);
    expect(mailTo(`new-${email}`, 'Confirm your new Hourbook e-mail address')).toMatch(
      /\/verify-email\?token=/,
    );
    expect(mailTo(email, 'Your Hourbook e-mail address is being changed')).toContain(
      `new-${email}`,
    );
    expect(mailTo(seeded.alice.email, 'Your Café Zoë timesheet is due tomorrow')).toContain(
      'is due tomorrow (Sun, Jan 10, 2027)',
    );
    const [message] = await gmail.accepted();
    expect(message?.text).toContain('my timesheet is attached');
    expect(notion.pages.size).toBeGreaterThan(0);
    expect(notion.calls.at(-1)?.token).toBe(TEST_NOTION_TOKEN);
    expect(oauth.revoked).toHaveLength(1);
    const [after] = await ctx.database.db.select().from(notionConnections);
    expect(notionToken(NEW_SECRET, after!)).toBe(TEST_NOTION_TOKEN);
    expect(notionToken(TEST_APP_SECRET, after!)).toBeUndefined();

    // Bob's Gmail connection, begun before the rotation, finishes on a server with the new secret.
    const app = await buildApp({
      database: ctx.database,
      secret: NEW_SECRET,
      version: 'test',
      clientDir: '/nonexistent',
      ...outside,
    });
    try {
      const consent = await fetch(seeded.bobAuthUrl, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location') ?? '');
      const callback = await app.inject({
        url: `${back.pathname}${back.search}`,
        headers: { cookie: seeded.bob.cookie },
      });
      expect(callback.headers.location).toBe('/gmail-callback.html?result=connected');
    } finally {
      await app.close();
    }
  });

  it('a second run, or one after a crash, leaves what is sealed under the new secret', async () => {
    const census = await sealedKeyCensus(ctx.database.pool);
    const count = census.get(keyId(NEW_SECRET)) ?? 0;
    expect(count).toBeGreaterThan(0);
    // A value sealed under a secret nobody gave: counted, left as it is.
    const elsewhere = randomBytes(32);
    const [row] = await ctx.database.db.select().from(gmailTokens).limit(1);
    const foreign = seal(elsewhere, TOKEN_PURPOSE, 'from another installation');
    await ctx.database.db
      .update(gmailTokens)
      .set({ accessToken: foreign })
      .where(eq(gmailTokens.id, row!.id));

    expect(await rotate([TEST_APP_SECRET], NEW_SECRET)).toEqual({
      resealed: 0,
      alreadyNew: count - 1,
      unknown: new Map([[keyId(elsewhere), 1]]),
    });
    const [unchanged] = await ctx.database.db
      .select()
      .from(gmailTokens)
      .where(eq(gmailTokens.id, row!.id));
    expect(unchanged?.accessToken).toBe(foreign);
  });
});
