import type { DiagnosticsResponse } from '../../../../shared/schemas/diagnostics.ts';

export type Tone = 'good' | 'warn' | 'off';
type Label = { text: string; tone: Tone };

export const databaseLabels: Record<DiagnosticsResponse['database'], string> = {
  embedded: 'Embedded PostgreSQL',
  external: 'PostgreSQL server',
};

export const instanceMailLabels: Record<DiagnosticsResponse['instanceMail'], Label> = {
  smtp: { text: 'SMTP server', tone: 'good' },
  outbox: { text: 'Outbox folder (development)', tone: 'warn' },
};

export const mailLinksLabels: Record<DiagnosticsResponse['mailLinks'], Label> = {
  'public-url': { text: 'PUBLIC_URL', tone: 'good' },
  'request-host': { text: "The request's address (development)", tone: 'warn' },
  missing: { text: 'Refused: PUBLIC_URL is not set', tone: 'warn' },
};

export const mailAccountLabels: Record<DiagnosticsResponse['mailAccount'], Label> = {
  connected: { text: 'Connected', tone: 'good' },
  'needs-reauth': { text: 'Needs reconnecting', tone: 'warn' },
  'not-connected': { text: 'Not connected', tone: 'off' },
};

export const notionLabels: Record<DiagnosticsResponse['notion'], Label> = {
  connected: { text: 'Connected', tone: 'good' },
  'not-connected': { text: 'Not connected', tone: 'off' },
};
