import { ServiceError } from '../../../engine/src/errors/service-error.js';

/**
 * `invalid_parameters` for one parameter: `param` names it and `details.errors` holds the one
 * `{param, message}` entry the spec describes, so every route answers a bad parameter alike.
 * `message` says what is wrong without repeating the value sent.
 */
export function invalidParameter(param: string, message: string): ServiceError {
  return new ServiceError('invalid_parameters', { param, message: `The parameter ${param} ${message}.`, details: { errors: [{ param, message }] } });
}
