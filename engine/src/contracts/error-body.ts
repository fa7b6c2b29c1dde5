import { Type, type Static } from '@sinclair/typebox';

/** Broad class of an error; each type has one HTTP status (see docs/errors.md). */
export const ErrorTypeSchema = Type.Union([
  Type.Literal('invalid_request_error'),
  Type.Literal('authentication_error'),
  Type.Literal('permission_error'),
  Type.Literal('not_found_error'),
  Type.Literal('conflict_error'),
  Type.Literal('rate_limit_error'),
  Type.Literal('processing_error'),
  Type.Literal('api_error'),
  Type.Literal('service_unavailable_error'),
]);

/**
 * The body of every error response: `{ error: { ... } }`. It never repeats document content
 * or submitted values.
 */
export const ErrorBody = Type.Object({
  error: Type.Object({
    type: ErrorTypeSchema,
    /** Precise reason, a code of the error catalogue. */
    code: Type.String(),
    /** One sentence for developers. */
    message: Type.String(),
    /** The parameter at fault, e.g. `options.tiling`. */
    param: Type.Optional(Type.String()),
    /** E.g. `missing`, `not_granted`, `errors`, `problems`, `changes`. */
    details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    /** Same as the `X-Request-Id` response header. */
    request_id: Type.String(),
    /** Link to the code's entry in the error documentation. */
    doc_url: Type.String(),
  }),
});
export type ErrorBody = Static<typeof ErrorBody>;
