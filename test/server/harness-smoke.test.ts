import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';

describe('server harness', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s.close());

  it('extracts client_ocr lines and reads the result back', async () => {
    const form = multipart({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR) });
    const created = await s.app.inject({ method: 'POST', url: '/v1/extractions', headers: { ...form.headers, authorization: `Bearer ${s.boot.secret_key}` }, payload: form.payload });
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body.data.amount).toBe(12.5);
    expect(created.headers['x-request-id']).toBe(body.id);
    const read = await s.app.inject({ method: 'GET', url: `/v1/extractions/${body.id}`, headers: { authorization: `Bearer ${s.boot.secret_key}` } });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(body.data);
  });
});
