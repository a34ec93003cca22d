import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../shared/errors.ts';
import { AppError } from '../errors.ts';

function validationBody(
  issues: { instancePath: string; message?: string | undefined }[],
  where: string,
): ErrorBody {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || where;
    errors[field] ??= issue.message ?? 'Invalid value';
  }
  const first = Object.values(errors)[0] ?? 'Invalid request';
  return { code: 'validation_failed', message: first, errors };
}

/** One error shape for every failure; a 5xx never shows its internals. */
export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { code: error.code, message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send(validationBody(error.validation, error.validationContext ?? 'body'));
    }
    const status = error.statusCode ?? 500;
    if (status === 415) {
      return reply.status(415).send({
        code: 'unsupported_media_type',
        message: 'Send the request as JSON (Content-Type: application/json)',
      });
    }
    if (status === 413) {
      return reply.status(413).send({ code: 'too_large', message: 'The request is too large' });
    }
    if (status === 429) {
      return reply.status(429).send({ code: 'rate_limited', message: error.message });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, empty body): safe to show.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : error.message;
      return reply.status(status).send({ code: 'validation_failed', message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      code: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
}
