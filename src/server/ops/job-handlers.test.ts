import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connect, type Executor } from '../db/open.ts';
import { NOTION_SYNC_JOB } from '../features/notion/notion.service.ts';
import { enqueueJob, enqueueJobs } from '../jobs/queue.ts';
import { defineJob, jobType, MissingJobHandlerError } from '../jobs/types.ts';
import { MAIL_SEND_JOB } from '../mail/mail-job.ts';
import type { MailTransport } from '../mail/transport.ts';
import { JOB_TYPES, jobDefinitions, jobsOf, startJobWorker } from './job-handlers.ts';
import { buildServices } from './services.ts';

// Nothing here queries: a pool that is never used opens no connection.
const database = connect('postgres://nobody@127.0.0.1:9/unused', 'external');
const log = pino({ level: 'silent' });
const mail: MailTransport = {
  from: 'Hourbook <no-reply@hourbook.test>',
  fromDomain: 'hourbook.test',
  send: async () => ({ messageId: '', where: 'nowhere' }),
  close: () => undefined,
};
const services = () =>
  buildServices({ db: database.db, secret: Buffer.alloc(32), version: 'test', mail });

describe('the job registry', () => {
  it('has one handler for every job type a worker claims, and no other', () => {
    const registry = jobsOf({ ...services(), mail });
    expect([...registry.keys()].sort()).toEqual(
      [
        'gmail.revoke',
        'gmail.send',
        'mail.send',
        'notion.archive',
        'notion.restore',
        'notion.sync',
        'reminders.sweep',
        'work-logs.forget-undo',
      ].sort(),
    );
    for (const job of JOB_TYPES) expect(registry.get(job.type)?.payload).toBe(job.payload);
  });

  it('stops start-up (server and worker alike) when a claimed job type has no handler', () => {
    const unhandled = jobType('reminder.send', z.object({ userId: z.number() }));
    const start = () =>
      startJobWorker(services(), { database, log, listen: false }, [...JOB_TYPES, unhandled]);
    expect(start).toThrow(MissingJobHandlerError);
    expect(start).toThrow('No handler for jobs of type reminder.send');
    const withoutMail = () => startJobWorker({ ...services(), mail: undefined }, { database, log });
    expect(withoutMail).toThrow('The job worker needs instance mail');
  });

  it('refuses a handler no worker claims, and two handlers for one type', () => {
    const extra = defineJob({ type: 'extra', payload: z.object({}), handle: async () => {} });
    expect(() =>
      jobsOf({ ...services(), mail }, JOB_TYPES, (s) => [...jobDefinitions(s), extra]),
    ).toThrow('Handlers for job types no worker claims: extra');
    expect(() =>
      jobsOf({ ...services(), mail }, JOB_TYPES, (s) => [
        ...jobDefinitions(s),
        ...jobDefinitions(s),
      ]),
    ).toThrow('Two handlers for jobs of type mail.send');
  });

  it('types enqueueJob by job name: a wrong payload for a known type does not compile', () => {
    // Never called: tsc checks it (an unused @ts-expect-error is itself an error).
    const typed = async (db: Executor) => {
      // @ts-expect-error userId is a number
      await enqueueJob(db, { type: NOTION_SYNC_JOB, payload: { userId: '1', workLogId: 2 } });
      // @ts-expect-error a mail job needs its subject, sealed body and key
      await enqueueJob(db, { type: MAIL_SEND_JOB, payload: { to: 'ann@example.org' } });
      // @ts-expect-error workLogId is missing
      await enqueueJobs(db, NOTION_SYNC_JOB, [{ payload: { userId: 1 } }]);
      await enqueueJob(db, { type: NOTION_SYNC_JOB, payload: { userId: 1, workLogId: 2 } });
    };
    expect(typed).toBeTypeOf('function');
  });
});

const serverDir = join(import.meta.dirname, '..');
const source = (path: string) => readFileSync(join(serverDir, path), 'utf8');

describe('one composition root', () => {
  it('no feature route or plugin file constructs a service of the app', () => {
    const found: string[] = [];
    const featuresDir = join(serverDir, 'features');
    for (const feature of readdirSync(featuresDir)) {
      for (const file of readdirSync(join(featuresDir, feature))) {
        if (!/\.(routes|plugin)\.ts$/.test(file)) continue;
        const text = readFileSync(join(featuresDir, feature, file), 'utf8');
        // The names this file imports from the app's own modules (not packages).
        const local = [...text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'\.[^']*'/g)]
          .flatMap((m) => (m[1] ?? '').split(','))
          .map(
            (name) =>
              name
                .replace(/^\s*type\s+/, '')
                .trim()
                .split(/\s+as\s+/)
                .pop() ?? '',
          )
          .filter(Boolean);
        // Errors are values, not services.
        for (const name of local.filter((n) => !n.endsWith('Error'))) {
          if (new RegExp(`\\bnew\\s+${name}\\s*\\(`).test(text))
            found.push(`${feature}/${file}: new ${name}`);
          if (/^create[A-Z]\w*(Transport|Client|Pool|Cache|Renderer|Limiter|Api)$/.test(name))
            found.push(`${feature}/${file}: ${name}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the server and `npm run worker` build their services and start their worker the same way', () => {
    for (const entry of ['main.ts', 'ops/worker-main.ts']) {
      const text = source(entry);
      expect(text, entry).toMatch(/servicesFromConfig\(/);
      expect(text, entry).toMatch(/startJobWorker\(services,/);
      expect(text, entry).not.toMatch(
        /\bnew (?!\w*Error\()[A-Z]\w*\(|createMailTransport|startWorker\(/,
      );
    }
    expect(source('app.ts')).not.toMatch(
      /\bnew (RateLimiter|NotionApi|GmailOAuth|DocumentRenderer|VersionedResponses|SessionCache)\(/,
    );
  });
});
