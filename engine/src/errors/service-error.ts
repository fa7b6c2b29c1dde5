import { ERROR_CATALOGUE, type ErrorCode, type ErrorType } from './error-catalogue.js';

export interface ServiceErrorOptions {
  /** Overrides the catalogue's message; never include document content or submitted values. */
  message?: string;
  /** The parameter at fault, e.g. `options.tiling`. */
  param?: string;
  details?: Record<string, unknown>;
  cause?: unknown;
  /**
   * Where the spec answers a code with another status in one context (`document_type_not_found`
   * is 400 on client-token and client-session creation): that status and its type.
   */
  answeredAs?: { status: 400; type: 'invalid_request_error' };
}

/**
 * The one error class of the kit. Everything public (status, type, message) comes from the
 * catalogue entry of `code`; categories are data, not subclasses.
 */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly type: ErrorType;
  readonly param?: string;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, options: ServiceErrorOptions = {}) {
    const entry = ERROR_CATALOGUE[code];
    super(options.message ?? entry.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServiceError';
    this.code = code;
    this.status = options.answeredAs?.status ?? entry.status;
    this.type = options.answeredAs?.type ?? entry.type;
    if (options.param !== undefined) this.param = options.param;
    if (options.details !== undefined) this.details = options.details;
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}
