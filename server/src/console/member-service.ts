import { createHash } from 'node:crypto';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import type { AccountsRepo } from '../db/repos/accounts.js';
import { ROLES, type Member, type MembersRepo, type Role } from '../db/repos/members.js';
import { isoNow, randomToken } from '../ids.js';
import type { OrgAccess } from './console-context.js';
import { validEmail } from './email.js';
import { requireRole, requireWritable } from './roles.js';

/** An invitation link is valid 7 days. */
export const INVITATION_MS = 7 * 86_400_000;

/** A member as the console shows it: never the invitation's hash. */
export function memberSummary(m: Member) {
  return { id: m.id, email: m.email, role: m.role, status: m.status, invited_by: m.invited_by, created_at: m.created_at, invitation_expires_at: m.invitation_expires_at };
}

const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);
const expired = (m: Member, now: number) => m.status === 'invited' && m.invitation_expires_at !== null && Date.parse(m.invitation_expires_at) <= now;

/**
 * Members and invitations (docs/console.md, "Roles" and "Invitations"): admins invite, change
 * roles and remove members; only owners grant or take the owner role or remove an owner; anyone
 * may leave; nothing may leave the organization without an active owner (`last_owner`).
 */
export class MemberService {
  constructor(
    private readonly accounts: AccountsRepo,
    private readonly members: MembersRepo,
  ) {}

  list(organizationId: string) {
    return this.members.members(organizationId).map(memberSummary);
  }

  /** An invitation; the token is returned once (only its SHA-256 is stored). */
  invite(access: OrgAccess, body: Record<string, unknown>): { member: Member; token: string } {
    requireRole(access.member, 'manage_members');
    requireWritable(access.organization);
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (!validEmail(email)) throw new ServiceError('invalid_email', { param: 'email' });
    if (!isRole(body.role)) throw new ServiceError('invalid_role', { param: 'role' });
    const role = body.role;
    if (role === 'owner') requireRole(access.member, 'manage_owners');
    const orgId = access.organization.id;
    const token = randomToken(43);
    const member = this.accounts.transaction(() => {
      const existing = this.members.memberByEmail(orgId, email);
      // An invitation that lapsed unused makes way for a new one.
      if (existing && !expired(existing, Date.now())) throw new ServiceError('already_member', { param: 'email' });
      if (existing) this.members.removeMember(existing.id);
      const m = this.members.invite(orgId, email, role, access.user.email, createHash('sha256').update(token).digest('hex'), isoNow(new Date(Date.now() + INVITATION_MS)));
      this.accounts.audit(orgId, access.user.email, 'member.invited', m.id, { email, role });
      return m;
    });
    return { member, token };
  }

  changeRole(access: OrgAccess, memberId: string, body: Record<string, unknown>): Member {
    requireRole(access.member, 'manage_members');
    requireWritable(access.organization);
    if (!isRole(body.role)) throw new ServiceError('invalid_role', { param: 'role' });
    const role = body.role;
    const orgId = access.organization.id;
    return this.accounts.transaction(() => {
      const target = this.member(orgId, memberId);
      if (target.role === role) return target;
      if (target.role === 'owner' || role === 'owner') requireRole(access.member, 'manage_owners');
      if (this.isLastOwner(target)) throw new ServiceError('last_owner');
      this.members.setRole(target.id, role);
      this.accounts.audit(orgId, access.user.email, 'member.role_changed', target.id, { email: target.email, from: target.role, to: role });
      return this.members.member(orgId, target.id)!;
    });
  }

  /** Removes a member or withdraws an invitation; removing oneself is leaving. */
  remove(access: OrgAccess, memberId: string): void {
    requireWritable(access.organization);
    const orgId = access.organization.id;
    this.accounts.transaction(() => {
      const target = this.member(orgId, memberId);
      const leaving = target.id === access.member.id;
      if (!leaving) requireRole(access.member, target.role === 'owner' ? 'manage_owners' : 'manage_members');
      if (this.isLastOwner(target)) throw new ServiceError('last_owner');
      this.members.removeMember(target.id);
      const action = leaving ? 'member.left' : target.status === 'invited' ? 'member.invitation_withdrawn' : 'member.removed';
      this.accounts.audit(orgId, access.user.email, action, target.id, { email: target.email, role: target.role });
    });
  }

  private member(organizationId: string, memberId: string): Member {
    const m = this.members.member(organizationId, memberId);
    if (!m) throw new ServiceError('member_not_found');
    return m;
  }

  /** The only active owner: demoting or removing them would leave the organization without one. */
  private isLastOwner(m: Member): boolean {
    return m.status === 'active' && m.role === 'owner' && this.members.countOwners(m.organization_id) <= 1;
  }
}
