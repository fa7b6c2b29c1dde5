import { ServiceError } from '../../../engine/src/errors/service-error.js';
import type { AccountsRepo, Organization } from '../db/repos/accounts.js';
import type { Role } from '../db/repos/members.js';
import type { OrganizationsRepo } from '../db/repos/organizations.js';
import { invalidParameter } from '../http/invalid-parameter.js';
import { isoNow } from '../ids.js';
import type { OrgAccess } from './console-context.js';
import { requireRole, requireWritable } from './roles.js';

/** A scheduled deletion happens this long after it was asked for, unless an owner cancels. */
export const DELETION_DELAY_MS = 30 * 86_400_000;
export const MAX_ORGANIZATION_NAME = 200;

/** The console's name for a status: the database keeps `closed` for a scheduled deletion. */
export function organizationStatus(status: Organization['status']): 'active' | 'suspended' | 'scheduled_for_deletion' {
  return status === 'closed' ? 'scheduled_for_deletion' : status;
}

/** An organization's name from a console body: trimmed, 1 to 200 characters. */
export function organizationName(value: unknown, param: string): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) throw new ServiceError('name_required', { param });
  if (name.length > MAX_ORGANIZATION_NAME) throw invalidParameter(param, `must be at most ${MAX_ORGANIZATION_NAME} characters`);
  return name;
}

/** The organization page: itself, the caller's role, this month's documents against its quota. */
export function organizationSummary(o: Organization, role: Role, documentsThisMonth: number) {
  return {
    id: o.id,
    name: o.name,
    status: organizationStatus(o.status),
    deletion_due_at: o.deletion_due_at,
    capabilities: o.capabilities,
    monthly_quota: o.monthly_quota,
    documents_this_month: documentsThisMonth,
    limits: { max_applications: o.max_applications, max_document_types: o.max_document_types, max_file_bytes: o.max_file_bytes, max_pages: o.max_pages },
    created_at: o.created_at,
    role,
  };
}

/** Renaming, and scheduling or cancelling the deletion; each change is audited. */
export class OrganizationService {
  constructor(
    private readonly accounts: AccountsRepo,
    private readonly organizations: OrganizationsRepo,
  ) {}

  rename(access: OrgAccess, body: Record<string, unknown>): Organization {
    requireRole(access.member, 'manage_members');
    requireWritable(access.organization);
    const name = organizationName(body.name, 'name');
    const org = access.organization;
    return this.accounts.transaction(() => {
      if (name !== org.name) {
        this.organizations.rename(org.id, name);
        this.accounts.audit(org.id, access.user.email, 'organization.renamed', org.id, { from: org.name, to: name });
      }
      return this.accounts.organization(org.id)!;
    });
  }

  /** Owners only: the organization's keys answer `tenant_closed` at once, and the console is read-only. */
  scheduleDeletion(access: OrgAccess, now = new Date()): Organization {
    requireRole(access.member, 'delete_organization');
    requireWritable(access.organization);
    const org = access.organization;
    return this.accounts.transaction(() => {
      const dueAt = isoNow(new Date(now.getTime() + DELETION_DELAY_MS));
      if (!this.organizations.scheduleDeletion(org.id, dueAt)) requireWritable(this.accounts.organization(org.id)!);
      this.accounts.audit(org.id, access.user.email, 'organization.deletion_scheduled', org.id, { deletion_due_at: dueAt });
      return this.accounts.organization(org.id)!;
    });
  }

  /**
   * Owners only, and the one change a scheduled organization accepts. An organization that is
   * not scheduled for deletion is answered as it is; a suspended one stays read-only; once the
   * deletion is due it may be under way and can no longer be cancelled (`tenant_closed`).
   */
  cancelDeletion(access: OrgAccess, now = new Date()): Organization {
    requireRole(access.member, 'delete_organization');
    const org = access.organization;
    if (org.status === 'suspended') throw new ServiceError('tenant_suspended');
    if (org.status === 'active') return org;
    return this.accounts.transaction(() => {
      if (!this.organizations.cancelDeletion(org.id, isoNow(now))) throw new ServiceError('tenant_closed');
      this.accounts.audit(org.id, access.user.email, 'organization.deletion_cancelled', org.id, null);
      return this.accounts.organization(org.id)!;
    });
  }
}
