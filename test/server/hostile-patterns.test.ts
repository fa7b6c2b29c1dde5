// A document type's field pattern comes from a user: checking a value against it must never hold
// the event loop (issue 35, item 1). `^(a|a)*b$` against 31 `a` backtracks for minutes in RegExp;
// the engine runs user patterns in linear time (engine/src/doctypes/user-pattern.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const HOSTILE = '^(a|a)*b$';
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const json = (key: string) => ({ ...bearer(key), 'content-type': 'application/json' });

describe('user patterns against hostile values', () => {
  it('checks a correction against an ambiguous pattern while another tenant is answered within 100 ms', async () => {
    const definition = { name: 'Coded slip', fields: { amount: { type: 'money', aliases: ['Total'] }, code: { type: 'string', pattern: HOSTILE, aliases: ['AUTH CODE'] } } };
    const created = await s.app.inject({ method: 'POST', url: '/v1/document-types', headers: json(s.boot.secret_key), payload: JSON.stringify({ key: 'coded_slip', definition }) });
    expect(created.statusCode).toBe(201);

    const form = multipart({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR), document_type: 'coded_slip' });
    const extraction = await s.app.inject({ method: 'POST', url: '/v1/extractions', headers: { ...bearer(s.boot.secret_key), ...form.headers }, payload: form.payload });
    expect(extraction.statusCode).toBe(200);
    // The code read from the slip (123456) does not match the pattern: sent to review, not stalled.
    expect(extraction.json().fields.code.checks).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'pattern', status: 'failed' })]));

    const other = s.bootAnother();
    // Its key is looked up once first: the first use of a key costs its hash check, not the point here.
    expect((await s.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(other.secret_key) })).statusCode).toBe(200);
    const started = performance.now();
    let settled = false;
    const correction = s.app
      .inject({
        method: 'POST',
        url: `/v1/extractions/${extraction.json().id}/corrections`,
        headers: json(s.boot.secret_key),
        payload: JSON.stringify({ field: 'code', value: 'a'.repeat(31) }),
      })
      .finally(() => (settled = true));
    // Another organization asks every 5 ms while the correction is checked. A request's wait counts
    // from when it was due, so a check holding the event loop shows as a late timer, not only a slow answer.
    const waits: number[] = [];
    do {
      const due = performance.now() + 5;
      await new Promise((r) => setTimeout(r, 5));
      const me = await s.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(other.secret_key) });
      expect(me.statusCode).toBe(200);
      waits.push(performance.now() - due);
    } while (!settled && performance.now() - started < 5000);
    expect(Math.max(...waits)).toBeLessThan(100);
    // The value fails the pattern: refused with the catalogue's code, quickly.
    const refused = await correction;
    expect({ status: refused.statusCode, code: refused.json().error?.code }).toEqual({ status: 400, code: 'invalid_correction' });
    expect(performance.now() - started).toBeLessThan(2000);
    // A value the pattern takes is a correction like any other.
    const ok = await s.app.inject({ method: 'POST', url: `/v1/extractions/${extraction.json().id}/corrections`, headers: json(s.boot.secret_key), payload: JSON.stringify({ field: 'code', value: 'aab' }) });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses patterns a linear-time matcher cannot run, and nested quantifiers, with invalid_definition', async () => {
    for (const pattern of ['^(?=a)a$', '^(a)\\1$', '^(a+)+$']) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/v1/document-types',
        headers: json(s.boot.secret_key),
        payload: JSON.stringify({ key: 'bad_pattern', definition: { name: 'Bad', fields: { code: { type: 'string', pattern } } } }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_definition');
      expect(res.json().error.details.problems).toEqual([expect.objectContaining({ path: 'fields.code.pattern' })]);
    }
  });
});
