import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import { serializeError } from '../../../engine/src/errors/serialize-error.js';
import type { ErrorCode } from '../../../engine/src/errors/error-catalogue.js';
import { newId } from '../ids.js';

/**
 * What Fastify and Node would otherwise answer in their own shapes (`{"error":"Bad Request"}`),
 * answered in the spec's error body instead (docs/errors.md, service codes).
 */

/** The longest id or key a path may carry: longer than any header block Node reads (16 KB), so the router never answers 414 and an over-long id is the endpoint's own "not found". */
export const MAX_PARAM_LENGTH = 16_384;

/** How much of an over-long body is read (and dropped) before the answer, so a client still sending gets it instead of a reset connection; past this the connection is closed. */
const DRAIN_AT_MOST_BYTES = 64 * 1024 * 1024;
const DRAIN_AT_MOST_MS = 30_000;

/**
 * Validators: JSON bodies are taken as typed (`"600"` is no number), while path and query
 * strings, which are text by nature, are coerced to the schema's types.
 */
export function validatorCompilers(): NonNullable<FastifyServerOptions['schemaController']> {
  const pool = AjvCompiler();
  const common = { removeAdditional: false, allErrors: true } as const;
  type Externals = Parameters<typeof pool>[0];
  // Fastify passes the route ({schema, httpPart, ...}) to what the pool builds.
  type Compile = (route: { httpPart?: string }) => unknown;
  const buildValidator = (externalSchemas: Externals, options?: { customOptions?: object }) => {
    const strict = pool(externalSchemas, { customOptions: { ...options?.customOptions, ...common, coerceTypes: false } }) as unknown as Compile;
    const loose = pool(externalSchemas, { customOptions: { ...options?.customOptions, ...common, coerceTypes: 'array' } }) as unknown as Compile;
    return (route: { httpPart?: string }) => (route.httpPart === 'body' ? strict(route) : loose(route));
  };
  return { compilersFactory: { buildValidator } } as unknown as NonNullable<FastifyServerOptions['schemaController']>;
}

/**
 * Node's parser refused the request before Fastify saw it (headers over 16 KB, broken framing,
 * an unknown method, a timeout): the spec's body, written on the socket, then the connection closed.
 */
export function answerClientError(err: { code?: string }, socket: Socket): void {
  // Nothing can be written to a connection the peer already dropped.
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const code: ErrorCode = err.code === 'HPE_HEADER_OVERFLOW' ? 'http_431' : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'http_408' : 'http_400';
  const requestId = newId('svc_req_');
  const error = new ServiceError(code);
  const text = JSON.stringify(serializeError(error, { requestId }));
  const status = error.status;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/** Fastify's router errors (a malformed URL such as `%zz`), as `http_400`. */
export function frameworkErrors(handle: (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (_err, request, reply) => {
    void handle(new ServiceError('http_400') as unknown as FastifyError, request, reply);
  };
}

/**
 * Reads what is left of a request body and drops it, up to DRAIN_AT_MOST_BYTES within
 * DRAIN_AT_MOST_MS; past either the socket is closed. Resolves when the body has ended or the
 * connection is gone.
 */
export function drainBody(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      resolve();
    };
    const giveUp = () => {
      raw.socket?.destroy();
      finish();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_AT_MOST_BYTES) giveUp();
    };
    const timer = setTimeout(giveUp, DRAIN_AT_MOST_MS);
    raw.on('data', onData);
    raw.once('end', finish);
    raw.once('close', finish);
    raw.once('error', finish);
    raw.resume();
  });
}
