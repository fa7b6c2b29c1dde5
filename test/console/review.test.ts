// The console's review view: the result as the API answers it with its corrections, the pages
// and their images (a photo re-encoded, a PDF page rendered through intake), the text lines,
// corrections (codes, roles, the stored result rewritten so the API answers the corrected
// value), the zero-retention refusal, and documents deleted with their result by the sweep.
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPasswordSync } from '../../server/src/console/password.js';
import { MembersRepo, type Role } from '../../server/src/db/repos/members.js';
import { textPdf } from '../intake/pdf-builder.js';
import { SAMPLE_RECEIPT_PNG } from '../support/api-client.js';
import { signIn, type ConsoleClient } from '../support/console-client.js';
import { multipart, SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';

let s: TestServer;
let owner: ConsoleClient;
let base: string;

const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; param?: string; details?: Record<string, unknown> } }).error;

/** `POST /v1/extractions` with the bootstrap secret key; the answer's body. */
async function extract(fields: Record<string, string>, file?: { bytes: Uint8Array; type?: string }, key = s.boot.secret_key) {
  const form = multipart(fields, file);
  const res = await s.app.inject({ method: 'POST', url: '/v1/extractions', headers: { ...form.headers, authorization: `Bearer ${key}` }, payload: form.payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as Record<string, unknown> & { id: string; fields: Record<string, { value: unknown; status: string; confidence: number; checks: { name: string; status: string }[] }>; data: Record<string, unknown> };
}

async function member(role: Role): Promise<ConsoleClient> {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'a long enough password';
  const members = new MembersRepo(s.app.services.db);
  const user = members.ensureUser(email, hashPasswordSync(password));
  members.addMember(s.boot.tenant, user.id, email, role);
  return signIn(s.app, email, password);
}

beforeAll(async () => {
  s = await startTestServer({ queue: { pollMs: 20, retryDelayMs: 0 } });
  owner = await signIn(s.app, s.boot.console.email, s.boot.console.password);
  base = `/console/api/organizations/${s.boot.tenant}/applications/${s.boot.application}`;
});
afterAll(async () => s?.close());

describe('the review view', () => {
  it('answers the photo\'s result as GET /v1 does, with its page, an image of it and the text lines read', async () => {
    const made = await extract({}, { bytes: SAMPLE_RECEIPT_PNG, type: 'image/png' });
    expect(made).not.toHaveProperty('ocr'); // the caller did not ask for the lines
    const res = await owner.get(`${base}/extractions/${made.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const api = await s.app.inject({ method: 'GET', url: `/v1/extractions/${made.id}`, headers: { authorization: `Bearer ${s.boot.secret_key}` } });
    expect(body.extraction).toEqual(api.json());
    expect(body.corrections).toEqual([]);
    const meta = await sharp(Buffer.from(SAMPLE_RECEIPT_PNG)).metadata();
    expect(body.pages).toEqual([{ number: 1, width: meta.width, height: meta.height, image_url: `${base}/extractions/${made.id}/pages/1` }]);
    const texts = (body.ocr.pages[0].lines as { text: string; bounding_box: { x: number } }[]).map((l) => l.text).join('\n');
    expect(texts).toMatch(/13[.,]05/);
    expect(body.ocr.pages[0]).toMatchObject({ number: 1, source: 'ocr' });
    expect(body.ocr.pages[0].lines[0].bounding_box).toHaveProperty('x');

    const image = await owner.get(body.pages[0].image_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const png = await sharp(image.rawPayload).metadata();
    expect([png.format, png.width, png.height]).toEqual(['png', meta.width, meta.height]);
    // The document is kept under the data directory until the result goes.
    const path = s.app.services.extractionsRepo.extraction(made.id)!.document_path!;
    expect(path.startsWith(s.dataDir)).toBe(true);
    expect(existsSync(path)).toBe(true);
  });

  it('renders a PDF page through intake, fitted into 2000 px, with the text layer as its lines', async () => {
    const made = await extract({ document_type: 'invoice' }, { bytes: textPdf(2, 'TOTAL 12.50'), type: 'application/pdf' });
    const body = (await owner.get(`${base}/extractions/${made.id}`)).json();
    expect(body.pages).toHaveLength(2);
    for (const p of body.pages) expect(Math.max(p.width, p.height)).toBeLessThanOrEqual(2000);
    expect(body.ocr.pages[1].source).toBe('pdf_text');
    expect(body.ocr.pages[1].lines.map((l: { text: string }) => l.text).join(' ')).toContain('TOTAL 12.50');
    const image = await owner.get(body.pages[1].image_url);
    expect(image.statusCode).toBe(200);
    const png = await sharp(image.rawPayload).metadata();
    expect([png.format, png.width, png.height]).toEqual(['png', body.pages[1].width, body.pages[1].height]);
  });

  it('shows a queued document\'s pages and images, read from the document itself (a PDF\'s lines from its text layer)', async () => {
    const photo = await extract({ async: 'true' }, { bytes: SAMPLE_RECEIPT_PNG, type: 'image/png' });
    const pdf = await extract({ async: 'true', document_type: 'invoice' }, { bytes: textPdf(1, 'TOTAL 12.50'), type: 'application/pdf' });
    for (const id of [photo.id, pdf.id]) {
      for (let i = 0; i < 600 && s.app.services.extractionsRepo.extraction(id)!.status !== 'succeeded'; i++) await new Promise((r) => setTimeout(r, 25));
    }
    const photoView = (await owner.get(`${base}/extractions/${photo.id}`)).json();
    expect(photoView.extraction.status).toBe('succeeded');
    expect(photoView.pages).toEqual([{ number: 1, width: expect.any(Number), height: expect.any(Number), image_url: `${base}/extractions/${photo.id}/pages/1` }]);
    expect(photoView.ocr).toBeNull(); // an image's lines were not kept
    const image = await owner.get(photoView.pages[0].image_url);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('png');
    const pdfView = (await owner.get(`${base}/extractions/${pdf.id}`)).json();
    expect(pdfView.ocr.pages[0].lines.map((l: { text: string }) => l.text).join(' ')).toContain('TOTAL 12.50');
    expect((await owner.get(pdfView.pages[0].image_url)).statusCode).toBe(200);
  });

  it('keeps nothing beside the result for client_ocr from the API: no image, lines only when the caller asked for them; a page that does not exist is extraction_not_found with param page', async () => {
    const made = await extract({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR) });
    expect(s.app.services.extractionsRepo.extraction(made.id)!.document_path).toBeNull();
    const plain = (await owner.get(`${base}/extractions/${made.id}`)).json();
    expect([plain.pages, plain.ocr]).toEqual([[{ number: 1, width: null, height: null, image_url: null }], null]);
    const asked = await extract({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR), options: JSON.stringify({ include_ocr: true }) });
    const body = (await owner.get(`${base}/extractions/${asked.id}`)).json();
    expect(body.pages).toEqual([{ number: 1, width: 1000, height: 2000, image_url: null }]);
    expect(body.ocr.pages[0].lines.map((l: { text: string }) => l.text)).toContain('TOTAL USD 12.50');
    for (const n of ['1', '2', '0', 'x']) {
      const res = await owner.get(`${base}/extractions/${made.id}/pages/${n}`);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toMatchObject({ code: 'extraction_not_found', param: 'page' });
    }
    const photo = await extract({}, { bytes: SAMPLE_RECEIPT_PNG });
    const past = await owner.get(`${base}/extractions/${photo.id}/pages/2`);
    expect([past.statusCode, errorOf(past).code, errorOf(past).param]).toEqual([404, 'extraction_not_found', 'page']);
  });

  it('answers extraction_not_found for an unknown id and for another application\'s extraction; application_not_found and tenant_not_found', async () => {
    const other = s.bootAnother();
    const form = multipart({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR) });
    const theirs = (await s.app.inject({ method: 'POST', url: '/v1/extractions', headers: { ...form.headers, authorization: `Bearer ${other.secret_key}` }, payload: form.payload })).json();
    for (const url of [`${base}/extractions/svc_req_nothing`, `${base}/extractions/${theirs.id}`, `${base}/extractions/${theirs.id}/pages/1`]) {
      const res = await owner.get(url);
      expect([res.statusCode, errorOf(res).code]).toEqual([404, 'extraction_not_found']);
    }
    const foreignApp = await owner.get(`/console/api/organizations/${s.boot.tenant}/applications/${other.application}/extractions/${theirs.id}`);
    expect([foreignApp.statusCode, errorOf(foreignApp).code]).toEqual([404, 'application_not_found']);
    const foreignOrg = await owner.get(`/console/api/organizations/${other.tenant}/applications/${other.application}/extractions/${theirs.id}`);
    expect([foreignOrg.statusCode, errorOf(foreignOrg).code]).toEqual([404, 'tenant_not_found']);
    const anonymous = await s.app.inject({ method: 'GET', url: `${base}/extractions/${theirs.id}` });
    expect([anonymous.statusCode, errorOf(anonymous).code]).toEqual([401, 'sign_in_required']);
  });

  it('refuses to open results under zero retention (zero_retention, 403), and keeps no document then', async () => {
    const app = s.app.services.accounts.createApplication({ organizationId: s.boot.tenant, name: 'zero', environment: 'development', capabilities: ['documents.extract', 'documents.upload'], defaultDocumentType: 'payment_receipt', dataPolicy: { retention: 'zero' } });
    const { KeyAdmin } = await import('../../server/src/admin/key-admin.js');
    const key = new KeyAdmin(s.app.services.accounts).create(app, { kind: 'secret', scopes: ['documents.extract', 'documents.upload'] }).key;
    const made = await extract({}, { bytes: SAMPLE_RECEIPT_PNG }, key);
    expect(s.app.services.extractionsRepo.extraction(made.id)!.document_path).toBeNull();
    const zeroBase = `/console/api/organizations/${s.boot.tenant}/applications/${app.id}`;
    for (const res of [
      await owner.get(`${zeroBase}/extractions/${made.id}`),
      await owner.get(`${zeroBase}/extractions/${made.id}/pages/1`),
      await owner.post(`${zeroBase}/extractions/${made.id}/corrections`, { field: 'amount', value: 1 }),
    ]) {
      expect([res.statusCode, errorOf(res).code]).toEqual([403, 'zero_retention']);
    }
    // The list still shows what happened (no content).
    const list = (await owner.get(`${zeroBase}/extractions`)).json();
    expect(list.data[0]).toMatchObject({ id: made.id, status: 'succeeded', review_required: null, schema_version: null });
  });
});

describe('corrections', () => {
  it('corrects a value: 201 with the correction and the field; the review view and GET /v1 answer the corrected value', async () => {
    const made = await extract({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR) });
    expect(made.data.amount).toBe(12.5);
    // Read once before: the API keeps finished results in memory, and must not answer the old one after.
    const read = () => s.app.inject({ method: 'GET', url: `/v1/extractions/${made.id}`, headers: { authorization: `Bearer ${s.boot.secret_key}` } });
    expect((await read()).json().data.amount).toBe(12.5);
    const res = await owner.post(`${base}/extractions/${made.id}/corrections`, { field: 'amount', value: 13.5 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.correction).toMatchObject({ field: 'amount', previous_value: 12.5, value: 13.5, by: s.boot.console.email });
    expect(body.correction.id).toMatch(/^cor_/);
    expect(body.field).toMatchObject({ value: 13.5, status: 'corrected', confidence: 1, type: 'money' });
    expect(body.field.checks).toContainEqual(expect.objectContaining({ name: 'money', status: 'ok' }));

    const view = (await owner.get(`${base}/extractions/${made.id}`)).json();
    expect(view.extraction.data.amount).toBe(13.5);
    expect(view.extraction.fields.amount).toMatchObject({ value: 13.5, status: 'corrected' });
    expect(view.corrections).toEqual([body.correction]);
    const api = (await read()).json();
    expect(api.data.amount).toBe(13.5);
    expect(api.fields.amount.status).toBe('corrected');

    // A second correction, and clearing a value with null (blank text clears too).
    await owner.post(`${base}/extractions/${made.id}/corrections`, { field: 'amount', value: 14 });
    const cleared = await owner.post(`${base}/extractions/${made.id}/corrections`, { field: 'auth_code', value: '  ' });
    expect(cleared.statusCode).toBe(201);
    expect(cleared.json().correction).toMatchObject({ field: 'auth_code', previous_value: '123456', value: null });
    const after = (await owner.get(`${base}/extractions/${made.id}`)).json();
    expect(after.corrections.map((c: { field: string; previous_value: unknown; value: unknown }) => [c.field, c.previous_value, c.value])).toEqual([
      ['amount', 12.5, 13.5],
      ['amount', 13.5, 14],
      ['auth_code', '123456', null],
    ]);
    expect(after.extraction.data.auth_code).toBeNull();
    // Stored with who and when; audited.
    const row = s.app.services.db.prepare('SELECT user_id, email FROM corrections WHERE id = ?').get(body.correction.id) as { user_id: string; email: string };
    expect(row).toEqual({ user_id: owner.session.user.id, email: s.boot.console.email });
    const audit = s.app.services.db.prepare("SELECT actor, target, details FROM audit_log WHERE action = 'extraction.corrected' AND target = ?").all(made.id) as { actor: string; details: string }[];
    expect(audit).toHaveLength(3);
    expect(JSON.parse(audit[0].details)).toMatchObject({ field: 'amount', application_id: s.boot.application });
    // The list says a person corrected it.
    const list = (await owner.get(`${base}/extractions?limit=100`)).json();
    expect(list.data.find((e: { id: string }) => e.id === made.id).corrected).toBe(true);
  });

  it('corrects a field of a line item (line_items.0.amount and line_items[0].amount) and keeps data and the array value in step', async () => {
    const lines = ['CORNER STORE', 'Coffee 3.50', 'Bagel 2.00', 'SUBTOTAL 5.50', 'TOTAL 5.50'].map((text, i) => ({ text, bounding_box: { x: 0.1, y: 0.05 + i * 0.05, width: 0.7, height: 0.02 } }));
    const made = await extract({ document_type: 'retail_receipt', client_ocr: JSON.stringify({ width: 1000, height: 2000, lines }) });
    const items = made.data.line_items as { amount: number }[];
    expect(items.length).toBeGreaterThan(0);
    const res = await owner.post(`${base}/extractions/${made.id}/corrections`, { field: 'line_items.0.amount', value: 4.25 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().field).toMatchObject({ value: 4.25, status: 'corrected' });
    const view = (await owner.get(`${base}/extractions/${made.id}`)).json();
    expect(view.extraction.data.line_items[0].amount).toBe(4.25);
    expect(view.extraction.fields.line_items.value[0].amount).toBe(4.25);
    expect(view.extraction.fields.line_items.items[0].amount.status).toBe('corrected');
    const bracket = await owner.post(`${base}/extractions/${made.id}/corrections`, { field: 'line_items[0].description', value: 'Latte' });
    expect(bracket.json().correction.field).toBe('line_items.0.description');
    // Past the list's end: field_not_found; the whole item or list: invalid_correction.
    for (const [field, status, code] of [
      [`line_items.${items.length}.amount`, 404, 'field_not_found'],
      ['line_items.0.nothing', 404, 'field_not_found'],
      ['line_items.0', 400, 'invalid_correction'],
      ['line_items', 400, 'invalid_correction'],
    ] as const) {
      const r = await owner.post(`${base}/extractions/${made.id}/corrections`, { field, value: 1 });
      expect([field, r.statusCode, errorOf(r).code]).toEqual([field, status, code]);
    }
  });

  it('refuses a value that does not fit the field: invalid_correction (400) with param value', async () => {
    const made = await extract({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR) });
    for (const [field, value, check] of [
      ['amount', '12.50', 'money'],
      ['amount', true, 'money'],
      ['transaction_date', '2025-02-30', 'date'],
      ['transaction_date', 20250314, 'date'],
      ['currency', 'XYZ', 'currency'],
      ['merchant', 42, 'string'],
      ['approved', 'yes', 'boolean'],
      ['merchant', 'x'.repeat(10_001), 'length'],
    ] as const) {
      const res = await owner.post(`${base}/extractions/${made.id}/corrections`, { field, value });
      expect([field, res.statusCode, errorOf(res).code, errorOf(res).param], JSON.stringify(value).slice(0, 40)).toEqual([field, 400, 'invalid_correction', 'value']);
      expect(errorOf(res).details).toMatchObject({ check });
    }
    const ok = await owner.post(`${base}/extractions/${made.id}/corrections`, { field: 'transaction_date', value: '2025-03-15' });
    expect(ok.statusCode).toBe(201);
  });

  it('answers field_not_found (404) for a field the result lacks, invalid_parameters without field or value, extraction_not_found for an unknown id', async () => {
    const made = await extract({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR) });
    for (const field of ['nothing', 'amount.cents', 'Amount', '__proto__', 'constructor']) {
      const res = await owner.post(`${base}/extractions/${made.id}/corrections`, { field, value: 1 });
      expect([field, res.statusCode, errorOf(res).code]).toEqual([field, 404, 'field_not_found']);
    }
    for (const [body, param] of [
      [{ value: 1 }, 'field'],
      [{ field: 7, value: 1 }, 'field'],
      [{ field: 'amount' }, 'value'],
    ] as const) {
      const res = await owner.post(`${base}/extractions/${made.id}/corrections`, body);
      expect([res.statusCode, errorOf(res).code, errorOf(res).param]).toEqual([400, 'invalid_parameters', param]);
    }
    const unknown = await owner.post(`${base}/extractions/svc_req_nothing/corrections`, { field: 'amount', value: 1 });
    expect([unknown.statusCode, errorOf(unknown).code]).toEqual([404, 'extraction_not_found']);
  });

  it('lets developers and admins correct; a viewer gets role_insufficient; a change needs the CSRF token; a suspended organization is read-only', async () => {
    const made = await extract({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR) });
    const url = `${base}/extractions/${made.id}/corrections`;
    const viewer = await member('viewer');
    const refused = await viewer.post(url, { field: 'amount', value: 1 });
    expect([refused.statusCode, errorOf(refused).code]).toEqual([403, 'role_insufficient']);
    expect(errorOf(refused).details).toEqual({ role: 'viewer', needs: 'developer' });
    // A viewer reads everything, images included.
    expect((await viewer.get(`${base}/extractions/${made.id}`)).statusCode).toBe(200);
    expect((await viewer.get(`${base}/extractions`)).statusCode).toBe(200);
    for (const role of ['developer', 'admin'] as const) {
      const c = await member(role);
      const res = await c.post(url, { field: 'amount', value: role === 'admin' ? 2 : 1 });
      expect([role, res.statusCode]).toEqual([role, 201]);
      expect(res.json().correction.by).toBe(c.session.user.email);
    }
    const noToken = await owner.send('POST', url, { body: { field: 'amount', value: 3 }, headers: { 'x-csrf-token': 'wrong' } });
    expect([noToken.statusCode, errorOf(noToken).code]).toEqual([403, 'csrf_token_invalid']);
    s.app.services.accounts.updateOrganization(s.boot.tenant, { status: 'suspended' });
    try {
      const res = await owner.post(url, { field: 'amount', value: 3 });
      expect([res.statusCode, errorOf(res).code]).toEqual([403, 'tenant_suspended']);
    } finally {
      s.app.services.accounts.updateOrganization(s.boot.tenant, { status: 'active' });
    }
  });
});

describe('retention', () => {
  it('deletes the kept document and the corrections with the result when the sweep purges it', async () => {
    const made = await extract({}, { bytes: SAMPLE_RECEIPT_PNG });
    await owner.post(`${base}/extractions/${made.id}/corrections`, { field: 'amount', value: 1 });
    const record = s.app.services.extractionsRepo.extraction(made.id)!;
    expect(existsSync(record.document_path!)).toBe(true);
    // 30 days by default: swept as if 31 days had passed.
    await s.app.services.retention.sweep(new Date(Date.now() + 31 * 86_400_000));
    expect(existsSync(record.document_path!)).toBe(false);
    expect(s.app.services.db.prepare('SELECT COUNT(*) FROM corrections WHERE extraction_id = ?').pluck().get(made.id)).toBe(0);
    // The sweep also ends sessions past their time: signed in again.
    const again = await signIn(s.app, s.boot.console.email, s.boot.console.password);
    const res = await again.get(`${base}/extractions/${made.id}/pages/1`);
    expect([res.statusCode, errorOf(res).code]).toEqual([404, 'extraction_not_found']);
  });
});
