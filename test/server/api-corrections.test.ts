// POST /v1/extractions/{id}/corrections, the API extension for clients that review results
// themselves (the desktop app): what a later read answers, resends recorded once, who corrected,
// client tokens, and every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/console-client.js';
import { multipart, SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const code = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, code: (res.json() as { error?: { code: string } }).error?.code });

async function extract(key: string): Promise<string> {
  const form = multipart({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR), document_type: 'payment_receipt' });
  const res = await s.app.inject({ method: 'POST', url: '/v1/extractions', headers: { ...bearer(key), ...form.headers }, payload: form.payload });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}

const correct = (key: string, id: string, body: unknown) =>
  s.app.inject({ method: 'POST', url: `/v1/extractions/${id}/corrections`, headers: { ...bearer(key), 'content-type': 'application/json' }, payload: JSON.stringify(body) });

describe('POST /v1/extractions/{id}/corrections', () => {
  it('changes what later reads answer, and records who corrected it', async () => {
    const id = await extract(s.boot.secret_key);
    const before = (await s.app.inject({ method: 'GET', url: `/v1/extractions/${id}`, headers: bearer(s.boot.secret_key) })).json();
    expect(before.fields.amount.value).toBe(12.5);
    const res = await correct(s.boot.secret_key, id, { field: 'amount', value: 13.25, corrected_by: 'Counter 3' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ object: 'correction', extraction: id, field: 'amount', previous_value: 12.5, value: 13.25, corrected_by: 'Counter 3', field_result: { value: 13.25, status: 'corrected', confidence: 1 } });
    expect(res.json().id).toMatch(/^cor_/);
    const after = (await s.app.inject({ method: 'GET', url: `/v1/extractions/${id}`, headers: bearer(s.boot.secret_key) })).json();
    expect(after.fields.amount).toMatchObject({ value: 13.25, status: 'corrected' });
    expect(after.data.amount).toBe(13.25);
    // The console's review shows it with the name the client gave.
    const owner = await signIn(s.app, s.boot.console.email, s.boot.console.password);
    const review = (await owner.get(`/console/api/organizations/${s.boot.tenant}/applications/${s.boot.application}/extractions/${id}`)).json();
    expect(review.corrections).toEqual([expect.objectContaining({ field: 'amount', value: 13.25, by: 'Counter 3' })]);
  });

  it('records a resent correction once: the same value again answers 200 with the first correction', async () => {
    const id = await extract(s.boot.secret_key);
    const first = await correct(s.boot.secret_key, id, { field: 'auth_code', value: '654321' });
    expect(first.statusCode).toBe(201);
    expect(first.json().corrected_by).toMatch(/^key \.\.\./);
    const again = await correct(s.boot.secret_key, id, { field: 'auth_code', value: '654321' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(s.app.services.db.prepare('SELECT COUNT(*) FROM corrections WHERE extraction_id = ?').pluck().get(id)).toBe(1);
    // A different value is a new correction.
    expect((await correct(s.boot.secret_key, id, { field: 'auth_code', value: '111111' })).statusCode).toBe(201);
    expect(s.app.services.db.prepare('SELECT COUNT(*) FROM corrections WHERE extraction_id = ?').pluck().get(id)).toBe(2);
  });

  it('takes a client session token of a publishable key, as the desktop app uses', async () => {
    const session = await s.app.inject({ method: 'POST', url: '/v1/client-sessions', headers: { ...bearer(s.boot.publishable_key), 'content-type': 'application/json' }, payload: '{}' });
    expect(session.statusCode).toBe(201);
    const token = session.json().token as string;
    const id = await extract(token);
    const res = await correct(token, id, { field: 'amount', value: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json().corrected_by).toMatch(/^client token of key \.\.\./);
  });

  it('refuses what it cannot do, with the catalogue codes', async () => {
    const id = await extract(s.boot.secret_key);
    expect(code(await correct(s.boot.secret_key, id, { field: 'no_such_field', value: 1 }))).toEqual({ status: 404, code: 'field_not_found' });
    expect(code(await correct(s.boot.secret_key, id, { field: 'amount', value: 'twelve' }))).toEqual({ status: 400, code: 'invalid_correction' });
    expect(code(await correct(s.boot.secret_key, id, { field: 'amount' }))).toEqual({ status: 400, code: 'invalid_parameters' });
    expect(code(await correct(s.boot.secret_key, id, { field: 'amount', value: 1, extra: true }))).toEqual({ status: 400, code: 'invalid_parameters' });
    expect(code(await correct(s.boot.secret_key, 'svc_req_nope', { field: 'amount', value: 1 }))).toEqual({ status: 404, code: 'extraction_not_found' });
    // Another organization's extraction is not found, as GET answers.
    const other = s.bootAnother();
    expect(code(await correct(other.secret_key, id, { field: 'amount', value: 1 }))).toEqual({ status: 404, code: 'extraction_not_found' });
    // A publishable key itself is not a credential for it; a token without documents.extract lacks the capability.
    expect(code(await correct(s.boot.publishable_key, id, { field: 'amount', value: 1 }))).toEqual({ status: 403, code: 'publishable_key_not_allowed' });
    const minted = await s.app.inject({ method: 'POST', url: '/v1/client-tokens', headers: { ...bearer(s.boot.secret_key), 'content-type': 'application/json' }, payload: JSON.stringify({ scopes: ['documents.upload'] }) });
    expect(minted.statusCode).toBe(201);
    expect(code(await correct(minted.json().token, id, { field: 'amount', value: 1 }))).toEqual({ status: 403, code: 'missing_capability' });
    // Nothing was recorded by the refusals.
    expect(s.app.services.db.prepare('SELECT COUNT(*) FROM corrections WHERE extraction_id = ?').pluck().get(id)).toBe(0);
  });
});
