/**
 * Every error code of the interface specification, defined once: HTTP status, type and the
 * developer-facing message. docs/errors.md lists the same codes (a test keeps them equal).
 */
export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'conflict_error'
  | 'rate_limit_error'
  | 'processing_error'
  | 'api_error'
  | 'service_unavailable_error';

export interface CatalogueEntry {
  status: number;
  type: ErrorType;
  message: string;
}

// TODO(helper): every code of the spec's tables goes here.
export const ERROR_CATALOGUE = {
  internal_error: { status: 500, type: 'api_error', message: 'An unexpected error occurred. Retry with a growing pause.' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
