import { z } from 'zod';

// docs/product/deviations.md#6-test-is-a-diagnostics-page
export const diagnosticsResponseSchema = z.object({
  version: z.string(),
  database: z.enum(['embedded', 'external']),
  instanceMail: z.enum(['smtp', 'outbox']),
  /** 'missing': production without PUBLIC_URL, where mail with a link is refused. */
  mailLinks: z.enum(['public-url', 'request-host', 'missing']),
  mailAccount: z.enum(['connected', 'needs-reauth', 'not-connected']),
  notion: z.enum(['connected', 'not-connected']),
  serverTime: z.string(),
});
export type DiagnosticsResponse = z.infer<typeof diagnosticsResponseSchema>;
