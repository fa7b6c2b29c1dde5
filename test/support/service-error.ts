import { expect } from 'vitest';
import { isServiceError, type ServiceError } from '../../engine/src/errors/service-error.js';

/** The ServiceError a promise rejects with; fails the test when it resolves or rejects otherwise. */
export async function serviceErrorFrom(promise: Promise<unknown>, message?: string): Promise<ServiceError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isServiceError(err), message ?? `expected a ServiceError, got ${String(err)}`).toBe(true);
  return err as ServiceError;
}

/** The ServiceError a function throws; fails the test when it returns or throws otherwise. */
export function serviceErrorOf(fn: () => unknown, message?: string): ServiceError {
  let err: unknown = null;
  try {
    fn();
  } catch (e) {
    err = e;
  }
  expect(isServiceError(err), message ?? `expected a ServiceError, got ${String(err)}`).toBe(true);
  return err as ServiceError;
}
