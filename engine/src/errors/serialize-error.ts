import type { ErrorBody } from '../contracts/error-body.js';
import { ERROR_CATALOGUE, type ErrorType } from './error-catalogue.js';
import { isServiceError } from './service-error.js';

export type { ErrorBody } from '../contracts/error-body.js';

/** Where docs/errors.md is served; each code has an anchor of its own name there. */
export const DEFAULT_DOC_BASE_URL = '/docs/errors';

export interface SerializeErrorContext {
  /** Same value as the `X-Request-Id` response header. */
  requestId: string;
  /** Base address of the error documentation; defaults to DEFAULT_DOC_BASE_URL. */
  docBaseUrl?: string;
}

// The contract's type union and the catalogue's ErrorType must stay the same set.
type SameErrorTypes = [ErrorType] extends [ErrorBody['error']['type']]
  ? [ErrorBody['error']['type']] extends [ErrorType] ? true : false
  : false;
const errorTypesAgree: SameErrorTypes = true;
void errorTypesAgree;

/**
 * Turns anything thrown into the public error body. Only a ServiceError speaks for itself;
 * everything else becomes `internal_error` with the catalogue's message, so no stack trace,
 * original message or document text can leak.
 */
export function serializeError(error: unknown, context: SerializeErrorContext): ErrorBody {
  const docBaseUrl = context.docBaseUrl ?? DEFAULT_DOC_BASE_URL;
  if (isServiceError(error)) {
    return {
      error: {
        type: error.type,
        code: error.code,
        message: error.message,
        ...(error.param !== undefined && { param: error.param }),
        ...(error.details !== undefined && { details: error.details }),
        request_id: context.requestId,
        doc_url: `${docBaseUrl}#${error.code}`,
      },
    };
  }
  const entry = ERROR_CATALOGUE.internal_error;
  return {
    error: {
      type: entry.type,
      code: 'internal_error',
      message: entry.message,
      request_id: context.requestId,
      doc_url: `${docBaseUrl}#internal_error`,
    },
  };
}
