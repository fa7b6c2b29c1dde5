import type { Definition } from '../../../engine/src/contracts/definition.js';
import { isTemplateName, TEMPLATE_NAMES } from '../../../engine/src/doctypes/templates/index.js';
import type { Organization } from '../db/repos/accounts.js';
import type { DocumentTypesRepo } from '../db/repos/document-types.js';
import type { DocumentTypeService } from '../doctypes/document-type-service.js';

/**
 * Document types as the console shows them: the built-in templates next to the organization's
 * own types, and one type with its draft, its latest definition (the editor's starting point
 * when there is no draft) and every version with its changes and breaking flag.
 */
export class DocumentTypeViews {
  constructor(
    private readonly service: DocumentTypeService,
    private readonly repo: DocumentTypesRepo,
  ) {}

  list(organization: Organization) {
    const builtins = TEMPLATE_NAMES.map((key) => {
      const v = this.service.builtin(key);
      const t = this.service.typeObject(organization.id, key);
      return { key, source: t.source, template: key, name: v.definition.name, status: t.status, latest_version: 1, has_draft: false, created_at: t.created_at, updated_at: t.created_at };
    });
    const own = this.repo.summaries(organization.id).map((t) => ({
      key: t.key,
      source: t.template ? ('template' as const) : ('custom' as const),
      template: t.template,
      name: t.name,
      status: t.status,
      latest_version: t.latest_version,
      has_draft: t.has_draft,
      created_at: t.created_at,
      updated_at: t.updated_at,
    }));
    return { data: [...builtins, ...own], limit: { active: this.repo.countActive(organization.id), max: organization.max_document_types } };
  }

  /** One type; `document_type_not_found` when neither a template nor the organization's. */
  type(organization: Organization, key: string) {
    const t = this.service.typeObject(organization.id, key);
    if (isTemplateName(key)) {
      const v = this.service.builtin(key);
      return { ...t, versions: t.versions.map((x) => ({ ...x, breaking: false, changes: [] })), latest_definition: v.definition };
    }
    const latest = this.repo.latest(organization.id, key);
    return { ...t, versions: this.repo.versionSummaries(organization.id, key), latest_definition: (latest?.definition ?? null) as Definition | null };
  }
}
