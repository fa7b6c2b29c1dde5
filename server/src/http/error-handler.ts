import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isServiceError, ServiceError } from '../../../engine/src/errors/service-error.js';
import { serializeError } from '../../../engine/src/errors/serialize-error.js';
import { drainBody } from './framework-answers.js';
import { invalidParameter } from './invalid-parameter.js';

/** Fastify's and the multipart plugin's own failures, as codes of the catalogue. */
function fromFramework(err: FastifyError): ServiceError | null {
  if (err.validation) {
    const where = err.validationContext ?? 'body';
    const errors = err.validation.map((v) => {
      const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const missing = (v.params as { missingProperty?: string }).missingProperty;
      const param = [path, missing].filter(Boolean).join('.') || where;
      return { param, message: v.message ?? 'is not valid' };
    });
    return new ServiceError('invalid_parameters', { param: errors[0]?.param, details: { errors } });
  }
  const code = err.code ?? '';
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (err instanceof SyntaxError && err.statusCode === 400)) {
    return new ServiceError('invalid_json', { param: 'body', message: 'The request body is not valid JSON.' });
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return invalidParameter('body', 'has a content type this endpoint does not take');
  }
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ServiceError('http_413');
  if (code.startsWith('FST_FILES_LIMIT') || code.startsWith('FST_PARTS_LIMIT') || code.startsWith('FST_FIELDS_LIMIT') || code === 'FST_PROTO_VIOLATION') {
    return invalidParameter('body', 'is too large or has too many parts');
  }
  if (typeof err.statusCode === 'number' && err.statusCode === 400) {
    return invalidParameter('body', 'could not be read');
  }
  return null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The error code answered, for the request log. */
    errorCode: string | null;
  }
}

/**
 * The one error path: every thrown thing becomes the one error body. A ServiceError speaks for
 * itself; framework errors map to their codes; anything else is `internal_error`, logged here
 * and answered without its message or stack.
 */
export function handleError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): Promise<void> | void {
  // A body over the limit is read to its end first (drainBody): answered while the client still
  // sends, the closed connection would reach it as a reset (EPIPE), not as this answer.
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && !request.raw.complete) return drainBody(request.raw).then(() => answer(err, request, reply));
  answer(err, request, reply);
}

function answer(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // A body read to its end leaves the request stream destroyed: it is the socket that must still be there.
  if (reply.sent || request.raw.socket?.destroyed) return;
  // Framework errors can come before the hook that names the request.
  void reply.header('X-Request-Id', request.id);
  const error = isServiceError(err) ? err : fromFramework(err);
  if (!error) request.log.error({ err }, 'unexpected failure');
  const body = serializeError(error ?? err, { requestId: request.id });
  request.errorCode = body.error.code;
  if (body.error.type === 'rate_limit_error') {
    const retry = (body.error.details as { retry_after?: number } | undefined)?.retry_after;
    if (retry !== undefined) reply.header('Retry-After', String(retry));
  }
  // The console's sign-in codes are not bearer-token challenges.
  if (body.error.type === 'authentication_error' && !body.error.code.startsWith('sign_in_')) {
    // RFC 6750 3.1: a request without a credential gets the bare challenge, no error attribute.
    const challenge = body.error.code === 'missing_credentials' ? 'Bearer realm="docex"' : `Bearer realm="docex", error="invalid_token", error_description="${body.error.code}"`;
    reply.header('WWW-Authenticate', challenge);
  }
  void reply.status(error?.status ?? 500).send(body);
}

/** Paths and methods no endpoint serves. */
export function handleNotFound(request: FastifyRequest, reply: FastifyReply): void {
  handleError(new ServiceError('http_404') as unknown as FastifyError, request, reply);
}
