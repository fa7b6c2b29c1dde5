import { ServiceError } from '../../../engine/src/errors/service-error.js';
import type { Environment, Organization } from '../db/repos/accounts.js';
import type { Member, Role } from '../db/repos/members.js';

/**
 * What a console role may do (docs/console.md, "Roles"):
 *
 * - `viewer` reads everything the console shows, never a secret;
 * - `developer` also manages document types, corrects results, and manages applications, keys,
 *   webhooks and the playground of development and test applications;
 * - `admin` does all that for production applications too, and manages members;
 * - `owner` also grants or takes the owner role and schedules or cancels the organization's deletion.
 */
export type ConsoleAction =
  | 'read'
  | 'manage_document_types'
  | 'review'
  | 'manage_application'
  | 'manage_members'
  | 'manage_owners'
  | 'delete_organization';

const RANK: Record<Role, number> = { viewer: 0, developer: 1, admin: 2, owner: 3 };

/** The least role for each action; `manage_application` is per environment. */
function leastRole(action: ConsoleAction, environment?: Environment): Role {
  switch (action) {
    case 'read':
      return 'viewer';
    case 'manage_document_types':
    case 'review':
      return 'developer';
    case 'manage_application':
      return environment === 'production' ? 'admin' : 'developer';
    case 'manage_members':
      return 'admin';
    case 'manage_owners':
    case 'delete_organization':
      return 'owner';
  }
}

export function may(role: Role, action: ConsoleAction, environment?: Environment): boolean {
  return RANK[role] >= RANK[leastRole(action, environment)];
}

/** Throws `role_insufficient` unless the member's role allows the action. */
export function requireRole(member: Member, action: ConsoleAction, environment?: Environment): void {
  if (!may(member.role, action, environment)) throw new ServiceError('role_insufficient', { details: { role: member.role, needs: leastRole(action, environment) } });
}

/**
 * Changes need an active organization: a suspended one is read-only in the console, and one
 * scheduled for deletion (`closed`) too, except for cancelling the deletion.
 */
export function requireWritable(organization: Organization): void {
  if (organization.status === 'suspended') throw new ServiceError('tenant_suspended');
  if (organization.status === 'closed') throw new ServiceError('tenant_closed');
}
