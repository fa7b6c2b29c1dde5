import type { AuditEntry, AuditPosition, OrganizationsRepo } from '../db/repos/organizations.js';
import { invalidParameter } from '../http/invalid-parameter.js';

export const DEFAULT_AUDIT_PAGE = 50;
export const MAX_AUDIT_PAGE = 200;

/** The cursor is the last entry's position, opaque to the page: base64url of `created_at|id`. */
const encode = (e: AuditEntry) => Buffer.from(`${e.created_at}|${e.id}`).toString('base64url');

function decode(cursor: string): AuditPosition {
  const [createdAt, id, rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest !== undefined || !id || !createdAt || Number.isNaN(Date.parse(createdAt))) throw invalidParameter('cursor', 'is not a cursor this list gave');
  return { created_at: createdAt, id };
}

/** `GET .../audit-log?limit=&cursor=`: newest first, `next_cursor` null on the last page. */
export function auditLogPage(repo: OrganizationsRepo, organizationId: string, query: Record<string, unknown>): { data: AuditEntry[]; next_cursor: string | null } {
  const rawLimit = query.limit;
  let limit = DEFAULT_AUDIT_PAGE;
  if (rawLimit !== undefined) {
    limit = typeof rawLimit === 'string' && /^\d+$/.test(rawLimit) ? Number(rawLimit) : NaN;
    if (!(limit >= 1 && limit <= MAX_AUDIT_PAGE)) throw invalidParameter('limit', `must be a whole number from 1 to ${MAX_AUDIT_PAGE}`);
  }
  const cursor = query.cursor;
  if (cursor !== undefined && typeof cursor !== 'string') throw invalidParameter('cursor', 'is not a cursor this list gave');
  const after = cursor ? decode(cursor) : null;
  // One more than asked tells whether another page follows.
  const rows = repo.auditPage(organizationId, limit + 1, after);
  const data = rows.slice(0, limit);
  return { data, next_cursor: rows.length > limit ? encode(data[data.length - 1]) : null };
}
