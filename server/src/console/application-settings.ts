import { ServiceError } from '../../../engine/src/errors/service-error.js';
import { CAPABILITIES } from '../auth/capabilities.js';
import type { Application, DataPolicy, Environment, Organization } from '../db/repos/accounts.js';

/**
 * The rules of an application's console fields, each a function of the value sent: names,
 * environments, capabilities, modes and data policy values. Whether they fit together (a default
 * type among the assigned ones, a pinned version the type has) is ApplicationService's.
 */

export const MAX_APPLICATION_NAME = 100;
export const ENVIRONMENTS: readonly Environment[] = ['development', 'test', 'production'];
export const MODES = ['fast', 'standard', 'verified'] as const;
export const RETENTIONS: readonly DataPolicy['retention'][] = ['zero', '1h', '24h', '30d'];
export const LLM_SETTINGS: readonly DataPolicy['llm'][] = ['enabled', 'disabled'];

export const invalidSetting = (param: string, message: string, details?: Record<string, unknown>) =>
  new ServiceError('invalid_setting', { param, message, ...(details ? { details } : {}) });

/** A body as an object; anything else reads as an empty one, so each field answers its own code. */
export function objectBody(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** Refuses a field the path does not know, with `code` naming it, rather than ignoring a typo. */
export function onlyFields(body: Record<string, unknown>, known: readonly string[], refuse: (field: string) => ServiceError): void {
  const unknown = Object.keys(body).find((f) => !known.includes(f));
  if (unknown !== undefined) throw refuse(unknown);
}

/** Trimmed, 1 to 100 characters: blank or missing is `name_required`, anything else wrong `invalid_setting`. */
export function applicationName(value: unknown): string {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) throw new ServiceError('name_required', { param: 'name' });
  if (typeof value !== 'string') throw invalidSetting('name', 'The name must be a string.');
  const name = value.trim();
  if (name.length > MAX_APPLICATION_NAME) throw invalidSetting('name', `The name must be at most ${MAX_APPLICATION_NAME} characters.`);
  return name;
}

export function environmentOf(value: unknown): Environment {
  if (!ENVIRONMENTS.includes(value as Environment)) throw new ServiceError('invalid_environment', { param: 'environment' });
  return value as Environment;
}

/** What a new application holds unless told otherwise: every capability its organization is granted. */
export function organizationCapabilities(org: Organization): string[] {
  return CAPABILITIES.filter((c) => org.capabilities.includes(c));
}

/**
 * An application's capabilities: a non-empty list of capability names the organization is
 * granted, kept once each in the spec's order. Names that do not exist and capabilities the
 * organization lacks are `invalid_setting` (`details.unknown`, `details.not_granted`).
 */
export function applicationCapabilities(value: unknown, org: Organization): string[] {
  if (!Array.isArray(value) || !value.every((c) => typeof c === 'string')) throw invalidSetting('capabilities', 'The capabilities must be a list of capability names.');
  const unknown = value.filter((c) => !(CAPABILITIES as readonly string[]).includes(c));
  if (unknown.length > 0) throw invalidSetting('capabilities', 'A capability in the list does not exist.', { unknown });
  const notGranted = [...new Set(value.filter((c) => !org.capabilities.includes(c)))];
  if (notGranted.length > 0) throw invalidSetting('capabilities', 'The organization is not granted every capability in the list.', { not_granted: notGranted });
  const chosen = CAPABILITIES.filter((c) => value.includes(c));
  if (chosen.length === 0) throw invalidSetting('capabilities', 'An application needs at least one capability (disable it to stop its keys).');
  return chosen;
}

export function modeOf(value: unknown): string {
  if (!(MODES as readonly unknown[]).includes(value)) throw invalidSetting('default_mode', 'The default mode must be fast, standard or verified.');
  return value as string;
}

/** `PUT .../data-policy`: exactly `{retention, llm}`; any other value or field is `invalid_policy`. */
export function dataPolicyOf(body: Record<string, unknown>): DataPolicy {
  onlyFields(body, ['retention', 'llm'], (f) => new ServiceError('invalid_policy', { param: f, message: `The data policy has no field ${f}.` }));
  if (!RETENTIONS.includes(body.retention as DataPolicy['retention'])) throw new ServiceError('invalid_policy', { param: 'retention', message: 'retention must be zero, 1h, 24h or 30d.' });
  if (!LLM_SETTINGS.includes(body.llm as DataPolicy['llm'])) throw new ServiceError('invalid_policy', { param: 'llm', message: 'llm must be enabled or disabled.' });
  return { retention: body.retention as DataPolicy['retention'], llm: body.llm as DataPolicy['llm'] };
}

export const STATUSES: readonly Application['status'][] = ['active', 'disabled', 'archived'];
