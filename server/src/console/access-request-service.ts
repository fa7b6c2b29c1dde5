import { ServiceError } from '../../../engine/src/errors/service-error.js';
import { CAPABILITIES } from '../auth/capabilities.js';
import type { ServerConfig } from '../config.js';
import type { AccountsRepo } from '../db/repos/accounts.js';
import type { AccessRequest, AccessRequestsRepo, AccessRequestStatus } from '../db/repos/access-requests.js';
import type { MembersRepo } from '../db/repos/members.js';
import { invalidParameter } from '../http/invalid-parameter.js';
import { isoNow } from '../ids.js';
import { validEmail } from './email.js';
import { organizationName } from './organization-service.js';
import { acceptablePassword, hashPassword } from './password.js';

/** The server setting that opens or closes the public form; absent means open. */
export const ACCESS_REQUESTS_SETTING = 'access_requests';
export const MAX_USE_CASE = 2000;

/** A request as the operator's CLI shows it: never the password's hash. */
export function accessRequestSummary(r: AccessRequest) {
  return {
    id: r.id,
    email: r.email,
    organization: r.organization_name,
    use_case: r.use_case,
    status: r.status,
    organization_id: r.organization_id,
    decided_by: r.decided_by,
    decided_at: r.decided_at,
    created_at: r.created_at,
  };
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';

/**
 * Access requests: anyone may ask for an organization with the public form (one pending request
 * per address); the operator approves or rejects in the CLI. Approval makes the organization
 * with every capability and the server's default quotas, and the person its owner, with the
 * password they chose in the request (a person who already has a password keeps theirs).
 */
export class AccessRequestService {
  constructor(
    private readonly accounts: AccountsRepo,
    private readonly requests: AccessRequestsRepo,
    private readonly members: MembersRepo,
  ) {}

  isOpen(): boolean {
    return this.accounts.setting(ACCESS_REQUESTS_SETTING) !== 'closed';
  }

  setOpen(open: boolean): void {
    this.accounts.putSetting(ACCESS_REQUESTS_SETTING, open ? 'open' : 'closed');
  }

  /** The public form. Validation comes before the password is hashed (about 50 ms). */
  async submit(body: Record<string, unknown>): Promise<AccessRequest> {
    if (!this.isOpen()) throw new ServiceError('access_requests_closed');
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (!validEmail(email)) throw new ServiceError('invalid_email', { param: 'email' });
    if (typeof body.organization !== 'string' || !body.organization.trim()) throw new ServiceError('organization_required', { param: 'organization' });
    const name = organizationName(body.organization, 'organization');
    const useCase = typeof body.use_case === 'string' ? body.use_case.trim() : '';
    if (!useCase) throw new ServiceError('use_case_required', { param: 'use_case' });
    if (useCase.length > MAX_USE_CASE) throw invalidParameter('use_case', `must be at most ${MAX_USE_CASE} characters`);
    if (!acceptablePassword(body.password)) throw new ServiceError('weak_password', { param: 'password' });
    if (this.requests.pendingByEmail(email)) throw new ServiceError('request_pending');
    const passwordHash = await hashPassword(body.password);
    try {
      return this.requests.create({ email, passwordHash, organizationName: name, useCase });
    } catch (err) {
      // Two forms sent at once for one address: the unique index keeps one.
      if (isUniqueViolation(err)) throw new ServiceError('request_pending');
      throw err;
    }
  }

  list(status?: AccessRequestStatus): AccessRequest[] {
    return this.requests.list(status);
  }

  approve(id: string, defaults: ServerConfig['organizationDefaults'], decidedBy = 'operator'): AccessRequest {
    return this.accounts.transaction(() => {
      const r = this.pending(id);
      const org = this.accounts.createOrganization({
        name: r.organization_name,
        capabilities: CAPABILITIES,
        monthlyQuota: defaults.monthlyQuota,
        maxApplications: defaults.maxApplications,
        maxDocumentTypes: defaults.maxDocumentTypes,
      });
      const user = this.members.ensureUser(r.email, r.password_hash);
      this.members.addMember(org.id, user.id, r.email, 'owner');
      this.requests.decide(r.id, 'approved', decidedBy, isoNow(), org.id);
      this.accounts.audit(org.id, decidedBy, 'organization.created', org.id, { access_request: r.id, owner: r.email });
      return this.requests.request(r.id)!;
    });
  }

  reject(id: string, decidedBy = 'operator'): AccessRequest {
    return this.accounts.transaction(() => {
      const r = this.pending(id);
      this.requests.decide(r.id, 'rejected', decidedBy, isoNow(), null);
      return this.requests.request(r.id)!;
    });
  }

  private pending(id: string): AccessRequest {
    const r = this.requests.request(id);
    if (!r) throw new ServiceError('request_not_found');
    if (r.status !== 'pending') throw new ServiceError('request_decided');
    return r;
  }
}
