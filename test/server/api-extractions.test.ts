// POST /v1/extractions and GET /v1/extractions/{id} against the spec: the extraction object,
// sync and queued reads, every request, document, capability, document type and quota code, and
// idempotency; the main cases run through inject and through a real listening server.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { secondsToNextMonth } from '../../server/src/extraction/extraction-service.js';
import { textPdf, zeroPagePdf } from '../intake/pdf-builder.js';
import { createKey } from '../support/api-checks.js';
import { ApiClient, countRows, eventTypes, expectError, SAMPLE_RECEIPT_PNG, SENTINEL } from '../support/api-client.js';
import { startChatServer, type ChatServer } from '../support/chat-server.js';
import { formBody, multipart, SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';
import { injectTransport, TRANSPORTS, type Transport } from '../support/server-transport.js';
import { pngHeaderOnly } from '../support/png-header.js';

const OCR = JSON.stringify(SLIP_CLIENT_OCR);
const ENCRYPTED_PDF = new Uint8Array(readFileSync(new URL('../fixtures/intake/encrypted-user-password.pdf', import.meta.url)));
const month = () => new Date().toISOString().slice(0, 7);

/** Bytes that are no document, with the sentinel inside (must never come back in an error). */
function randomBytes(length: number): Uint8Array {
  let seed = 987654;
  const out = Uint8Array.from({ length }, () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff);
  out[0] = 0x00; // no magic starts with it
  out.set(Buffer.from(SENTINEL), 16);
  return out;
}



/** The head of an AVIF file: an ISO BMFF `ftyp` box with AV1 brands. */
const AVIF_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from('ftypavif'), Buffer.from([0, 0, 0, 0]), Buffer.from('avifmif1miaf'), Buffer.alloc(64, 1)]);
const GIF_HEAD = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), Buffer.from(SENTINEL), Buffer.alloc(32)]);
const TRUNCATED_PNG = SAMPLE_RECEIPT_PNG.subarray(0, 3000);
const PDF = textPdf(1, 'TOTAL 12.50');
const TRUNCATED_PDF = PDF.subarray(0, Math.floor(PDF.length * 0.6));

/** A parking-ticket type of the organization's own (not from a template). */
const PARKING = {
  name: 'Parking ticket',
  fields: {
    operator: { type: 'string', aliases: ['Operator'] },
    fee: { type: 'money', minimum: 0, aliases: ['Fee', 'Total'] },
  },
};

// One server for both transports (inject, and a socket on the same app), open until the file
// ends: onnxruntime-node cannot be loaded again in a process once every OCR worker that loaded it
// has exited, so servers reading files here overlap in time.
let shared: TestServer;
beforeAll(async () => {
  shared = await startTestServer({ queue: { pollMs: 20, retryDelayMs: 0 } });
});
afterAll(async () => shared.close());

describe.each(TRANSPORTS)('extractions API over $name', ({ name, connect }) => {
  let s: TestServer;
  let t: Transport;
  let api: ApiClient;

  beforeAll(async () => {
    s = shared;
    t = await connect(s.app);
    api = new ApiClient(t, s.boot.secret_key);
  });
  /** An Idempotency-Key unique to this transport's run (both share the server). */
  const idem = (key: string) => ({ 'idempotency-key': `${name}-${key}` });

  /** Another organization with its application and secret key, for tests that change settings. */
  const fresh = (environment?: 'development' | 'test' | 'production') => {
    const boot = s.bootAnother(environment);
    return { boot, api: new ApiClient(t, boot.secret_key) };
  };

  describe('creating and reading', () => {
    it('reads client_ocr synchronously: 200 with the spec extraction object, readable with GET', async () => {
      const metadata = { order: 'A-17', items: 3, paid: true, note: null };
      const res = await api.extract({ client_ocr: OCR, metadata: JSON.stringify(metadata) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const b = res.body;
      expect(b.id).toMatch(/^svc_req_[A-Za-z0-9]+$/);
      expect(b.id).toBe(res.headers['x-request-id']);
      expect(b).toMatchObject({ object: 'extraction', status: 'succeeded', document_type: 'payment_receipt', schema_version: 1, mode: 'standard', livemode: false, metadata });
      expect(typeof b.schema_id).toBe('string');
      expect(b.schema_id.length).toBeGreaterThan(0);
      expect(b.data).toMatchObject({ merchant: 'ACME COFFEE', amount: 12.5, currency: 'USD', transaction_date: '2025-03-14', transaction_time: '10:42', auth_code: '123456', card_last_four: '1234' });
      for (const [name, field] of Object.entries(b.fields as Record<string, Record<string, unknown>>)) {
        expect(b.data, name).toHaveProperty(name);
        expect(field.value, name).toEqual(b.data[name]);
        expect(typeof field.confidence).toBe('number');
        expect(field.confidence).toBeGreaterThanOrEqual(0);
        expect(field.confidence).toBeLessThanOrEqual(1);
        expect(Array.isArray(field.checks)).toBe(true);
      }
      const amount = b.fields.amount;
      expect(amount).toMatchObject({ value: 12.5, type: 'money', page: 1, verified: false });
      for (const k of ['x', 'y', 'width', 'height']) {
        expect(amount.bounding_box[k]).toBeGreaterThanOrEqual(0);
        expect(amount.bounding_box[k]).toBeLessThanOrEqual(1);
      }
      expect(typeof amount.raw_text).toBe('string');
      expect(b.review).toEqual({ required: expect.any(Boolean), reasons: expect.any(Array) });
      expect(b.processing.engine).toMatch(/^[a-z][a-z0-9-]*\/\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/);
      expect(b.error).toBeUndefined();
      expect((b.warnings as { code: string }[]).map((w) => w.code)).not.toContain('processed_async');

      const read = await api.get(`/v1/extractions/${b.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(b);
      // One extraction.completed event, carrying the object as GET returns it.
      const events = s.app.services.extractionsRepo.events(b.id);
      expect(events.map((e) => e.type)).toEqual(['extraction.completed']);
      const envelope = JSON.parse(events[0].payload);
      expect(envelope).toMatchObject({ object: 'event', type: 'extraction.completed', api_version: 'v1', livemode: false, application: s.boot.application });
      expect(envelope.id).toMatch(/^evt_/);
      expect(envelope.data.object).toEqual(read.body);
    });

    it('says livemode true for a live key of a production application', async () => {
      const live = fresh('production');
      expect(live.boot.secret_key).toMatch(/^svc_live_/);
      const res = await live.api.extract({ client_ocr: OCR });
      expect(res.status).toBe(200);
      expect(res.body.livemode).toBe(true);
    });

    it('reads a PNG file synchronously, judged by its bytes: a wrong declared type gives warning declared_type_mismatch', async () => {
      const res = await api.extract({}, { bytes: SAMPLE_RECEIPT_PNG, type: 'image/jpeg', name: 'receipt.jpg' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ object: 'extraction', status: 'succeeded', document_type: 'payment_receipt' });
      expect(res.body.data).toMatchObject({ amount: 13.05, currency: 'GBP', transaction_date: '2025-03-14', card_last_four: '4821', auth_code: '083412' });
      expect((res.body.warnings as { code: string }[]).map((w) => w.code)).toContain('declared_type_mismatch');
      expect(res.body.processing.engine).toMatch(/^[a-z][a-z0-9-]*\/\d+\.\d+\.\d+/);
      expect(res.body.fields.amount.page).toBe(1);
      expect(eventTypes(s, res.body.id)).toEqual(['extraction.completed']);
    });

    it('reads a file with options.tiling adaptive (capability adaptive_tiling) and off, to the same values', async () => {
      for (const tiling of ['adaptive', 'off']) {
        const res = await api.extract({ options: JSON.stringify({ tiling }) }, { bytes: SAMPLE_RECEIPT_PNG, type: 'image/png' });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data, tiling).toMatchObject({ amount: 13.05, currency: 'GBP', transaction_date: '2025-03-14' });
      }
    });

    it('refuses options.tiling adaptive to a key without adaptive_tiling with missing_capability, before any work', async () => {
      const key = createKey(s.app, s.boot.application, { scopes: ['documents.extract', 'documents.upload'] }).key;
      const limited = new ApiClient(t, key);
      const before = countRows(s, 'extractions', 'application_id = ?', s.boot.application);
      const inputs: { fields: Record<string, string>; file?: { bytes: Uint8Array; type: string } }[] = [
        { fields: { client_ocr: OCR } },
        { fields: {}, file: { bytes: SAMPLE_RECEIPT_PNG, type: 'image/png' } },
      ];
      for (const input of inputs) {
        const e = expectError(await limited.extract({ ...input.fields, options: '{"tiling": "adaptive"}' }, input.file), 403, 'missing_capability');
        expect(e.details).toEqual({ missing: ['adaptive_tiling'] });
      }
      expect(countRows(s, 'extractions', 'application_id = ?', s.boot.application)).toBe(before);
      // The other modes need no capability of their own.
      expect((await limited.extract({ client_ocr: OCR, options: '{"tiling": "off"}' })).status).toBe(200);
    });

    it('queues with async=true: 202 with warning processed_async and Location; GET shows the result once read', async () => {
      const res = await api.extract({ client_ocr: OCR, async: 'true' });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const id = res.body.id as string;
      expect(id).toMatch(/^svc_req_/);
      expect(id).toBe(res.headers['x-request-id']);
      expect(res.headers.location).toBe(`/v1/extractions/${id}`);
      expect(res.body).toMatchObject({ id, object: 'extraction', document_type: 'payment_receipt', schema_version: 1, mode: 'standard', livemode: false });
      expect(res.body.warnings).toContainEqual(expect.objectContaining({ code: 'processed_async' }));
      const done = await api.waitFinal(id);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ id, object: 'extraction', status: 'succeeded', schema_id: res.body.schema_id, schema_version: 1 });
      expect(done.body.data.amount).toBe(12.5);
      expect(done.body.processing.engine).toMatch(/\/\d+\.\d+\.\d+/);
      expect(done.body.warnings).toContainEqual(expect.objectContaining({ code: 'processed_async' }));
      expect(eventTypes(s, id)).toEqual(['extraction.completed']);
    });

    it('takes the mode from the application unless the request names one', async () => {
      const f = fresh();
      s.app.services.accounts.updateApplication(f.boot.application, { default_mode: 'fast' });
      const byDefault = await f.api.extract({ client_ocr: OCR });
      expect(byDefault.status).toBe(200);
      expect(byDefault.body.mode).toBe('fast');
      const named = await f.api.extract({ client_ocr: OCR, mode: 'standard' });
      expect(named.body.mode).toBe('standard');
      // An async request records the mode it was accepted with.
      const queued = await f.api.extract({ client_ocr: OCR, async: 'true' });
      expect(queued.body.mode).toBe('fast');
      expect((await f.api.waitFinal(queued.body.id)).body.mode).toBe('fast');
    });

    it('keeps only the first 50 metadata keys, in order', async () => {
      const metadata = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i]));
      const res = await api.extract({ client_ocr: OCR, metadata: JSON.stringify(metadata) });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.metadata)).toEqual(Array.from({ length: 50 }, (_, i) => `k${i}`));
      expect(res.body.metadata.k49).toBe(49);
      expect((await api.get(`/v1/extractions/${res.body.id}`)).body.metadata).toEqual(res.body.metadata);
    });

    it('takes metadata of exactly 2048 bytes', async () => {
      const base = JSON.stringify({ note: '' });
      const text = JSON.stringify({ note: 'x'.repeat(2048 - Buffer.byteLength(base)) });
      expect(Buffer.byteLength(text)).toBe(2048);
      expect((await api.extract({ client_ocr: OCR, metadata: text })).status).toBe(200);
    });

    it('answers 404 extraction_not_found to another application and for an unknown id', async () => {
      const created = await api.extract({ client_ocr: OCR });
      expect(created.status).toBe(200);
      const other = fresh();
      expectError(await other.api.get(`/v1/extractions/${created.body.id}`), 404, 'extraction_not_found');
      // Another application of the same organization sees nothing either.
      const accounts = s.app.services.accounts;
      const sibling = accounts.createApplication({ organizationId: s.boot.tenant, name: 'sibling', environment: 'development', capabilities: accounts.application(s.boot.application)!.capabilities, defaultDocumentType: 'payment_receipt' });
      const siblingApi = new ApiClient(t, createKey(s.app, sibling.id, {}).key);
      expectError(await siblingApi.get(`/v1/extractions/${created.body.id}`), 404, 'extraction_not_found');
      expectError(await api.get(`/v1/extractions/svc_req_${SENTINEL}`), 404, 'extraction_not_found');
      expect((await api.get(`/v1/extractions/${created.body.id}`)).status).toBe(200);
    });
  });

  describe('request parameter codes', () => {
    const box = { x: 0.1, y: 0.1, width: 0.5, height: 0.05 };
    const cases: { name: string; fields: Record<string, string>; code: string; param?: string }[] = [
      { name: 'options that are not JSON', fields: { client_ocr: OCR, options: `{${SENTINEL}` }, code: 'invalid_json', param: 'options' },
      { name: 'metadata that is not JSON', fields: { client_ocr: OCR, metadata: `{"a": ${SENTINEL}}` }, code: 'invalid_json', param: 'metadata' },
      { name: 'client_ocr that is not JSON', fields: { client_ocr: `{"width": 10, "lines": [${SENTINEL}` }, code: 'invalid_json', param: 'client_ocr' },
      { name: 'options as an array', fields: { client_ocr: OCR, options: `["${SENTINEL}"]` }, code: 'invalid_options', param: 'options' },
      { name: 'options as a string', fields: { client_ocr: OCR, options: `"${SENTINEL}"` }, code: 'invalid_options', param: 'options' },
      { name: 'options as null', fields: { client_ocr: OCR, options: 'null' }, code: 'invalid_options', param: 'options' },
      { name: 'review_below over 1', fields: { client_ocr: OCR, options: '{"review_below": 7}' }, code: 'invalid_option', param: 'options.review_below' },
      { name: 'review_below as text', fields: { client_ocr: OCR, options: `{"review_below": "${SENTINEL}"}` }, code: 'invalid_option', param: 'options.review_below' },
      { name: 'include_ocr not a boolean', fields: { client_ocr: OCR, options: `{"include_ocr": "${SENTINEL}"}` }, code: 'invalid_option', param: 'options.include_ocr' },
      { name: 'tiling not a mode', fields: { client_ocr: OCR, options: `{"tiling": "${SENTINEL}"}` }, code: 'invalid_option', param: 'options.tiling' },
      { name: 'an unknown mode', fields: { client_ocr: OCR, mode: SENTINEL }, code: 'invalid_mode', param: 'mode' },
      { name: 'an empty mode', fields: { client_ocr: OCR, mode: '' }, code: 'invalid_mode', param: 'mode' },
      { name: 'nested metadata', fields: { client_ocr: OCR, metadata: JSON.stringify({ a: { b: SENTINEL } }) }, code: 'invalid_metadata', param: 'metadata' },
      { name: 'metadata with an array value', fields: { client_ocr: OCR, metadata: JSON.stringify({ a: [SENTINEL] }) }, code: 'invalid_metadata', param: 'metadata' },
      { name: 'metadata as an array', fields: { client_ocr: OCR, metadata: JSON.stringify([SENTINEL]) }, code: 'invalid_metadata', param: 'metadata' },
      { name: 'metadata as a string', fields: { client_ocr: OCR, metadata: JSON.stringify(SENTINEL) }, code: 'invalid_metadata', param: 'metadata' },
      { name: 'metadata over 2048 bytes', fields: { client_ocr: OCR, metadata: JSON.stringify({ note: SENTINEL + 'x'.repeat(2100) }) }, code: 'invalid_metadata', param: 'metadata' },
      { name: 'metadata over 2048 bytes in fewer characters', fields: { client_ocr: OCR, metadata: JSON.stringify({ note: 'é'.repeat(1100) }) }, code: 'invalid_metadata', param: 'metadata' },
      { name: 'client_ocr with only blank lines', fields: { client_ocr: JSON.stringify({ width: 100, height: 100, lines: [{ text: '   ', bounding_box: box }] }) }, code: 'invalid_client_ocr', param: 'client_ocr' },
      { name: 'client_ocr of another shape', fields: { client_ocr: JSON.stringify({ text: SENTINEL }) }, code: 'invalid_client_ocr', param: 'client_ocr' },
      { name: 'client_ocr with no pages', fields: { client_ocr: JSON.stringify({ pages: [] }) }, code: 'invalid_client_ocr', param: 'client_ocr' },
      { name: 'client_ocr as an array', fields: { client_ocr: JSON.stringify([{ text: SENTINEL }]) }, code: 'invalid_client_ocr', param: 'client_ocr' },
      { name: 'client_ocr with a box off the page', fields: { client_ocr: JSON.stringify({ width: 100, height: 100, lines: [{ text: SENTINEL, bounding_box: { x: 0.9, y: 0.1, width: 0.5, height: 0.1 } }] }) }, code: 'invalid_client_ocr', param: 'client_ocr' },
      { name: 'neither file nor client_ocr', fields: { mode: 'fast', metadata: JSON.stringify({ a: SENTINEL }) }, code: 'no_document' },
      { name: 'schema_version as a word', fields: { client_ocr: OCR, schema_version: SENTINEL }, code: 'invalid_parameters', param: 'schema_version' },
      { name: 'schema_version 0', fields: { client_ocr: OCR, schema_version: '0' }, code: 'invalid_parameters', param: 'schema_version' },
      { name: 'schema_version 1.5', fields: { client_ocr: OCR, schema_version: '1.5' }, code: 'invalid_parameters', param: 'schema_version' },
      { name: 'async that is no boolean', fields: { client_ocr: OCR, async: SENTINEL }, code: 'invalid_parameters', param: 'async' },
    ];

    it.each(cases)('refuses $name with $code', async ({ fields, code, param }) => {
      const before = countRows(s, 'extractions');
      const res = await api.extract(fields);
      const e = expectError(res, 400, code, { param });
      if (code === 'invalid_parameters') {
        expect(e.details?.errors).toEqual(expect.arrayContaining([expect.objectContaining({ param, message: expect.any(String) })]));
      }
      expect(countRows(s, 'extractions')).toBe(before);
    });

    it('refuses a file together with client_ocr, and a body that is not multipart, with invalid_parameters and details.errors', async () => {
      const both = expectError(await api.extract({ client_ocr: OCR }, { bytes: SAMPLE_RECEIPT_PNG, type: 'image/png' }), 400, 'invalid_parameters');
      expect(both.details?.errors).toEqual([expect.objectContaining({ param: expect.any(String), message: expect.any(String) })]);
      const json = expectError(await api.post('/v1/extractions', { client_ocr: SLIP_CLIENT_OCR, metadata: { a: SENTINEL } }), 400, 'invalid_parameters');
      expect(Array.isArray(json.details?.errors)).toBe(true);
      expect((json.details!.errors as unknown[]).length).toBeGreaterThan(0);
    });

    it('refuses a multipart body cut short or without its boundary with invalid_parameters (not internal_error)', async () => {
      const form = multipart({ client_ocr: OCR, metadata: JSON.stringify({ a: SENTINEL }) });
      const cut = await t({ method: 'POST', url: '/v1/extractions', headers: { ...form.headers, authorization: `Bearer ${s.boot.secret_key}` }, payload: form.payload.subarray(0, 120) });
      expect(expectError(cut, 400, 'invalid_parameters', { param: 'body' }).details?.errors).toEqual([expect.objectContaining({ param: 'body' })]);
      const noBoundary = await t({ method: 'POST', url: '/v1/extractions', headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${s.boot.secret_key}` }, payload: form.payload });
      expectError(noBoundary, 400, 'invalid_parameters', { param: 'body' });
    });

    it.each([
      ['a field sent twice', [{ name: 'client_ocr', value: OCR }, { name: 'mode', value: 'fast' }, { name: 'mode', value: SENTINEL }], 'mode'],
      ['a file under another name', [{ name: 'document', value: PDF, filename: `${SENTINEL}.pdf` }], 'document'],
      ['two files', [{ name: 'file', value: PDF, filename: 'a.pdf' }, { name: 'file', value: PDF, filename: 'b.pdf' }], 'file'],
      ['more than 20 fields', [{ name: 'client_ocr', value: OCR }, ...Array.from({ length: 21 }, (_, i) => ({ name: `extra${i}`, value: SENTINEL }))], 'body'],
    ])('refuses a form with %s with invalid_parameters', async (_, parts, param) => {
      const form = formBody(parts);
      const res = await t({ method: 'POST', url: '/v1/extractions', headers: { ...form.headers, authorization: `Bearer ${s.boot.secret_key}` }, payload: form.payload });
      expect(expectError(res, 400, 'invalid_parameters', { param }).details?.errors).toEqual([expect.objectContaining({ param })]);
    });

    it('ignores form fields it does not know (the request is open)', async () => {
      const res = await api.extract({ client_ocr: OCR, colour: 'red' });
      expect(res.status).toBe(200);
    });

    it('refuses an Idempotency-Key over 128 characters with invalid_idempotency_key, and takes one of 128', async () => {
      const long = `${SENTINEL}${'k'.repeat(129 - SENTINEL.length)}`;
      expect(long).toHaveLength(129);
      expectError(await api.extract({ client_ocr: OCR }, undefined, { 'idempotency-key': long }), 400, 'invalid_idempotency_key');
      const ok = await api.extract({ client_ocr: OCR }, undefined, { 'idempotency-key': name.padEnd(128, 'k') });
      expect(ok.status).toBe(200);
    });
  });

  describe('document codes (judged by bytes)', () => {
    const cases: { name: string; bytes: Uint8Array; type?: string; code: string }[] = [
      { name: 'no bytes', bytes: new Uint8Array(0), type: 'image/png', code: 'empty_file' },
      { name: 'random bytes declared as PNG', bytes: randomBytes(4096), type: 'image/png', code: 'unsupported_media_type' },
      { name: 'a GIF', bytes: GIF_HEAD, type: 'image/jpeg', code: 'unsupported_media_type' },
      { name: 'an AVIF declared as HEIF', bytes: AVIF_HEAD, type: 'image/heif', code: 'unsupported_media_type' },
      { name: 'a truncated PNG', bytes: TRUNCATED_PNG, type: 'image/png', code: 'unreadable_image' },
      { name: 'a PNG over 14,000 px a side', bytes: pngHeaderOnly(14_001, 10), type: 'image/png', code: 'image_too_large' },
      { name: 'a PNG over 60 megapixels', bytes: pngHeaderOnly(8000, 8000), type: 'image/png', code: 'image_too_large' },
      { name: 'a truncated PDF', bytes: TRUNCATED_PDF, type: 'application/pdf', code: 'unreadable_pdf' },
      { name: 'a password-protected PDF', bytes: ENCRYPTED_PDF, type: 'application/pdf', code: 'pdf_encrypted' },
      { name: 'a PDF without pages', bytes: zeroPagePdf(), type: 'application/pdf', code: 'empty_pdf' },
    ];

    it.each(cases)('refuses $name with $code and creates nothing', async ({ bytes, type, code }) => {
      const before = countRows(s, 'extractions');
      expectError(await api.extract({ metadata: JSON.stringify({ ref: SENTINEL }) }, { bytes, type, name: `${SENTINEL}.bin` }), 400, code);
      expect(countRows(s, 'extractions')).toBe(before);
    });

    it('refuses a file over the organization limit with file_too_large, and takes one at the limit', async () => {
      const f = fresh();
      s.app.services.accounts.updateOrganization(f.boot.tenant, { max_file_bytes: 1000 });
      expectError(await f.api.extract({}, { bytes: SAMPLE_RECEIPT_PNG, type: 'image/png' }), 400, 'file_too_large');
      expectError(await f.api.extract({}, { bytes: randomBytes(1001) }), 400, 'file_too_large');
      // At the limit the size passes and the bytes are judged.
      expectError(await f.api.extract({}, { bytes: randomBytes(1000) }), 400, 'unsupported_media_type');
      expect(countRows(s, 'extractions', 'organization_id = ?', f.boot.tenant)).toBe(0);
    });

    it('refuses a file over 20 MB with file_too_large, but reads past the JSON body limit up to it', async () => {
      expectError(await api.extract({}, { bytes: randomBytes(21_000_000) }), 400, 'file_too_large');
      expectError(await api.extract({}, { bytes: randomBytes(1_500_000) }), 400, 'unsupported_media_type');
    });

    it("refuses a PDF over the organization's page limit with too_many_pages", async () => {
      const f = fresh();
      s.app.services.accounts.updateOrganization(f.boot.tenant, { max_pages: 1 });
      expectError(await f.api.extract({}, { bytes: textPdf(2), type: 'application/pdf' }), 400, 'too_many_pages');
    });
  });

  describe('capabilities and document types', () => {
    it('refuses a file to a key without documents.upload with missing_capability (client_ocr still works)', async () => {
      const key = createKey(s.app, s.boot.application, { scopes: ['documents.extract'] }).key;
      const limited = new ApiClient(t, key);
      const e = expectError(await limited.extract({}, { bytes: SAMPLE_RECEIPT_PNG, type: 'image/png' }), 403, 'missing_capability');
      expect(e.details).toEqual({ missing: ['documents.upload'] });
      const ok = await limited.extract({ client_ocr: OCR });
      expect(ok.status).toBe(200);
      expect((await limited.get(`/v1/extractions/${ok.body.id}`)).status).toBe(200);
      // Without documents.extract nothing is read, nor read back.
      const uploadOnly = new ApiClient(t, createKey(s.app, s.boot.application, { scopes: ['documents.upload'] }).key);
      expect(expectError(await uploadOnly.extract({ client_ocr: OCR }), 403, 'missing_capability').details).toEqual({ missing: ['documents.extract'] });
      expect(expectError(await uploadOnly.get(`/v1/extractions/${ok.body.id}`), 403, 'missing_capability').details).toEqual({ missing: ['documents.extract'] });
    });

    it('refuses verified mode with verification_disabled where no language model is configured, sync or async, counting nothing', async () => {
      const f = fresh();
      s.app.services.accounts.updateOrganization(f.boot.tenant, { monthly_quota: 1 });
      expectError(await f.api.extract({ client_ocr: OCR, mode: 'verified' }), 403, 'verification_disabled');
      expectError(await f.api.extract({ client_ocr: OCR, mode: 'verified', async: 'true' }), 403, 'verification_disabled');
      expect(countRows(s, 'extractions', 'application_id = ?', f.boot.application)).toBe(0);
      expect(s.app.services.extractionsRepo.monthlyDocuments(`org:${f.boot.tenant}`, month())).toBe(0);
      expect((await f.api.extract({ client_ocr: OCR })).status).toBe(200);
    });

    it("refuses verified mode with verification_disabled when the data policy forbids language models", async () => {
      const f = fresh();
      s.app.services.accounts.updateApplication(f.boot.application, { data_policy: { retention: '30d', llm: 'disabled' } });
      expectError(await f.api.extract({ client_ocr: OCR, mode: 'verified' }), 403, 'verification_disabled');
      expectError(await f.api.extract({ client_ocr: OCR, mode: 'verified', async: 'true' }), 403, 'verification_disabled');
      s.app.services.accounts.updateApplication(f.boot.application, { default_mode: 'verified' });
      expectError(await f.api.extract({ client_ocr: OCR }), 403, 'verification_disabled');
      expect((await f.api.extract({ client_ocr: OCR, mode: 'fast' })).status).toBe(200);
    });

    it('refuses a type missing from the assigned list with document_type_not_assigned; one assigned type needs no default', async () => {
      const f = fresh();
      const accounts = s.app.services.accounts;
      accounts.updateApplication(f.boot.application, { document_types: ['invoice'] });
      expectError(await f.api.extract({ client_ocr: OCR, document_type: 'payment_receipt' }), 403, 'document_type_not_assigned', { param: 'document_type' });
      expectError(await f.api.extract({ client_ocr: OCR }), 403, 'document_type_not_assigned'); // the default is not assigned
      expect((await f.api.extract({ client_ocr: OCR, document_type: 'invoice' })).body.document_type).toBe('invoice');
      accounts.updateApplication(f.boot.application, { default_document_type: null });
      const only = await f.api.extract({ client_ocr: OCR });
      expect(only.status).toBe(200);
      expect(only.body.document_type).toBe('invoice');
    });

    it('refuses a request without document_type when the application has no default with document_type_required', async () => {
      const f = fresh();
      s.app.services.accounts.updateApplication(f.boot.application, { default_document_type: null });
      expectError(await f.api.extract({ client_ocr: OCR }), 400, 'document_type_required', { param: 'document_type' });
      expect((await f.api.extract({ client_ocr: OCR, document_type: 'retail_receipt' })).body.document_type).toBe('retail_receipt');
    });

    it('refuses an unknown type with document_type_not_found and an unpublished one with document_type_unpublished', async () => {
      expectError(await api.extract({ client_ocr: OCR, document_type: `${SENTINEL}_type` }), 404, 'document_type_not_found', { param: 'document_type' });
      const f = fresh();
      const created = await f.api.post('/v1/document-types', { key: 'draft_only', template: 'invoice', publish: false });
      expect(created.status).toBe(201);
      expectError(await f.api.extract({ client_ocr: OCR, document_type: 'draft_only' }), 409, 'document_type_unpublished', { param: 'document_type' });
      // Another organization's type does not exist for this one.
      expectError(await api.extract({ client_ocr: OCR, document_type: 'draft_only' }), 404, 'document_type_not_found');
      // An archived type is gone for extraction.
      expect((await f.api.post('/v1/document-types', { key: 'gone', template: 'payment_receipt' })).status).toBe(201);
      expect((await f.api.extract({ client_ocr: OCR, document_type: 'gone' })).status).toBe(200);
      expect((await f.api.post('/v1/document-types/gone/archive')).status).toBe(200);
      expectError(await f.api.extract({ client_ocr: OCR, document_type: 'gone' }), 404, 'document_type_not_found');
    });

    it('refuses a version the type lacks with version_not_found', async () => {
      expectError(await api.extract({ client_ocr: OCR, schema_version: '2' }), 404, 'version_not_found', { param: 'schema_version' });
      expect((await api.extract({ client_ocr: OCR, schema_version: '1' })).body.schema_version).toBe(1);
    });

    it('refuses a type outside a client token with document_type_not_allowed', async () => {
      const minted = await api.post('/v1/client-tokens', { document_types: ['invoice'] });
      expect(minted.status, JSON.stringify(minted.body)).toBe(201);
      expect(minted.body.token).toMatch(/^svc_ct_/);
      const client = new ApiClient(t, minted.body.token);
      expectError(await client.extract({ client_ocr: OCR }), 403, 'document_type_not_allowed', { param: 'document_type' });
      expectError(await client.extract({ client_ocr: OCR, document_type: 'payment_receipt' }), 403, 'document_type_not_allowed');
      const ok = await client.extract({ client_ocr: OCR, document_type: 'invoice' });
      expect(ok.status).toBe(200);
      expect(ok.body.document_type).toBe('invoice');
      // A token for every type reads the default.
      const all = await api.post('/v1/client-tokens', {});
      expect((await new ApiClient(t, all.body.token).extract({ client_ocr: OCR })).body.document_type).toBe('payment_receipt');
    });

    it("refuses an organization's own type to a key without schemas.execute with custom_document_types_not_allowed; template types need none", async () => {
      const f = fresh();
      expect((await f.api.post('/v1/document-types', { key: 'parking', definition: PARKING })).status).toBe(201);
      expect((await f.api.post('/v1/document-types', { key: 'my_slip', template: 'payment_receipt' })).status).toBe(201);
      const limited = new ApiClient(t, createKey(s.app, f.boot.application, { scopes: ['documents.extract', 'documents.upload'] }).key);
      expectError(await limited.extract({ client_ocr: OCR, document_type: 'parking' }), 403, 'custom_document_types_not_allowed');
      const fromTemplate = await limited.extract({ client_ocr: OCR, document_type: 'my_slip' });
      expect(fromTemplate.status).toBe(200);
      expect(fromTemplate.body).toMatchObject({ document_type: 'my_slip', schema_version: 1 });
      expect(fromTemplate.body.data.amount).toBe(12.5);
      const own = await f.api.extract({ client_ocr: OCR, document_type: 'parking' });
      expect(own.status).toBe(200);
      expect(own.body.document_type).toBe('parking');
      expect(Object.keys(own.body.data).sort()).toEqual(['fee', 'operator']);
      expect(own.body.data.fee).toBe(12.5);
    });
  });

  describe('quotas', () => {
    it("refuses past the organization's monthly quota with quota_exceeded and Retry-After to next month; a replay is not counted", async () => {
      const f = fresh();
      s.app.services.accounts.updateOrganization(f.boot.tenant, { monthly_quota: 2 });
      const key = idem('quota-replay-1');
      const first = await f.api.extract({ client_ocr: OCR }, undefined, key);
      expect(first.status).toBe(200);
      const replay = await f.api.extract({ client_ocr: OCR }, undefined, key);
      expect(replay.status).toBe(200);
      expect(replay.body.id).toBe(first.body.id);
      expect(s.app.services.extractionsRepo.monthlyDocuments(`org:${f.boot.tenant}`, month())).toBe(1);
      expect((await f.api.extract({ client_ocr: OCR })).status).toBe(200);
      const refused = await f.api.extract({ client_ocr: OCR });
      expectError(refused, 429, 'quota_exceeded');
      const retry = Number(refused.headers['retry-after']);
      expect(Number.isInteger(retry)).toBe(true);
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(31 * 86_400);
      expect(Math.abs(retry - secondsToNextMonth(new Date()))).toBeLessThanOrEqual(5);
      // The replay is still answered at the limit; refusals are not counted.
      expect((await f.api.extract({ client_ocr: OCR }, undefined, key)).body.id).toBe(first.body.id);
      expect(s.app.services.extractionsRepo.monthlyDocuments(`org:${f.boot.tenant}`, month())).toBe(2);
      expect(countRows(s, 'extractions', 'organization_id = ?', f.boot.tenant)).toBe(2);
    });

    it("refuses past a key's monthly_quota with key_quota_exceeded; other keys go on", async () => {
      const f = fresh();
      const limited = new ApiClient(t, createKey(s.app, f.boot.application, { monthly_quota: 1 }).key);
      expect((await limited.extract({ client_ocr: OCR })).status).toBe(200);
      const refused = await limited.extract({ client_ocr: OCR, async: 'true' });
      expectError(refused, 429, 'key_quota_exceeded');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await f.api.extract({ client_ocr: OCR })).status).toBe(200);
      // A client token counts against its minting key.
      s.app.services.db.prepare('UPDATE api_keys SET monthly_quota = 1 WHERE id = (SELECT id FROM api_keys WHERE application_id = ? AND kind = ? ORDER BY created_at LIMIT 1)').run(f.boot.application, 'secret');
      const token = (await f.api.post('/v1/client-tokens', {})).body.token as string;
      expectError(await new ApiClient(t, token).extract({ client_ocr: OCR }), 429, 'key_quota_exceeded');
    });
  });

  describe('idempotency', () => {
    it('answers a retry with the same key and request with the first extraction, marked Idempotent-Replayed', async () => {
      const headers = idem('retry-1');
      const before = countRows(s, 'extractions');
      const first = await api.extract({ client_ocr: OCR, metadata: '{"n":1}' }, undefined, headers);
      expect(first.status).toBe(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await api.extract({ client_ocr: OCR, metadata: '{"n":1}' }, undefined, headers);
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.id).toBe(first.body.id);
      expect(again.body.data).toEqual(first.body.data);
      expect(again.headers['x-request-id']).not.toBe(first.body.id); // a new request, the first extraction
      expect(countRows(s, 'extractions')).toBe(before + 1);
      expect(eventTypes(s, first.body.id)).toEqual(['extraction.completed']);
    });

    it('replays a queued request with 202 and the same id', async () => {
      const headers = idem('async-replay');
      const first = await api.extract({ client_ocr: OCR, async: 'true' }, undefined, headers);
      expect(first.status).toBe(202);
      await api.waitFinal(first.body.id);
      const again = await api.extract({ client_ocr: OCR, async: 'true' }, undefined, headers);
      expect(again.body.id).toBe(first.body.id);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.status).toBe('succeeded');
    });

    it('refuses the same key with a different request with 409 idempotency_key_reused', async () => {
      const key = `${SENTINEL}-${name}-reuse`;
      expect((await api.extract({ client_ocr: OCR }, undefined, { 'idempotency-key': key })).status).toBe(200);
      const before = countRows(s, 'extractions');
      const variants: Record<string, string>[] = [{ client_ocr: OCR, mode: 'fast' }, { client_ocr: OCR, metadata: JSON.stringify({ v: SENTINEL }) }, { client_ocr: OCR, document_type: 'invoice' }, { client_ocr: OCR, async: 'true' }];
      for (const fields of variants) {
        expectError(await api.extract(fields, undefined, { 'idempotency-key': key }), 409, 'idempotency_key_reused', { absent: [key] });
      }
      expect(countRows(s, 'extractions')).toBe(before);
    });

    it('keeps keys per credential, and frees a key whose request created nothing', async () => {
      const key = idem('per-credential');
      const mine = await api.extract({ client_ocr: OCR }, undefined, key);
      const other = new ApiClient(t, createKey(s.app, s.boot.application, {}).key);
      const theirs = await other.extract({ client_ocr: OCR }, undefined, key);
      expect(theirs.status).toBe(200);
      expect(theirs.body.id).not.toBe(mine.body.id);
      // A refused request (verified mode, no language model) leaves the key free for the corrected one.
      const freeKey = idem('freed-after-refusal');
      expectError(await api.extract({ client_ocr: OCR, mode: 'verified' }, undefined, freeKey), 403, 'verification_disabled');
      const corrected = await api.extract({ client_ocr: OCR }, undefined, freeKey);
      expect(corrected.status).toBe(200);
      expect(corrected.headers['idempotent-replayed']).toBeUndefined();
    });
  });
});

describe('extractions: concurrency (inject)', () => {
  let s: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    s = await startTestServer({ queue: { pollMs: 20, retryDelayMs: 0 } });
    api = new ApiClient(injectTransport(s.app), s.boot.secret_key);
  });
  afterAll(async () => s.close());

  it('creates exactly one extraction for concurrent requests with one Idempotency-Key', async () => {
    const before = countRows(s, 'extractions');
    const results = await Promise.all(Array.from({ length: 6 }, () => api.extract({ client_ocr: OCR }, undefined, { 'idempotency-key': 'concurrent-1' })));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    const ids = new Set(results.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(countRows(s, 'extractions')).toBe(before + 1);
    expect(eventTypes(s, [...ids][0])).toEqual(['extraction.completed']);
    expect(s.app.services.extractionsRepo.monthlyDocuments(`org:${s.boot.tenant}`, month())).toBe(countRows(s, 'extractions', 'organization_id = ?', s.boot.tenant));
  });

  it('creates exactly one extraction for concurrent queued requests with one key, even while the first is still being read', async () => {
    // The first read is held back so every retry arrives while it is in flight.
    const runner = s.app.services.runner;
    const real = runner.run.bind(runner);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const spy = vi.spyOn(runner, 'run').mockImplementation(async (...args) => {
      await gate;
      return real(...args);
    });
    try {
      const before = countRows(s, 'extractions');
      const pending = Array.from({ length: 4 }, () => api.extract({ client_ocr: OCR }, undefined, { 'idempotency-key': 'concurrent-sync-held' }));
      await new Promise((r) => setTimeout(r, 200));
      release();
      const results = await Promise.all(pending);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
      expect(countRows(s, 'extractions')).toBe(before + 1);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    const queued = await Promise.all(Array.from({ length: 4 }, () => api.extract({ client_ocr: OCR, async: 'true' }, undefined, { 'idempotency-key': 'concurrent-async' })));
    expect(new Set(queued.map((r) => r.body.id)).size).toBe(1);
    expect(countRows(s, 'jobs', 'extraction_id = ?', queued[0].body.id) + countRows(s, 'extractions', "id = ? AND status IN ('succeeded', 'failed')", queued[0].body.id)).toBe(1);
  });

  it('answers concurrent different requests with one key: one extraction, the others 409', async () => {
    const results = await Promise.all([
      api.extract({ client_ocr: OCR, mode: 'fast' }, undefined, { 'idempotency-key': 'concurrent-diff' }),
      api.extract({ client_ocr: OCR, mode: 'standard' }, undefined, { 'idempotency-key': 'concurrent-diff' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expectError(results.find((r) => r.status === 409)!, 409, 'idempotency_key_reused');
  });

  it('lets exactly one of several concurrent requests take the last unit of quota', async () => {
    const boot = s.bootAnother();
    s.app.services.accounts.updateOrganization(boot.tenant, { monthly_quota: 1 });
    const other = new ApiClient(injectTransport(s.app), boot.secret_key);
    const results = await Promise.all(Array.from({ length: 4 }, () => other.extract({ client_ocr: OCR })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429]);
    expect(countRows(s, 'extractions', 'organization_id = ?', boot.tenant)).toBe(1);
  });
});

describe('extractions: large inputs are queued (inject, queue not running)', () => {
  let s: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    s = await startTestServer({ background: false });
    api = new ApiClient(injectTransport(s.app), s.boot.secret_key);
  });
  afterAll(async () => s.close());

  it('queues a PDF of more than 3 pages with 202 and warning processed_async', async () => {
    const res = await api.extract({}, { bytes: textPdf(4), type: 'application/pdf' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.warnings).toContainEqual(expect.objectContaining({ code: 'processed_async' }));
    expect(res.headers.location).toBe(`/v1/extractions/${res.body.id}`);
    expect(countRows(s, 'jobs', 'extraction_id = ?', res.body.id)).toBe(1);
  });

  it('queues a file over 10 MB with 202 and warning processed_async', async () => {
    const big = new Uint8Array(10_000_001);
    big.set(Buffer.from('%PDF-1.4\n'));
    const res = await api.extract({}, { bytes: big });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.warnings).toContainEqual(expect.objectContaining({ code: 'processed_async' }));
    const record = s.app.services.extractionsRepo.extraction(res.body.id)!;
    expect(record.status).toBe('queued');
    expect(record.document_path).not.toBeNull();
  });
});

describe('extractions: synchronous time limit (inject)', () => {
  let s: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    s = await startTestServer({ syncTimeoutMs: 1 });
    api = new ApiClient(injectTransport(s.app), s.boot.secret_key);
  });
  afterAll(async () => s.close());

  it('answers 504 processing_timeout, creates nothing, counts nothing and sends no event', async () => {
    const key = { 'idempotency-key': 'timeout-then-retry' };
    const res = await api.extract({}, { bytes: SAMPLE_RECEIPT_PNG, type: 'image/png' }, key);
    expectError(res, 504, 'processing_timeout');
    expect(countRows(s, 'extractions')).toBe(0);
    expect(countRows(s, 'events')).toBe(0);
    expect(s.app.services.extractionsRepo.monthlyDocuments(`org:${s.boot.tenant}`, month())).toBe(0);
    // The advice is to resend with async=true; the key is free for it.
    const queued = await api.extract({ async: 'true' }, { bytes: SAMPLE_RECEIPT_PNG, type: 'image/png' }, key);
    expect(queued.status).toBe(202);
  });
});

describe('extractions: verified mode with a language model configured (inject)', () => {
  let chat: ChatServer;
  let s: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    chat = await startChatServer();
    chat.reply = () => ({ content: '{}' });
    s = await startTestServer({ queue: { pollMs: 20, retryDelayMs: 0 }, env: { DOCEX_LLM_BASE_URL: chat.baseUrl, DOCEX_LLM_MODEL: 'test-model' } });
    api = new ApiClient(injectTransport(s.app), s.boot.secret_key);
  });
  afterAll(async () => {
    await s.close();
    await chat.close();
  });

  it('reads in verified mode, sync and queued', async () => {
    const sync = await api.extract({ client_ocr: OCR, mode: 'verified' });
    expect(sync.status, JSON.stringify(sync.body)).toBe(200);
    expect(sync.body.mode).toBe('verified');
    const queued = await api.extract({ client_ocr: OCR, mode: 'verified', async: 'true' });
    expect(queued.status).toBe(202);
    const done = await api.waitFinal(queued.body.id);
    expect(done.body).toMatchObject({ status: 'succeeded', mode: 'verified' });
    expect(chat.requests.length).toBeGreaterThan(0);
  });

  it('refuses verified mode to a key without documents.verify with missing_capability', async () => {
    const key = createKey(s.app, s.boot.application, { scopes: ['documents.extract', 'documents.upload'] }).key;
    const e = expectError(await new ApiClient(injectTransport(s.app), key).extract({ client_ocr: OCR, mode: 'verified' }), 403, 'missing_capability');
    expect(e.details).toEqual({ missing: ['documents.verify'] });
  });

  it('refuses verified mode with verification_disabled under a data policy without language models, sync and queued', async () => {
    const boot = s.bootAnother();
    s.app.services.accounts.updateApplication(boot.application, { data_policy: { retention: '30d', llm: 'disabled' } });
    const other = new ApiClient(injectTransport(s.app), boot.secret_key);
    const sent = chat.requests.length;
    expectError(await other.extract({ client_ocr: OCR, mode: 'verified' }), 403, 'verification_disabled');
    expectError(await other.extract({ client_ocr: OCR, mode: 'verified', async: 'true' }), 403, 'verification_disabled');
    expect(chat.requests.length).toBe(sent);
    expect(countRows(s, 'extractions', 'application_id = ?', boot.application)).toBe(0);
  });
});
