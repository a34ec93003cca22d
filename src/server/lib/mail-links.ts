import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** How mailed links find the address people reach the app at. */
export interface MailLinkOptions {
  /** PUBLIC_URL, as configured. */
  publicUrl?: string | undefined;
  /**
   * Production: never build a link from the request's Host header, which whoever sends the
   * request chooses (a reset or confirmation link pointing at their host). Outside production
   * the request's own origin stands in, so a local install works without configuration.
   */
  requirePublicUrl?: boolean | undefined;
}

export const PUBLIC_URL_MISSING =
  'This server cannot mail links yet: its administrator must set PUBLIC_URL to the address people reach Hourbook at.';

/** Said at start-up and on the diagnostics page when production runs without PUBLIC_URL. */
export const PUBLIC_URL_MISSING_LOG =
  'PUBLIC_URL is not set: mail that carries a link (e-mail confirmation and change, administrator temporary passwords) is refused until it is. Set PUBLIC_URL to the address people reach Hourbook at, e.g. https://hours.example.com.';

/** Whether mailed links can be built at all. */
export const canMailLinks = (options: MailLinkOptions) =>
  Boolean(options.publicUrl) || !options.requirePublicUrl;

/**
 * The base of a mailed link (no trailing slash): PUBLIC_URL, else outside production the
 * request's own origin. In production without PUBLIC_URL: 503, and nothing is mailed.
 */
export function mailLinkBase(options: MailLinkOptions, request: FastifyRequest): string {
  if (options.publicUrl) return options.publicUrl.replace(/\/+$/, '');
  if (options.requirePublicUrl) throw new AppError('not_configured', 503, PUBLIC_URL_MISSING);
  return `${request.protocol}://${request.host}`;
}

/**
 * The base of mailed links that the operator configured: PUBLIC_URL, else, for a server that
 * listens only on a loopback address (the default `npm start`), that address. A local install
 * then mails working links without configuration, and no request can choose their host. A
 * server listening on other addresses without PUBLIC_URL has none.
 */
export function configuredLinkBase(config: {
  PUBLIC_URL?: string | undefined;
  HOST: string;
  PORT: number;
}): string | undefined {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = config.HOST.toLowerCase();
  const loopback = host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
  if (!loopback) return undefined;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}
