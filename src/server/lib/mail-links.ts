import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

export interface MailLinkOptions {
  publicUrl?: string | undefined;
  /** Production: never build a link from the Host header, which the requester chooses. */
  requirePublicUrl?: boolean | undefined;
}

export const PUBLIC_URL_MISSING =
  'This server cannot mail links yet: its administrator must set PUBLIC_URL to the address people reach Hourbook at.';

export const PUBLIC_URL_MISSING_LOG =
  'PUBLIC_URL is not set: mail that carries a link (e-mail confirmation and change, administrator temporary passwords) is refused until it is. Set PUBLIC_URL to the address people reach Hourbook at, e.g. https://hours.example.com.';

export const canMailLinks = (options: MailLinkOptions) =>
  Boolean(options.publicUrl) || !options.requirePublicUrl;

export function mailLinkBase(options: MailLinkOptions, request: FastifyRequest): string {
  if (options.publicUrl) return options.publicUrl.replace(/\/+$/, '');
  if (options.requirePublicUrl) throw new AppError('not_configured', 503, PUBLIC_URL_MISSING);
  return `${request.protocol}://${request.host}`;
}

// Loopback-only servers (default `npm start`) mail working links with no request choosing the host.
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
