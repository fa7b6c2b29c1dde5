import { CAPABILITIES, PUBLIC_CAPABILITIES } from '../auth/capabilities.js';
import type { ServerConfig } from '../config.js';
import type { AccountsRepo, Environment } from '../db/repos/accounts.js';
import { MembersRepo } from '../db/repos/members.js';
import { hashPasswordSync } from '../console/password.js';
import { randomToken } from '../ids.js';
import { KeyAdmin } from './key-admin.js';

export interface BootstrapOptions {
  environment: Environment;
  rateLimit?: number;
  name?: string;
}

/** What `cli bootstrap --json` prints (the contract used by outside checks). */
export interface BootstrapResult {
  tenant: string;
  application: string;
  secret_key: string;
  publishable_key: string;
  console: { email: string; password: string };
}

/**
 * An organization with every capability granted, an application with every capability
 * enabled, a secret key and a publishable key holding all they may hold, and a console owner.
 * One transaction: a failure leaves nothing half made.
 */
export function bootstrap(accounts: AccountsRepo, defaults: ServerConfig['organizationDefaults'], options: BootstrapOptions): BootstrapResult {
  return accounts.transaction(() => {
    const org = accounts.createOrganization({ name: options.name ?? 'Development organization', capabilities: CAPABILITIES, monthlyQuota: defaults.monthlyQuota, maxApplications: defaults.maxApplications, maxDocumentTypes: defaults.maxDocumentTypes });
    const app = accounts.createApplication({ organizationId: org.id, name: `${options.environment} application`, environment: options.environment, capabilities: CAPABILITIES, defaultDocumentType: 'payment_receipt' });
    const admin = new KeyAdmin(accounts);
    const secret = admin.create(app, { kind: 'secret', name: 'bootstrap secret key', rate_limit_per_minute: options.rateLimit ?? null });
    const publishable = admin.create(app, { kind: 'publishable', name: 'bootstrap publishable key', scopes: [...PUBLIC_CAPABILITIES], rate_limit_per_minute: options.rateLimit ?? null });
    const email = `owner-${randomToken(6).toLowerCase()}@example.com`;
    const password = randomToken(20);
    const members = new MembersRepo(accounts.db);
    const user = members.ensureUser(email, hashPasswordSync(password));
    members.addMember(org.id, user.id, email, 'owner');
    accounts.audit(org.id, 'operator', 'organization.bootstrapped', org.id);
    return { tenant: org.id, application: app.id, secret_key: secret.key, publishable_key: publishable.key, console: { email, password } };
  });
}
