import type { FastifyRequest } from 'fastify';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import type { AccountsRepo, Application, Organization } from '../db/repos/accounts.js';
import type { Member, MembersRepo } from '../db/repos/members.js';
import type { ConsoleIdentity, ConsoleSessions } from './console-session.js';

/** Who asks, in which organization, with which membership. */
export interface OrgAccess extends ConsoleIdentity {
  organization: Organization;
  member: Member;
}

/**
 * Resolves the console request's person and organization: `sign_in_required` without a session
 * (and `csrf_token_invalid` for a change without the token), `tenant_not_found` for an
 * organization that does not exist or that the person is not an active member of; the two
 * are not told apart.
 */
export class ConsoleContext {
  constructor(
    readonly sessions: ConsoleSessions,
    private readonly accounts: AccountsRepo,
    private readonly members: MembersRepo,
  ) {}

  identity(request: FastifyRequest): ConsoleIdentity {
    return this.sessions.require(request);
  }

  org(request: FastifyRequest, organizationId: string): OrgAccess {
    const identity = this.sessions.require(request);
    const member = this.members.membership(organizationId, identity.user.id);
    const organization = member ? this.accounts.organization(organizationId) : null;
    if (!member || !organization) throw new ServiceError('tenant_not_found');
    return { ...identity, organization, member };
  }

  /** An application of the organization, else `application_not_found`. */
  application(access: OrgAccess, applicationId: string): Application {
    const application = this.accounts.application(applicationId);
    if (!application || application.organization_id !== access.organization.id) throw new ServiceError('application_not_found');
    return application;
  }
}
