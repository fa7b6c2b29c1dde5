import { isTemplateName, TEMPLATE_NAMES } from '../../../engine/src/doctypes/templates/index.js';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import type { KeyAdmin } from '../admin/key-admin.js';
import type { AccountsRepo, Application, DataPolicy } from '../db/repos/accounts.js';
import type { DocumentTypesRepo } from '../db/repos/document-types.js';
import { isoNow } from '../ids.js';
import {
  applicationCapabilities,
  applicationName,
  dataPolicyOf,
  environmentOf,
  invalidSetting,
  modeOf,
  onlyFields,
  organizationCapabilities,
  STATUSES,
} from './application-settings.js';
import type { OrgAccess } from './console-context.js';
import { requireRole, requireWritable } from './roles.js';

type Settings = Partial<{ name: string; capabilities: string[]; default_mode: string; default_document_type: string | null; document_types: string[] | null; pinned_version: number | null }>;

const CREATE_FIELDS = ['name', 'environment', 'capabilities'] as const;
const SETTING_FIELDS = ['name', 'default_mode', 'default_document_type', 'document_types', 'pinned_version', 'capabilities'] as const;

/** The type a pinned version belongs to: the default type, else the one assigned type. */
const pinTarget = (defaultType: string | null, assigned: string[] | null): string | null => defaultType ?? (assigned?.length === 1 ? assigned[0] : null);

/** An archived application is final: nothing about it changes any more. */
function requireNotArchived(application: Application): void {
  if (application.status === 'archived') throw invalidSetting('status', 'The application is archived; it cannot be changed.');
}

/**
 * Applications in the console: creation within the organization's limit, settings, data
 * policy and states. Every change checks the role its environment needs and that the
 * organization is writable, and is written to the audit log with the person's address.
 */
export class ApplicationService {
  constructor(
    private readonly accounts: AccountsRepo,
    private readonly types: DocumentTypesRepo,
    private readonly keys: KeyAdmin,
  ) {}

  /** The console's application object. */
  view(a: Application) {
    return {
      id: a.id,
      name: a.name,
      environment: a.environment,
      status: a.status,
      capabilities: a.capabilities,
      default_mode: a.default_mode,
      default_document_type: a.default_document_type,
      document_types: a.document_types,
      pinned_version: a.pinned_version,
      data_policy: a.data_policy,
      created_at: a.created_at,
      active_keys: this.accounts.countActiveKeys(a.id, isoNow()),
    };
  }

  list(access: OrgAccess) {
    return this.accounts.applicationsOf(access.organization.id).map((a) => this.view(a));
  }

  /**
   * `POST .../applications` `{name, environment, capabilities?}`. A developer may create
   * development and test applications; production needs an admin. Capabilities default to
   * every one the organization is granted.
   */
  create(access: OrgAccess, body: Record<string, unknown>): Application {
    const org = access.organization;
    requireRole(access.member, 'manage_application');
    onlyFields(body, CREATE_FIELDS, (f) => invalidSetting(f, `An application has no setting ${f} at creation.`));
    const environment = environmentOf(body.environment);
    requireRole(access.member, 'manage_application', environment);
    requireWritable(org);
    const name = applicationName(body.name);
    const capabilities = body.capabilities === undefined ? organizationCapabilities(org) : applicationCapabilities(body.capabilities, org);
    return this.accounts.transaction(() => {
      if (this.accounts.countApplications(org.id) >= org.max_applications) throw new ServiceError('too_many_applications', { details: { limit: org.max_applications } });
      const made = this.accounts.createApplication({ organizationId: org.id, name, environment, capabilities });
      this.accounts.audit(org.id, access.user.email, 'application.created', made.id, { name, environment, capabilities });
      return made;
    });
  }

  /**
   * `PATCH .../applications/:app`: any of the settings. The resulting settings must fit
   * together: a default type among the assigned ones, a pinned version of the pinned type. A
   * pin that is not sent is dropped when the type it pinned is no longer the pinned type.
   */
  update(access: OrgAccess, application: Application, body: Record<string, unknown>): Application {
    const org = access.organization;
    requireRole(access.member, 'manage_application', application.environment);
    requireWritable(org);
    requireNotArchived(application);
    onlyFields(body, SETTING_FIELDS, (f) => invalidSetting(f, `An application has no setting ${f}.`));
    const change: Settings = {};
    if (body.name !== undefined) change.name = applicationName(body.name);
    if (body.default_mode !== undefined) change.default_mode = modeOf(body.default_mode);
    if (body.capabilities !== undefined) change.capabilities = applicationCapabilities(body.capabilities, org);
    if ('document_types' in body) change.document_types = this.typeList(org.id, body.document_types);
    if ('default_document_type' in body) change.default_document_type = this.typeKey(org.id, body.default_document_type);

    const assigned = change.document_types !== undefined ? change.document_types : application.document_types;
    const defaultType = change.default_document_type !== undefined ? change.default_document_type : application.default_document_type;
    if (('document_types' in body || 'default_document_type' in body) && defaultType !== null && assigned !== null && !assigned.includes(defaultType)) {
      throw invalidSetting('default_document_type', 'The default document type must be one of the assigned types.');
    }
    const target = pinTarget(defaultType, assigned);
    if ('pinned_version' in body) change.pinned_version = this.pin(org.id, target, body.pinned_version);
    else if (application.pinned_version !== null && target !== pinTarget(application.default_document_type, application.document_types)) change.pinned_version = null;

    return this.accounts.transaction(() => {
      const changed = Object.fromEntries(Object.entries(change).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(application[k as keyof Settings])));
      if (Object.keys(changed).length > 0) {
        this.accounts.updateApplication(application.id, changed);
        this.accounts.audit(org.id, access.user.email, 'application.updated', application.id, { changes: changed });
      }
      return this.accounts.application(application.id)!;
    });
  }

  /**
   * `PUT .../data-policy` `{retention, llm}`. Data policy is an admin's matter in every
   * environment. It governs what is read and kept from then on; results already stored keep
   * the expiry they were given.
   */
  setDataPolicy(access: OrgAccess, application: Application, body: Record<string, unknown>): Application {
    // The least role that manages production applications: admin.
    requireRole(access.member, 'manage_application', 'production');
    requireWritable(access.organization);
    requireNotArchived(application);
    const policy: DataPolicy = dataPolicyOf(body);
    return this.accounts.transaction(() => {
      const from = application.data_policy;
      if (from.retention !== policy.retention || from.llm !== policy.llm) {
        this.accounts.updateApplication(application.id, { data_policy: policy });
        this.accounts.audit(access.organization.id, access.user.email, 'application.data_policy_changed', application.id, { from, to: policy });
      }
      return this.accounts.application(application.id)!;
    });
  }

  /**
   * `POST .../status` `{status}`: active and disabled move both ways; archived is final and
   * revokes every active key of the application in the same transaction.
   */
  setStatus(access: OrgAccess, application: Application, body: Record<string, unknown>): Application {
    requireRole(access.member, 'manage_application', application.environment);
    requireWritable(access.organization);
    requireNotArchived(application);
    onlyFields(body, ['status'], (f) => invalidSetting(f, `The status change has no field ${f}.`));
    const status = body.status as Application['status'];
    if (!STATUSES.includes(status)) throw invalidSetting('status', 'The status must be active, disabled or archived.');
    if (status === application.status) return application;
    return this.accounts.transaction(() => {
      this.accounts.updateApplication(application.id, { status });
      const revoked = status === 'archived' ? this.keys.revokeActive(application, access.user.email, 'application_archived') : [];
      this.accounts.audit(access.organization.id, access.user.email, 'application.status_changed', application.id, { from: application.status, to: status, revoked_keys: revoked.map((k) => k.id) });
      return this.accounts.application(application.id)!;
    });
  }

  /** Types the organization has: the built-in templates and its own active types. */
  private usable(organizationId: string): string[] {
    return [...TEMPLATE_NAMES, ...this.types.types(organizationId).filter((t) => t.status === 'active').map((t) => t.key)];
  }

  private typeList(organizationId: string, value: unknown): string[] | null {
    if (value === null) return null;
    if (!Array.isArray(value) || value.length === 0 || !value.every((k) => typeof k === 'string')) {
      throw invalidSetting('document_types', 'The document types must be a non-empty list of type keys, or null for every type.');
    }
    const usable = this.usable(organizationId);
    const missing = value.filter((k) => !usable.includes(k));
    if (missing.length > 0) throw invalidSetting('document_types', 'The organization has no active document type with a key in the list.', { not_found: [...new Set(missing)] });
    return [...new Set(value as string[])];
  }

  private typeKey(organizationId: string, value: unknown): string | null {
    if (value === null) return null;
    if (typeof value !== 'string' || !this.usable(organizationId).includes(value)) throw invalidSetting('default_document_type', 'The organization has no active document type with this key.');
    return value;
  }

  /** A pinned version: null follows the latest; else a version the pinned type has. */
  private pin(organizationId: string, target: string | null, value: unknown): number | null {
    if (value === null) return null;
    if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidSetting('pinned_version', 'The pinned version must be a whole number, or null to follow the latest.');
    if (target === null) throw invalidSetting('pinned_version', 'Only a default document type, or a single assigned type, can be pinned.');
    const exists = isTemplateName(target) ? value === 1 : this.types.version(organizationId, target, value) !== null;
    if (!exists) throw new ServiceError('invalid_version', { param: 'pinned_version', details: { document_type: target } });
    return value;
  }
}
