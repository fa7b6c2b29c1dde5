import { ERROR_CATALOGUE } from '../errors/error-catalogue.js';
import { isServiceError } from '../errors/service-error.js';

/** The `{code, message}` a CLI line carries for a failed file. */
export interface CliError {
  code: string;
  message: string;
}

/** A file the CLI cannot open: the same answer for every command. */
export const UNREADABLE_FILE: CliError = { code: 'invalid_parameters', message: 'The file does not exist or cannot be read.' };

/** Anything thrown, as a CLI line's error: a ServiceError speaks for itself, all else is internal_error. */
export function cliError(err: unknown): CliError {
  return isServiceError(err) ? { code: err.code, message: err.message } : { code: 'internal_error', message: ERROR_CATALOGUE.internal_error.message };
}

/** A count given as text (`--threads`, `DOCEX_LLM_TIMEOUT_MS`): undefined when absent, null when not a positive whole number. */
export function parsePositiveInteger(value: string | undefined): number | undefined | null {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}
