// Console API: document types of an organization next to the built-in templates; creating from a
// template or a definition, drafts, live validation, the changes a draft would publish,
// publication (breaking or not), archiving, versions with their JSON Schema; every error code of
// the area, the role rules and the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPasswordSync } from '../../server/src/console/password.js';
import { MembersRepo, type Role } from '../../server/src/db/repos/members.js';
import { signIn, type ConsoleClient } from '../support/console-client.js';
import { startTestServer, type TestServer } from '../support/server-harness.js';

let s: TestServer;
let owner: ConsoleClient;
const as: Partial<Record<Role, ConsoleClient>> = {};

beforeAll(async () => {
  s = await startTestServer();
  owner = await signIn(s.app, s.boot.console.email, s.boot.console.password);
  const members = new MembersRepo(s.app.services.db);
  for (const role of ['developer', 'viewer'] as const) {
    const email = `${role}@types.example`;
    const user = members.ensureUser(email, hashPasswordSync('a long enough password'));
    members.addMember(s.boot.tenant, user.id, email, role);
    as[role] = await signIn(s.app, email, 'a long enough password');
  }
});
afterAll(async () => s?.close());

const types = (org = s.boot.tenant) => `/console/api/organizations/${org}/document-types`;
const err = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, code: (res.json() as { error?: { code: string } }).error?.code });
const auditActions = (key: string) =>
  (s.app.services.db.prepare('SELECT actor, action FROM audit_log WHERE organization_id = ? AND target = ? ORDER BY created_at, rowid').all(s.boot.tenant, key) as { actor: string; action: string }[]).map(
    (r) => `${r.actor} ${r.action}`,
  );

const TICKET = {
  name: 'Parking ticket',
  fields: {
    operator: { type: 'string', required: true, aliases: ['Operator'] },
    fee: { type: 'money', minimum: 0 },
  },
};
const withZone = { ...TICKET, fields: { ...TICKET.fields, zone: { type: 'enum', values: ['short_stay', 'long_stay'] } } };
const withoutFee = { name: 'Parking ticket', fields: { operator: TICKET.fields.operator } };
let n = 0;
const freshKey = () => `ticket_${++n}`;

describe('listing and reading', () => {
  it('lists the built-in templates and the organization types with status, latest version and draft flag', async () => {
    const key = freshKey();
    expect((await owner.post(types(), { key, definition: TICKET, publish: false })).statusCode).toBe(201);
    const res = await as.viewer!.get(types());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.slice(0, 3)).toEqual([
      expect.objectContaining({ key: 'payment_receipt', source: 'builtin', name: 'Payment receipt', status: 'active', latest_version: 1, has_draft: false }),
      expect.objectContaining({ key: 'retail_receipt', source: 'builtin', latest_version: 1 }),
      expect.objectContaining({ key: 'invoice', source: 'builtin', name: 'Invoice' }),
    ]);
    expect(body.data.find((t: { key: string }) => t.key === key)).toEqual(expect.objectContaining({ key, source: 'custom', template: null, name: 'Parking ticket', status: 'active', latest_version: null, has_draft: true }));
    expect(body.limit).toEqual({ active: expect.any(Number), max: 50 });
  });

  it('reads a built-in template with its definition and its one version', async () => {
    const body = (await as.viewer!.get(`${types()}/invoice`)).json();
    expect(body).toMatchObject({ key: 'invoice', source: 'builtin', status: 'active', latest_version: 1, draft: null, latest_definition: { name: 'Invoice' } });
    expect(body.versions).toEqual([{ version: 1, schema_id: expect.stringMatching(/^sch_/), created_at: expect.any(String), breaking: false, changes: [] }]);
  });

  it('answers document_type_not_found for a key the organization does not have, and tenant_not_found for another organization', async () => {
    expect(err(await owner.get(`${types()}/nope`))).toEqual({ status: 404, code: 'document_type_not_found' });
    const other = s.bootAnother();
    expect(err(await owner.get(types(other.tenant)))).toEqual({ status: 404, code: 'tenant_not_found' });
    expect(err(await s.app.inject({ method: 'GET', url: types() }))).toEqual({ status: 401, code: 'sign_in_required' });
  });
});

describe('creating', () => {
  it('creates from a template as version 1, a copy of the template, and audits it', async () => {
    const res = await as.developer!.post(types(), { key: 'my_invoice', template: 'invoice' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ key: 'my_invoice', source: 'template', template: 'invoice', status: 'active', latest_version: 1, draft: null, latest_definition: { name: 'Invoice' } });
    expect(res.json().versions).toEqual([expect.objectContaining({ version: 1, breaking: false, changes: [] })]);
    expect(auditActions('my_invoice')).toEqual(['developer@types.example document_type.created']);
  });

  it('creates from a definition, published unless publish is false', async () => {
    const published = (await owner.post(types(), { key: freshKey(), definition: TICKET })).json();
    expect(published).toMatchObject({ source: 'custom', latest_version: 1, draft: null, latest_definition: TICKET });
    const draft = (await owner.post(types(), { key: freshKey(), definition: TICKET, publish: false })).json();
    expect(draft).toMatchObject({ latest_version: null, versions: [], draft: { definition: TICKET }, latest_definition: null });
  });

  it('refuses a bad key with invalid_key, a taken one with key_taken, an unknown template with unknown_template', async () => {
    for (const key of ['A', 'x', '1abc', 'has-dash', 42, undefined]) expect(err(await owner.post(types(), { key, template: 'invoice' }))).toEqual({ status: 400, code: 'invalid_key' });
    const key = freshKey();
    await owner.post(types(), { key, template: 'invoice' });
    expect(err(await owner.post(types(), { key, template: 'invoice' }))).toEqual({ status: 409, code: 'key_taken' });
    expect(err(await owner.post(types(), { key: 'payment_receipt', definition: TICKET }))).toEqual({ status: 409, code: 'key_taken' });
    for (const template of ['passport', 7]) expect(err(await owner.post(types(), { key: freshKey(), template }))).toEqual({ status: 400, code: 'unknown_template' });
  });

  it('refuses an invalid definition with invalid_definition listing every problem at its path', async () => {
    const res = await owner.post(types(), { key: freshKey(), definition: { name: '', fields: { amount: { type: 'float' }, code: { type: 'string', pattern: '(a+)+' } } } });
    expect(err(res)).toEqual({ status: 400, code: 'invalid_definition' });
    const paths = res.json().error.details.problems.map((p: { path: string }) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'fields.amount.type', 'fields.code.pattern']));
  });

  it('refuses both or neither of template and definition, and a publish that is not a boolean, with invalid_parameters', async () => {
    expect(err(await owner.post(types(), { key: freshKey() }))).toEqual({ status: 400, code: 'invalid_parameters' });
    expect(err(await owner.post(types(), { key: freshKey(), template: 'invoice', definition: TICKET }))).toEqual({ status: 400, code: 'invalid_parameters' });
    expect(err(await owner.post(types(), { key: freshKey(), template: 'invoice', publish: 'yes' }))).toEqual({ status: 400, code: 'invalid_parameters' });
  });

  it('refuses a type beyond the organization limit with too_many_document_types', async () => {
    const other = s.bootAnother();
    s.app.services.db.prepare('UPDATE organizations SET max_document_types = 1 WHERE id = ?').run(other.tenant);
    const c = await signIn(s.app, other.console.email, other.console.password);
    expect((await c.post(types(other.tenant), { key: 'first', template: 'invoice' })).statusCode).toBe(201);
    expect(err(await c.post(types(other.tenant), { key: 'second', template: 'invoice' }))).toEqual({ status: 409, code: 'too_many_document_types' });
  });
});

describe('live validation', () => {
  it('answers valid with no problems for a good definition', async () => {
    expect((await as.viewer!.post(`${types()}/validate`, { definition: TICKET })).json()).toEqual({ valid: true, problems: [] });
  });

  it('answers 200 with every problem at its path for a bad definition, never an error status', async () => {
    const res = await owner.post(`${types()}/validate`, {
      definition: { name: 'x', fields: { total: { type: 'money', aliases: [''] }, kind: { type: 'enum' } }, rules: [{ name: 'r', kind: 'luhn', field: 'nowhere' }] },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.valid).toBe(false);
    expect(body.problems.map((p: { path: string }) => p.path)).toEqual(expect.arrayContaining(['fields.total.aliases[0]', 'fields.kind.values', 'rules[0].field']));
    for (const p of body.problems) expect(typeof p.message).toBe('string');
    for (const definition of [undefined, 'text', [1]]) {
      const r = await owner.post(`${types()}/validate`, { definition });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ valid: false, problems: [{ path: '', message: expect.any(String) }] });
    }
  });
});

describe('drafts, changes and publication', () => {
  it('saves a draft, lists the changes it would publish, publishes it as the next version, then shows the version', async () => {
    const key = freshKey();
    await owner.post(types(), { key, definition: TICKET });
    const saved = await as.developer!.put(`${types()}/${key}/draft`, { definition: withZone });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ latest_version: 1, draft: { definition: withZone }, latest_definition: TICKET });
    expect((await as.viewer!.get(types())).json().data.find((t: { key: string }) => t.key === key)).toMatchObject({ latest_version: 1, has_draft: true });

    const changes = await as.viewer!.get(`${types()}/${key}/draft/changes`);
    expect(changes.statusCode).toBe(200);
    expect(changes.json()).toEqual({ base_version: 1, changes: [{ kind: 'field_added', path: 'zone', breaking: false }], breaking: false });

    const published = await as.developer!.post(`${types()}/${key}/publish`);
    expect(published.statusCode).toBe(201);
    expect(published.json()).toMatchObject({ document_type: key, version: 2, breaking: false, changes: [{ kind: 'field_added', path: 'zone', breaking: false }], definition: withZone });

    const shown = (await as.viewer!.get(`${types()}/${key}`)).json();
    expect(shown).toMatchObject({ latest_version: 2, draft: null, latest_definition: withZone });
    expect(shown.versions.map((v: { version: number; breaking: boolean; changes: unknown[] }) => [v.version, v.breaking, v.changes.length])).toEqual([
      [1, false, 0],
      [2, false, 1],
    ]);
    for (const v of shown.versions) expect(v.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const v2 = await as.viewer!.get(`${types()}/${key}/versions/2`);
    expect(v2.statusCode).toBe(200);
    expect(v2.json()).toMatchObject({ object: 'document_type_version', version: 2, definition: withZone, changes: [{ kind: 'field_added' }] });
    expect(v2.json().schema).toMatchObject({ type: 'object', required: expect.arrayContaining(['operator', 'fee', 'zone']) });
    expect(auditActions(key)).toEqual([
      `${s.boot.console.email} document_type.created`,
      'developer@types.example document_type.draft_saved',
      'developer@types.example document_type.published',
    ]);
  });

  it('refuses a breaking draft with breaking_change and its changes, and publishes it when acknowledged', async () => {
    const key = freshKey();
    await owner.post(types(), { key, definition: TICKET });
    await owner.put(`${types()}/${key}/draft`, { definition: withoutFee });
    expect((await owner.get(`${types()}/${key}/draft/changes`)).json()).toEqual({ base_version: 1, changes: [{ kind: 'field_removed', path: 'fee', breaking: true }], breaking: true });
    const refused = await owner.post(`${types()}/${key}/publish`, {});
    expect(err(refused)).toEqual({ status: 409, code: 'breaking_change' });
    expect(refused.json().error.details.changes).toEqual([{ kind: 'field_removed', path: 'fee', breaking: true }]);
    expect(err(await owner.post(`${types()}/${key}/publish`, { acknowledge_breaking: 'yes' }))).toEqual({ status: 400, code: 'invalid_parameters' });
    const published = await owner.post(`${types()}/${key}/publish`, { acknowledge_breaking: true });
    expect(published.statusCode).toBe(201);
    expect(published.json()).toMatchObject({ version: 2, breaking: true });
    expect((await owner.get(`${types()}/${key}`)).json().versions[1]).toMatchObject({ version: 2, breaking: true, changes: [{ kind: 'field_removed', path: 'fee', breaking: true }] });
  });

  it('refuses publishing without a draft with no_draft, and a draft equal to the latest version with nothing_changed', async () => {
    const key = freshKey();
    await owner.post(types(), { key, definition: TICKET });
    expect(err(await owner.post(`${types()}/${key}/publish`))).toEqual({ status: 409, code: 'no_draft' });
    expect(err(await owner.get(`${types()}/${key}/draft/changes`))).toEqual({ status: 409, code: 'no_draft' });
    await owner.put(`${types()}/${key}/draft`, { definition: TICKET });
    expect((await owner.get(`${types()}/${key}/draft/changes`)).json()).toEqual({ base_version: 1, changes: [], breaking: false });
    expect(err(await owner.post(`${types()}/${key}/publish`))).toEqual({ status: 409, code: 'nothing_changed' });
  });

  it('shows no changes for a first draft, as version 1 records none', async () => {
    const key = freshKey();
    await owner.post(types(), { key, definition: TICKET, publish: false });
    expect((await owner.get(`${types()}/${key}/draft/changes`)).json()).toEqual({ base_version: null, changes: [], breaking: false });
    expect((await owner.post(`${types()}/${key}/publish`)).json()).toMatchObject({ version: 1, changes: [], breaking: false });
  });

  it('refuses an invalid draft with invalid_definition and keeps the previous draft', async () => {
    const key = freshKey();
    await owner.post(types(), { key, definition: TICKET, publish: false });
    const res = await owner.put(`${types()}/${key}/draft`, { definition: { name: 'x', fields: {} } });
    expect(err(res)).toEqual({ status: 400, code: 'invalid_definition' });
    expect(res.json().error.details.problems).toEqual([{ path: 'fields', message: expect.any(String) }]);
    expect((await owner.get(`${types()}/${key}`)).json().draft.definition).toEqual(TICKET);
  });

  it('answers document_type_not_found for editing a built-in template or an unknown key', async () => {
    expect(err(await owner.put(`${types()}/invoice/draft`, { definition: TICKET }))).toEqual({ status: 404, code: 'document_type_not_found' });
    expect(err(await owner.post(`${types()}/nope/publish`))).toEqual({ status: 404, code: 'document_type_not_found' });
    expect(err(await owner.post(`${types()}/nope/archive`))).toEqual({ status: 404, code: 'document_type_not_found' });
  });
});

describe('archiving and versions', () => {
  it('archives a type; an archived type cannot be edited, published or archived again (document_type_archived) but can be read', async () => {
    const key = freshKey();
    await owner.post(types(), { key, definition: TICKET });
    await owner.put(`${types()}/${key}/draft`, { definition: withZone });
    const archived = await as.developer!.post(`${types()}/${key}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ key, status: 'archived' });
    expect(err(await owner.put(`${types()}/${key}/draft`, { definition: withZone }))).toEqual({ status: 409, code: 'document_type_archived' });
    expect(err(await owner.post(`${types()}/${key}/publish`))).toEqual({ status: 409, code: 'document_type_archived' });
    expect(err(await owner.post(`${types()}/${key}/archive`))).toEqual({ status: 409, code: 'document_type_archived' });
    expect((await owner.get(`${types()}/${key}/versions/1`)).statusCode).toBe(200);
    expect((await owner.get(types())).json().data.find((t: { key: string }) => t.key === key)).toMatchObject({ status: 'archived' });
    expect(auditActions(key)).toContain('developer@types.example document_type.archived');
  });

  it('answers version_not_found for a version the type lacks and invalid_parameters for one that is not a number', async () => {
    const key = freshKey();
    await owner.post(types(), { key, definition: TICKET });
    expect(err(await owner.get(`${types()}/${key}/versions/2`))).toEqual({ status: 404, code: 'version_not_found' });
    expect(err(await owner.get(`${types()}/invoice/versions/2`))).toEqual({ status: 404, code: 'version_not_found' });
    expect(err(await owner.get(`${types()}/${key}/versions/zero`))).toEqual({ status: 400, code: 'invalid_parameters' });
    expect((await owner.get(`${types()}/invoice/versions/1`)).json()).toMatchObject({ version: 1, definition: { name: 'Invoice' }, schema: { type: 'object' } });
  });
});

describe('roles and read-only organizations', () => {
  it('lets a viewer read and validate but not create, edit, publish or archive (role_insufficient, needs developer)', async () => {
    const key = freshKey();
    await owner.post(types(), { key, definition: TICKET });
    await owner.put(`${types()}/${key}/draft`, { definition: withZone });
    const v = as.viewer!;
    const refused = await v.post(types(), { key: freshKey(), template: 'invoice' });
    expect(err(refused)).toEqual({ status: 403, code: 'role_insufficient' });
    expect(refused.json().error.details).toEqual({ role: 'viewer', needs: 'developer' });
    expect(err(await v.put(`${types()}/${key}/draft`, { definition: TICKET }))).toEqual({ status: 403, code: 'role_insufficient' });
    expect(err(await v.post(`${types()}/${key}/publish`))).toEqual({ status: 403, code: 'role_insufficient' });
    expect(err(await v.post(`${types()}/${key}/archive`))).toEqual({ status: 403, code: 'role_insufficient' });
    expect(err(await v.post(`${types()}/proposals`, { description: 'Parking tickets' }))).toEqual({ status: 403, code: 'role_insufficient' });
    expect((await v.get(`${types()}/${key}`)).json()).toMatchObject({ latest_version: 1, draft: { definition: withZone } });
  });

  it('refuses changes in a suspended organization with tenant_suspended', async () => {
    s.app.services.accounts.updateOrganization(s.boot.tenant, { status: 'suspended' });
    try {
      expect(err(await owner.post(types(), { key: freshKey(), template: 'invoice' }))).toEqual({ status: 403, code: 'tenant_suspended' });
      expect((await owner.get(types())).statusCode).toBe(200);
    } finally {
      s.app.services.accounts.updateOrganization(s.boot.tenant, { status: 'active' });
    }
  });
});
