import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../shared/errors.ts';
import { loggableError } from '../db/loggable-error.ts';
import { isDatabaseUnavailable, sqlState } from '../db/pg-errors.ts';
import { AppError } from '../errors.ts';
import { API_CACHE_CONTROL, securityHeaders } from './security.ts';
import { installProductValidationMessages, NOT_AN_OBJECT } from './validation-messages.ts';

interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string> | undefined;
}

const INTERNAL: ErrorAnswer = {
  status: 500,
  body: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
};
/** An overload, not a fault: the client may try again after Retry-After. */
export const DATABASE_BUSY: ErrorAnswer = {
  status: 503,
  body: {
    code: 'server_busy',
    message: 'The server is busy right now. Please try again in a few seconds.',
  },
  headers: { 'retry-after': '5' },
};
const UNSUPPORTED_MEDIA_TYPE = 'Send the request as JSON (Content-Type: application/json)';

/** Fastify's own request errors, in our words (its messages are for developers). */
const fastifyErrors = new Map<string, ErrorAnswer>([
  [
    'FST_ERR_CTP_INVALID_JSON_BODY',
    answer(400, 'validation_failed', 'The request body is not valid JSON'),
  ],
  [
    'FST_ERR_CTP_EMPTY_JSON_BODY',
    answer(400, 'validation_failed', 'The request body is empty. Send JSON, or no Content-Type.'),
  ],
  [
    'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
    answer(400, 'validation_failed', 'The request arrived incomplete. Please try again.'),
  ],
  ['FST_ERR_CTP_BODY_TOO_LARGE', answer(413, 'too_large', 'The request is too large')],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', answer(415, 'unsupported_media_type', UNSUPPORTED_MEDIA_TYPE)],
  ['FST_ERR_BAD_URL', answer(400, 'validation_failed', 'The address of this request is not valid')],
  ['FST_ERR_MAX_PARAM_LENGTH', answer(414, 'too_large', 'The address of this request is too long')],
]);

const byStatus = new Map<number, ErrorAnswer>([
  [400, answer(400, 'validation_failed', 'The request could not be understood')],
  [401, answer(401, 'unauthenticated', 'Please sign in to continue')],
  [403, answer(403, 'forbidden', 'You are not allowed to do this')],
  [404, answer(404, 'not_found', 'There is nothing at this address')],
  [405, answer(405, 'method_not_allowed', 'This address does not accept this kind of request')],
  [408, answer(408, 'request_timeout', 'The request took too long to arrive. Please try again.')],
  [409, answer(409, 'conflict', 'This conflicts with a change made meanwhile. Please try again.')],
  [413, answer(413, 'too_large', 'The request is too large')],
  [414, answer(414, 'too_large', 'The address of this request is too long')],
  [415, answer(415, 'unsupported_media_type', UNSUPPORTED_MEDIA_TYPE)],
  [429, answer(429, 'rate_limited', 'Too many requests. Please wait a moment and try again.')],
  [431, answer(431, 'too_large', 'The request headers are too large')],
]);

/** Data exceptions for a value a schema should have refused: a safety net, not a server fault. */
const PG_BAD_VALUE = new Set(['22003', '22P02', '22007', '22008', '22021']);
const BAD_VALUE = answer(
  400,
  'validation_failed',
  'One of the values sent is not valid or out of range',
);

function answer(status: number, code: ErrorCode, message: string): ErrorAnswer {
  return { status, body: { code, message } };
}

const answerForStatus = (status: number) => byStatus.get(status) ?? INTERNAL;

function validationBody(
  issues: { instancePath: string; message?: string | undefined }[],
  where: string,
): ErrorBody {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path || where;
    // The whole body or query of the wrong kind gets zod's developer wording: say it plainly.
    const wrongKind = !path && /^Invalid input: expected object/.test(issue.message ?? '');
    errors[field] ??= wrongKind ? NOT_AN_OBJECT : (issue.message ?? 'Invalid value');
  }
  const first = Object.values(errors)[0] ?? 'Invalid request';
  return { code: 'validation_failed', message: first, errors };
}

export function answerFor(error: FastifyError): ErrorAnswer | undefined {
  if (error instanceof AppError) {
    const body: ErrorBody = { code: error.code, message: error.message };
    if (error.errors) body.errors = error.errors;
    return { status: error.statusCode, body, headers: error.headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      status: 400,
      body: validationBody(error.validation, error.validationContext ?? 'body'),
    };
  }
  const known = fastifyErrors.get(error.code);
  if (known) return known;
  const state = sqlState(error);
  if (state && PG_BAD_VALUE.has(state)) return BAD_VALUE;
  if (isDatabaseUnavailable(error)) return DATABASE_BUSY;
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    if (error instanceof SyntaxError) return fastifyErrors.get('FST_ERR_CTP_INVALID_JSON_BODY');
    return byStatus.get(status) ?? { ...answerForStatus(400), status };
  }
  return undefined;
}

function send(reply: FastifyReply, { status, body, headers }: ErrorAnswer) {
  if (headers) reply.headers(headers);
  return reply.status(status).send(body);
}

export function registerErrorHandlers(app: FastifyInstance) {
  // A value refused without a schema message of its own is named in our words, not zod's.
  installProductValidationMessages();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = answerFor(error);
    if (!known) {
      request.log.error({ err: loggableError(error) }, 'request failed');
      return send(reply, INTERNAL);
    }
    if (known === BAD_VALUE)
      request.log.warn({ err: loggableError(error) }, 'a value reached the database unchecked');
    if (known === DATABASE_BUSY)
      request.log.warn({ err: loggableError(error) }, 'no database connection in time');
    return send(reply, known);
  });
}

/** Errors before routing, where no hook has run, so the headers are set here. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers(securityHeaders);
  reply.header('cache-control', API_CACHE_CONTROL);
  const known = answerFor(error);
  if (!known) request.log.error({ err: loggableError(error) }, 'request failed before routing');
  return send(reply, known ?? INTERNAL);
}

/** A request Node's parser could not read: there is no request to reply to, so the socket is written. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? answerForStatus(408)
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? answerForStatus(431)
        : answer(400, 'validation_failed', 'The request could not be read');
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        `Cache-Control: ${API_CACHE_CONTROL}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        `Connection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
