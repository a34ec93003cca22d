import { z } from 'zod';

// The Notion mirror of work logs: docs/decisions/018-notion-mirror.md.

export const NOTION_PROPERTIES = [
  { name: 'Employer', type: 'rich_text' },
  { name: 'Date', type: 'date' },
  { name: 'Start', type: 'rich_text' },
  { name: 'End', type: 'rich_text' },
  { name: 'Break', type: 'number' },
  { name: 'Hours', type: 'number' },
  { name: 'Earnings', type: 'number' },
  { name: 'Department', type: 'rich_text' },
  { name: 'Status', type: 'select' },
  // Which log a page mirrors: a retry finds its page instead of making a second one.
  { name: 'Hourbook ID', type: 'number' },
] as const;
export type NotionPropertyType = (typeof NOTION_PROPERTIES)[number]['type'];

const NOTION_ID = /([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})/i;

export function parseNotionId(text: string): string | undefined {
  const path = text.trim().split(/[?#]/)[0] ?? '';
  const match = NOTION_ID.exec(path.replace(/^.*\//, '')) ?? NOTION_ID.exec(path);
  if (!match) return undefined;
  return match.slice(1, 6).join('-').toLowerCase();
}

export const DATABASE_MESSAGE = 'Please enter the link or ID of a Notion database';

export const notionConnectBodySchema = z.object({
  token: z
    .string({ error: 'Please enter your Notion integration token' })
    .trim()
    .min(1, 'Please enter your Notion integration token')
    .max(500, 'That does not look like a Notion token')
    .regex(/^[\x21-\x7e]+$/, 'That does not look like a Notion token'),
  database: z
    .string({ error: DATABASE_MESSAGE })
    .trim()
    .min(1, DATABASE_MESSAGE)
    .max(2000, DATABASE_MESSAGE)
    .transform((text, ctx) => {
      const id = parseNotionId(text);
      if (!id) {
        ctx.addIssue({ code: 'custom', message: DATABASE_MESSAGE });
        return z.NEVER;
      }
      return id;
    }),
});
export type NotionConnectBody = z.input<typeof notionConnectBodySchema>;

export const notionMissingPropertySchema = z.object({
  name: z.string(),
  type: z.string(),
  /** Present with another type: the user renames or changes it. */
  conflicting: z.boolean(),
});

export const notionConnectionStates = [
  'ok',
  'unauthorized',
  'not_found',
  'missing_read_content',
  'missing_insert_content',
  'missing_update_content',
] as const;

export const notionStatusSchema = z.object({
  connected: z.boolean(),
  state: z.enum(notionConnectionStates).nullable(),
  databaseId: z.string().nullable(),
  databaseTitle: z.string().nullable(),
  missingProperties: z.array(notionMissingPropertySchema),
  synced: z.number().int(),
  total: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
});
export type NotionStatus = z.infer<typeof notionStatusSchema>;

/** `off`: no Notion connection. */
export const notionSyncStates = ['off', 'pending', 'synced', 'failed'] as const;
export type NotionSyncState = (typeof notionSyncStates)[number];
export const notionSyncSchema = z.object({
  state: z.enum(notionSyncStates),
  error: z.string().nullable(),
});
export type NotionSync = z.infer<typeof notionSyncSchema>;
