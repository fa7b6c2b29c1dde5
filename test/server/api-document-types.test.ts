// Document types over the API: listing (built-ins, own types, assigned lists), creation from a
// template or a definition with every refusal code, drafts, publication (no_draft,
// nothing_changed, breaking_change), archiving, versions and schemas by id, and the version an
// extraction reads with (schema_version, pinned version, latest). Through inject and a socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../support/api-checks.js';
import { ApiClient, expectError, SENTINEL } from '../support/api-client.js';
import { createValidator } from '../support/json-schema-validator.js';
import { SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';
import { TRANSPORTS, type Transport } from '../support/server-transport.js';

const OCR = JSON.stringify(SLIP_CLIENT_OCR);
const BUILTINS = ['payment_receipt', 'retail_receipt', 'invoice'];

/** A small definition of the organization's own. */
const SLIP = {
  name: 'Slip',
  description: 'A card slip',
  fields: {
    amount: { type: 'money', required: true, minimum: 0, aliases: ['Total'] },
    merchant: { type: 'string' },
  },
};
const withTip = { ...SLIP, fields: { ...SLIP.fields, tip: { type: 'money', aliases: ['Tip'] } } };
const withoutMerchant = { ...withTip, fields: { amount: SLIP.fields.amount, tip: withTip.fields.tip } };

let shared: TestServer;
beforeAll(async () => {
  shared = await startTestServer({ queue: { pollMs: 20, retryDelayMs: 0 } });
});
afterAll(async () => shared.close());

describe.each(TRANSPORTS)('document types API over $name', ({ connect }) => {
  let s: TestServer;
  let t: Transport;

  beforeAll(async () => {
    s = shared;
    t = await connect(s.app);
  });

  /** A fresh organization (so types and limits of one test never meet another's). */
  const fresh = () => {
    const boot = s.bootAnother();
    return { boot, api: new ApiClient(t, boot.secret_key) };
  };
  const keysOf = (res: { body: { data: { key: string }[] } }) => res.body.data.map((d) => d.key);

  describe('GET /v1/document-types', () => {
    it('lists the three built-ins for a new organization', async () => {
      const { api } = fresh();
      const res = await api.get('/v1/document-types');
      expect(res.status).toBe(200);
      expect(res.body.object).toBe('list');
      expect(keysOf(res).sort()).toEqual([...BUILTINS].sort());
      for (const d of res.body.data) {
        expect(d).toMatchObject({ object: 'document_type', source: 'builtin', status: 'active', latest_version: 1, draft: null });
        expect(d.versions).toEqual([expect.objectContaining({ version: 1, schema_id: expect.any(String) })]);
      }
    });

    it("adds the organization's active own types (drafts too, archived ones not), never another organization's", async () => {
      const { api } = fresh();
      expect((await api.post('/v1/document-types', { key: 'parking', definition: SLIP })).status).toBe(201);
      expect((await api.post('/v1/document-types', { key: 'my_slip', template: 'payment_receipt' })).status).toBe(201);
      expect((await api.post('/v1/document-types', { key: 'draft_only', template: 'invoice', publish: false })).status).toBe(201);
      expect((await api.post('/v1/document-types', { key: 'old', template: 'invoice' })).status).toBe(201);
      expect((await api.post('/v1/document-types/old/archive')).status).toBe(200);
      const res = await api.get('/v1/document-types');
      expect(keysOf(res).sort()).toEqual([...BUILTINS, 'parking', 'my_slip', 'draft_only'].sort());
      const byKey = Object.fromEntries(res.body.data.map((d: { key: string }) => [d.key, d]));
      expect(byKey.parking).toMatchObject({ source: 'custom', template: null, latest_version: 1, draft: null });
      expect(byKey.my_slip).toMatchObject({ source: 'template', template: 'payment_receipt', latest_version: 1 });
      expect(byKey.draft_only).toMatchObject({ latest_version: null, versions: [] });
      expect(byKey.draft_only.draft).toEqual(expect.objectContaining({ definition: expect.any(Object) }));
      // Another organization sees only the built-ins.
      expect(keysOf(await fresh().api.get('/v1/document-types')).sort()).toEqual([...BUILTINS].sort());
    });

    it("narrows the list to the application's assigned types, also for its client tokens", async () => {
      const { boot, api } = fresh();
      expect((await api.post('/v1/document-types', { key: 'parking', definition: SLIP })).status).toBe(201);
      expect((await api.post('/v1/document-types', { key: 'unused', definition: SLIP })).status).toBe(201);
      s.app.services.accounts.updateApplication(boot.application, { document_types: ['invoice', 'parking'] });
      expect(keysOf(await api.get('/v1/document-types')).sort()).toEqual(['invoice', 'parking']);
      const token = await api.post('/v1/client-tokens', {});
      expect(token.status).toBe(201);
      const listed = await new ApiClient(t, token.body.token).get('/v1/document-types');
      expect(listed.status).toBe(200);
      expect(keysOf(listed).sort()).toEqual(['invoice', 'parking']);
    });
  });

  describe('POST /v1/document-types', () => {
    it('creates a type from a template, published as version 1', async () => {
      const { boot, api } = fresh();
      const res = await api.post('/v1/document-types', { key: 'card_slip', template: 'payment_receipt' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ object: 'document_type', key: 'card_slip', source: 'template', template: 'payment_receipt', status: 'active', latest_version: 1, draft: null });
      expect(res.body.versions).toEqual([expect.objectContaining({ version: 1, schema_id: expect.any(String) })]);
      expect((await api.get('/v1/document-types/card_slip')).body).toEqual(res.body);
      const v1 = await api.get('/v1/document-types/card_slip/versions/1');
      const builtin = await api.get('/v1/document-types/payment_receipt/versions/1');
      expect(v1.status).toBe(200);
      expect(v1.body).toMatchObject({ object: 'document_type_version', document_type: 'card_slip', version: 1, schema_id: res.body.versions[0].schema_id, changes: [], breaking: false });
      expect(v1.body.definition).toEqual(builtin.body.definition);
      expect(v1.body.schema_id).not.toBe(builtin.body.schema_id); // ids are the organization's own
      // The type reads documents under its own key.
      const read = await api.extract({ client_ocr: OCR, document_type: 'card_slip' });
      expect(read.body).toMatchObject({ document_type: 'card_slip', schema_version: 1, schema_id: v1.body.schema_id });
      expect(read.body.data.amount).toBe(12.5);
      expect(boot.tenant).toMatch(/^tnt_/);
    });

    it('creates a type from a definition, with its JSON Schema, and validates extractions against it', async () => {
      const { api } = fresh();
      const res = await api.post('/v1/document-types', { key: 'slip', definition: SLIP });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ key: 'slip', source: 'custom', template: null, latest_version: 1 });
      const v1 = (await api.get('/v1/document-types/slip/versions/1')).body;
      expect(v1.definition).toMatchObject(SLIP);
      expect(Object.keys(v1.schema.properties).sort()).toEqual(['amount', 'merchant']);
      const read = await api.extract({ client_ocr: OCR, document_type: 'slip' });
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual({ amount: 12.5, merchant: expect.anything() });
      const validate = createValidator().compile(v1.schema);
      expect(validate(read.body.data), JSON.stringify(validate.errors)).toBe(true);
    });

    it('creates a draft only with publish false', async () => {
      const { api } = fresh();
      const res = await api.post('/v1/document-types', { key: 'later', definition: SLIP, publish: false });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ latest_version: null, versions: [] });
      expect(res.body.draft.definition).toMatchObject(SLIP);
      expectError(await api.get('/v1/document-types/later/versions/1'), 404, 'version_not_found');
    });

    it.each([
      ['one character', 'a'],
      ['a leading digit', '1abc'],
      ['a capital', 'Slip'],
      ['a dash', `${SENTINEL}-type`],
      ['a space', 'my slip'],
      ['65 characters', `a${'b'.repeat(64)}`],
      ['an empty key', ''],
    ])('refuses a key with %s with invalid_key', async (_, key) => {
      const { api } = fresh();
      expectError(await api.post('/v1/document-types', { key, template: 'invoice' }), 400, 'invalid_key', { param: 'key' });
    });

    it('takes a key of 64 characters and of 2', async () => {
      const { api } = fresh();
      expect((await api.post('/v1/document-types', { key: `a${'b'.repeat(63)}`, template: 'invoice' })).status).toBe(201);
      expect((await api.post('/v1/document-types', { key: 'ab', template: 'invoice' })).status).toBe(201);
    });

    it('refuses a key the organization has (archived too) or a built-in name with key_taken', async () => {
      const { api } = fresh();
      expect((await api.post('/v1/document-types', { key: 'slip', definition: SLIP })).status).toBe(201);
      expectError(await api.post('/v1/document-types', { key: 'slip', template: 'invoice' }), 409, 'key_taken', { param: 'key' });
      for (const builtin of BUILTINS) expectError(await api.post('/v1/document-types', { key: builtin, template: 'invoice' }), 409, 'key_taken');
      expect((await api.post('/v1/document-types/slip/archive')).status).toBe(200);
      expectError(await api.post('/v1/document-types', { key: 'slip', definition: SLIP }), 409, 'key_taken');
      // Another organization may use the same key.
      expect((await fresh().api.post('/v1/document-types', { key: 'slip', definition: SLIP })).status).toBe(201);
    });

    it('refuses an unknown template with unknown_template', async () => {
      const { api } = fresh();
      expectError(await api.post('/v1/document-types', { key: 'x1', template: SENTINEL }), 400, 'unknown_template', { param: 'template' });
      expectError(await api.post('/v1/document-types', { key: 'x1', template: 'Invoice' }), 400, 'unknown_template');
    });

    it('refuses a definition that breaks the language with invalid_definition listing every problem', async () => {
      const { api } = fresh();
      const bad = { name: '', fields: { amount: { type: SENTINEL }, note: { type: 'string', pattern: '(a+)+$' } }, colour: SENTINEL };
      const e = expectError(await api.post('/v1/document-types', { key: 'bad', definition: bad }), 400, 'invalid_definition');
      const problems = e.details?.problems as { path: string; message: string }[];
      expect(problems.length).toBeGreaterThanOrEqual(3);
      for (const p of problems) expect(p).toEqual({ path: expect.any(String), message: expect.any(String) });
      expect(problems.map((p) => p.path)).toEqual(expect.arrayContaining(['fields.amount.type', 'colour']));
      expectError(await api.post('/v1/document-types', { key: 'bad', definition: { name: 'No fields', fields: {} } }), 400, 'invalid_definition');
      // Nothing was created.
      expectError(await api.get('/v1/document-types/bad'), 404, 'document_type_not_found');
    });

    it('refuses a body without exactly one of template and definition, or of the wrong shape, with invalid_parameters', async () => {
      const { api } = fresh();
      for (const body of [{ key: 'x1' }, { key: 'x1', template: 'invoice', definition: SLIP }, { template: 'invoice' }, { key: 'x1', definition: [SENTINEL] }, { key: { name: SENTINEL }, template: 'invoice' }]) {
        const e = expectError(await api.post('/v1/document-types', body), 400, 'invalid_parameters');
        expect(Array.isArray(e.details?.errors)).toBe(true);
      }
      const notJson = await t({ method: 'POST', url: '/v1/document-types', headers: { authorization: `Bearer ${api.credential}`, 'content-type': 'application/json' }, payload: Buffer.from(`{"key": ${SENTINEL}`) });
      expectError(notJson, 400, 'invalid_json');
    });

    it('refuses past the organization limit of active types with too_many_document_types; archiving frees a place', async () => {
      const { boot, api } = fresh();
      s.app.services.db.prepare('UPDATE organizations SET max_document_types = 2 WHERE id = ?').run(boot.tenant);
      expect((await api.post('/v1/document-types', { key: 'one', template: 'invoice' })).status).toBe(201);
      expect((await api.post('/v1/document-types', { key: 'two', definition: SLIP, publish: false })).status).toBe(201);
      expectError(await api.post('/v1/document-types', { key: 'three', template: 'invoice' }), 409, 'too_many_document_types');
      expect((await api.post('/v1/document-types/one/archive')).status).toBe(200);
      expect((await api.post('/v1/document-types', { key: 'three', template: 'invoice' })).status).toBe(201);
      expectError(await api.post('/v1/document-types', { key: 'four', template: 'invoice' }), 409, 'too_many_document_types');
      // The built-ins never count.
      expect(keysOf(await api.get('/v1/document-types')).sort()).toEqual([...BUILTINS, 'three', 'two'].sort());
    });

    it('refuses a client token with secret_key_required and a key without schemas.write with missing_capability', async () => {
      const { boot, api } = fresh();
      expect((await api.post('/v1/document-types', { key: 'slip', definition: SLIP, publish: false })).status).toBe(201);
      const token = new ApiClient(t, (await api.post('/v1/client-tokens', {})).body.token);
      expectError(await token.post('/v1/document-types', { key: 'mine', template: 'invoice' }), 403, 'secret_key_required');
      expectError(await token.put('/v1/document-types/slip/draft', { definition: SLIP }), 403, 'secret_key_required');
      expectError(await token.post('/v1/document-types/slip/publish', {}), 403, 'secret_key_required');
      expectError(await token.post('/v1/document-types/slip/archive'), 403, 'secret_key_required');
      const reader = new ApiClient(t, createKey(s.app, boot.application, { scopes: ['documents.extract', 'schemas.read'] }).key);
      const e = expectError(await reader.post('/v1/document-types', { key: 'mine', template: 'invoice' }), 403, 'missing_capability');
      expect(e.details).toEqual({ missing: ['schemas.write'] });
      expectError(await reader.post('/v1/document-types/slip/publish', {}), 403, 'missing_capability');
      // Reading needs schemas.read only.
      expect((await reader.get('/v1/document-types/slip')).status).toBe(200);
      const blind = new ApiClient(t, createKey(s.app, boot.application, { scopes: ['documents.extract'] }).key);
      expect(expectError(await blind.get('/v1/document-types/payment_receipt/versions/1'), 403, 'missing_capability').details).toEqual({ missing: ['schemas.read'] });
      expectError(await blind.get('/v1/document-types/slip'), 403, 'missing_capability');
    });
  });

  describe('drafts, publication and archiving', () => {
    it('publishes drafts as numbered versions: no_draft, nothing_changed, additive, breaking_change, acknowledged', async () => {
      const { api } = fresh();
      expect((await api.post('/v1/document-types', { key: 'slip', definition: SLIP })).status).toBe(201);
      expectError(await api.post('/v1/document-types/slip/publish', {}), 409, 'no_draft');

      const same = await api.put('/v1/document-types/slip/draft', { definition: SLIP });
      expect(same.status).toBe(200);
      expect(same.body.draft.definition).toMatchObject(SLIP);
      expectError(await api.post('/v1/document-types/slip/publish', {}), 409, 'nothing_changed');

      expect((await api.put('/v1/document-types/slip/draft', { definition: withTip })).status).toBe(200);
      const v2 = await api.post('/v1/document-types/slip/publish');
      expect(v2.status, JSON.stringify(v2.body)).toBe(201);
      expect(v2.body).toMatchObject({ object: 'document_type_version', document_type: 'slip', version: 2, breaking: false });
      expect(v2.body.changes).toEqual([expect.objectContaining({ kind: 'field_added', path: 'tip', breaking: false })]);
      const afterV2 = (await api.get('/v1/document-types/slip')).body;
      expect(afterV2).toMatchObject({ latest_version: 2, draft: null });
      expect(afterV2.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);

      expect((await api.put('/v1/document-types/slip/draft', { definition: withoutMerchant })).status).toBe(200);
      const refused = expectError(await api.post('/v1/document-types/slip/publish', { acknowledge_breaking: false }), 409, 'breaking_change');
      expect(refused.details?.changes).toEqual([expect.objectContaining({ kind: 'field_removed', path: 'merchant', breaking: true })]);
      const kept = (await api.get('/v1/document-types/slip')).body;
      expect(kept.latest_version).toBe(2);
      expect(kept.draft.definition).toMatchObject(withoutMerchant);

      const v3 = await api.post('/v1/document-types/slip/publish', { acknowledge_breaking: true });
      expect(v3.status).toBe(201);
      expect(v3.body).toMatchObject({ version: 3, breaking: true });
      expect(v3.body.changes).toEqual([expect.objectContaining({ kind: 'field_removed', path: 'merchant', breaking: true })]);

      // Published versions never change.
      const v1 = (await api.get('/v1/document-types/slip/versions/1')).body;
      expect(v1.definition).toMatchObject(SLIP);
      expect(v1.changes).toEqual([]);
      expect((await api.get('/v1/document-types/slip/versions/2')).body).toEqual(v2.body);
      expect(new Set([v1.schema_id, v2.body.schema_id, v3.body.schema_id]).size).toBe(3);
    });

    it('refuses an invalid draft with invalid_definition and keeps the last one', async () => {
      const { api } = fresh();
      expect((await api.post('/v1/document-types', { key: 'slip', definition: SLIP })).status).toBe(201);
      expect((await api.put('/v1/document-types/slip/draft', { definition: withTip })).status).toBe(200);
      const e = expectError(await api.put('/v1/document-types/slip/draft', { definition: { name: 'x', fields: { a: { type: SENTINEL } } } }), 400, 'invalid_definition');
      expect((e.details?.problems as unknown[]).length).toBeGreaterThan(0);
      expect((await api.get('/v1/document-types/slip')).body.draft.definition).toMatchObject(withTip);
    });

    it('refuses to edit an archived type with document_type_archived; its versions stay readable', async () => {
      const { api } = fresh();
      expect((await api.post('/v1/document-types', { key: 'slip', definition: SLIP })).status).toBe(201);
      const archived = await api.post('/v1/document-types/slip/archive');
      expect(archived.status).toBe(200);
      expect(archived.body.status).toBe('archived');
      expectError(await api.put('/v1/document-types/slip/draft', { definition: withTip }), 409, 'document_type_archived');
      expectError(await api.post('/v1/document-types/slip/publish', {}), 409, 'document_type_archived');
      expectError(await api.post('/v1/document-types/slip/archive'), 409, 'document_type_archived');
      expect((await api.get('/v1/document-types/slip/versions/1')).status).toBe(200);
      expect((await api.get('/v1/document-types/slip')).body.status).toBe('archived');
    });

    it('refuses to edit built-ins, unknown types and other organizations\' types with document_type_not_found', async () => {
      const { api } = fresh();
      expect((await api.post('/v1/document-types', { key: 'theirs', definition: SLIP })).status).toBe(201);
      const other = fresh().api;
      expectError(await other.put('/v1/document-types/invoice/draft', { definition: SLIP }), 404, 'document_type_not_found');
      expectError(await other.post('/v1/document-types/payment_receipt/publish', {}), 404, 'document_type_not_found');
      expectError(await other.post('/v1/document-types/invoice/archive'), 404, 'document_type_not_found');
      expectError(await other.put('/v1/document-types/theirs/draft', { definition: SLIP }), 404, 'document_type_not_found');
      expectError(await other.get('/v1/document-types/theirs'), 404, 'document_type_not_found');
      expectError(await other.get(`/v1/document-types/${SENTINEL}`), 404, 'document_type_not_found');
    });
  });

  describe('versions and schemas', () => {
    it('answers a built-in version and refuses versions that do not exist', async () => {
      const { api } = fresh();
      const v = await api.get('/v1/document-types/payment_receipt/versions/1');
      expect(v.status).toBe(200);
      expect(v.body).toMatchObject({ object: 'document_type_version', document_type: 'payment_receipt', version: 1, changes: [], breaking: false });
      expect(Object.keys(v.body.schema.properties)).toEqual(expect.arrayContaining(['amount', 'currency', 'transaction_date', 'card_last_four', 'approved']));
      expectError(await api.get('/v1/document-types/payment_receipt/versions/2'), 404, 'version_not_found');
      expect((await api.post('/v1/document-types', { key: 'slip', definition: SLIP })).status).toBe(201);
      expectError(await api.get('/v1/document-types/slip/versions/9'), 404, 'version_not_found');
      expectError(await api.get(`/v1/document-types/${SENTINEL}/versions/1`), 404, 'document_type_not_found');
      expectError(await api.get('/v1/document-types/slip/versions/0'), 400, 'invalid_parameters');
      expectError(await api.get(`/v1/document-types/slip/versions/${SENTINEL}`), 400, 'invalid_parameters');
    });

    it("answers GET /v1/schemas/{id} for built-in and own versions, and schema_not_found for unknown ids and other organizations' ids", async () => {
      const { api } = fresh();
      const builtin = (await api.get('/v1/document-types/invoice/versions/1')).body;
      const byId = await api.get(`/v1/schemas/${builtin.schema_id}`);
      expect(byId.status).toBe(200);
      expect(byId.body).toEqual(builtin);

      expect((await api.post('/v1/document-types', { key: 'slip', definition: SLIP })).status).toBe(201);
      const own = (await api.get('/v1/document-types/slip/versions/1')).body;
      const ownById = await api.get(`/v1/schemas/${own.schema_id}`);
      expect(ownById.status).toBe(200);
      expect(ownById.body).toEqual(own);

      expectError(await api.get(`/v1/schemas/sch_${SENTINEL}`), 404, 'schema_not_found');
      const other = fresh().api;
      expectError(await other.get(`/v1/schemas/${own.schema_id}`), 404, 'schema_not_found');
      expect((await other.get(`/v1/schemas/${builtin.schema_id}`)).status).toBe(200);
    });
  });

  describe('the version an extraction reads with', () => {
    it('reads with the latest version, a requested schema_version, or the pinned version of the default type', async () => {
      const { boot, api } = fresh();
      expect((await api.post('/v1/document-types', { key: 'slip', definition: SLIP })).status).toBe(201);
      expect((await api.put('/v1/document-types/slip/draft', { definition: withTip })).status).toBe(200);
      expect((await api.post('/v1/document-types/slip/publish', {})).status).toBe(201);
      const versions = [(await api.get('/v1/document-types/slip/versions/1')).body, (await api.get('/v1/document-types/slip/versions/2')).body];

      const latest = await api.extract({ client_ocr: OCR, document_type: 'slip' });
      expect(latest.body).toMatchObject({ document_type: 'slip', schema_version: 2, schema_id: versions[1].schema_id });
      expect(Object.keys(latest.body.data).sort()).toEqual(['amount', 'merchant', 'tip']);
      const first = await api.extract({ client_ocr: OCR, document_type: 'slip', schema_version: '1' });
      expect(first.body).toMatchObject({ schema_version: 1, schema_id: versions[0].schema_id });
      expect(Object.keys(first.body.data).sort()).toEqual(['amount', 'merchant']);
      const bySchema = await api.get(`/v1/schemas/${first.body.schema_id}`);
      expect(bySchema.body.version).toBe(1);
      expect(createValidator().compile(bySchema.body.schema)(first.body.data)).toBe(true);
      expectError(await api.extract({ client_ocr: OCR, document_type: 'slip', schema_version: '3' }), 404, 'version_not_found', { param: 'schema_version' });

      // Pinned: the application's default type reads with version 1 unless the request names one.
      const accounts = s.app.services.accounts;
      accounts.updateApplication(boot.application, { default_document_type: 'slip', pinned_version: 1 });
      const pinned = await api.extract({ client_ocr: OCR });
      expect(pinned.body).toMatchObject({ document_type: 'slip', schema_version: 1, schema_id: versions[0].schema_id });
      expect((await api.extract({ client_ocr: OCR, document_type: 'slip' })).body.schema_version).toBe(1);
      expect((await api.extract({ client_ocr: OCR, schema_version: '2' })).body.schema_version).toBe(2);
      // Other types are not pinned.
      expect((await api.extract({ client_ocr: OCR, document_type: 'invoice' })).body).toMatchObject({ document_type: 'invoice', schema_version: 1 });
      // A queued extraction reads with the version chosen when it was accepted.
      const queued = await api.extract({ client_ocr: OCR, async: 'true' });
      expect(queued.body.schema_version).toBe(1);
      expect((await api.put('/v1/document-types/slip/draft', { definition: { ...withTip, name: 'Slip 3' } })).status).toBe(200);
      expect((await api.post('/v1/document-types/slip/publish', {})).status).toBe(201);
      const done = await api.waitFinal(queued.body.id);
      expect(done.body).toMatchObject({ status: 'succeeded', schema_version: 1, schema_id: versions[0].schema_id });
      expect(Object.keys(done.body.data).sort()).toEqual(['amount', 'merchant']);
      // Following the latest again.
      accounts.updateApplication(boot.application, { pinned_version: null });
      expect((await api.extract({ client_ocr: OCR })).body.schema_version).toBe(3);
      // Without a default, the pin belongs to the one assigned type.
      accounts.updateApplication(boot.application, { default_document_type: null, document_types: ['slip'], pinned_version: 2 });
      expect((await api.extract({ client_ocr: OCR })).body).toMatchObject({ document_type: 'slip', schema_version: 2 });
      expect((await api.extract({ client_ocr: OCR, document_type: 'slip' })).body.schema_version).toBe(2);
    });
  });
});
