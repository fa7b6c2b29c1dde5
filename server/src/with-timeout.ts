import { ServiceError } from '../../engine/src/errors/service-error.js';

/** The promise's outcome, or `processing_timeout` after `ms`; the work itself is not stopped. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ServiceError('processing_timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
