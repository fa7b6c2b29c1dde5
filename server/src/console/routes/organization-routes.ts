import type { FastifyInstance } from 'fastify';
import { MembersRepo } from '../../db/repos/members.js';
import { OrganizationsRepo } from '../../db/repos/organizations.js';
import { auditLogPage } from '../audit-log-reader.js';
import type { ConsoleContext } from '../console-context.js';
import { MemberService, memberSummary } from '../member-service.js';
import { OrganizationService, organizationSummary } from '../organization-service.js';
import { requireRole } from '../roles.js';

type OrgParams = { org: string };
type MemberParams = { org: string; member: string };
const body = (v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Console API: organization, its deletion, members and invitations, the audit log. */
export function organizationRoutes(ctx: ConsoleContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const { accounts, db, extractions } = app.services;
    const organizationsRepo = new OrganizationsRepo(db);
    const organizations = new OrganizationService(accounts, organizationsRepo);
    const members = new MemberService(accounts, new MembersRepo(db));
    const summary = (orgId: string, role: Parameters<typeof organizationSummary>[1]) =>
      organizationSummary(accounts.organization(orgId)!, role, extractions.organizationDocuments(orgId, new Date()));

    app.get<{ Params: OrgParams }>('/organizations/:org', async (request) => {
      const access = ctx.org(request, request.params.org);
      requireRole(access.member, 'read');
      return summary(access.organization.id, access.member.role);
    });

    app.patch<{ Params: OrgParams }>('/organizations/:org', async (request) => {
      const access = ctx.org(request, request.params.org);
      const org = organizations.rename(access, body(request.body));
      return summary(org.id, access.member.role);
    });

    app.post<{ Params: OrgParams }>('/organizations/:org/deletion', async (request) => {
      const access = ctx.org(request, request.params.org);
      const org = organizations.scheduleDeletion(access);
      return summary(org.id, access.member.role);
    });

    app.delete<{ Params: OrgParams }>('/organizations/:org/deletion', async (request) => {
      const access = ctx.org(request, request.params.org);
      const org = organizations.cancelDeletion(access);
      return summary(org.id, access.member.role);
    });

    app.get<{ Params: OrgParams }>('/organizations/:org/members', async (request) => {
      const access = ctx.org(request, request.params.org);
      requireRole(access.member, 'read');
      return { data: members.list(access.organization.id) };
    });

    app.post<{ Params: OrgParams }>('/organizations/:org/members', async (request, reply) => {
      const access = ctx.org(request, request.params.org);
      const { member, token } = members.invite(access, body(request.body));
      // The link is shown this once: only the token's hash is kept.
      return reply.status(201).send({ member: memberSummary(member), invitation_url: `/console/accept?token=${token}` });
    });

    app.patch<{ Params: MemberParams }>('/organizations/:org/members/:member', async (request) => {
      const access = ctx.org(request, request.params.org);
      return memberSummary(members.changeRole(access, request.params.member, body(request.body)));
    });

    app.delete<{ Params: MemberParams }>('/organizations/:org/members/:member', async (request, reply) => {
      const access = ctx.org(request, request.params.org);
      members.remove(access, request.params.member);
      return reply.status(204).send();
    });

    app.get<{ Params: OrgParams; Querystring: Record<string, unknown> }>('/organizations/:org/audit-log', async (request) => {
      const access = ctx.org(request, request.params.org);
      requireRole(access.member, 'read');
      return auditLogPage(organizationsRepo, access.organization.id, request.query);
    });
  };
}
