// The console's extraction list: newest first, each filter (status, document type, review
// required, livemode, time range), paging by cursor, bad filter values answered with
// invalid_parameters naming the parameter, and only the application's own extractions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ConsoleClient } from '../support/console-client.js';
import { multipart, SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';

let s: TestServer;
let owner: ConsoleClient;
let base: string;

interface Made {
  id: string;
  status: string;
  created_at: string;
  document_type: string;
  review?: { required: boolean };
}
const made: Made[] = [];

const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; param?: string } }).error;

async function extract(fields: Record<string, string>, key = s.boot.secret_key, file?: { bytes: Uint8Array }): Promise<Made> {
  const form = multipart(fields, file);
  // Apart in time, so that the order by time is the order made.
  await new Promise((r) => setTimeout(r, 3));
  const res = await s.app.inject({ method: 'POST', url: '/v1/extractions', headers: { ...form.headers, authorization: `Bearer ${key}` }, payload: form.payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as Made;
}

/** GETs until the queued extraction is final. */
async function settle(id: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const status = s.app.services.extractionsRepo.extraction(id)!.status;
    if (status === 'succeeded' || status === 'failed') return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${id} not final`);
}

const slip = JSON.stringify(SLIP_CLIENT_OCR);
// No amount printed: the required total is missing, so the result asks for review.
const noTotal = JSON.stringify({ width: 1000, height: 1000, lines: [{ text: 'ACME COFFEE', bounding_box: { x: 0.1, y: 0.1, width: 0.5, height: 0.03 } }] });

beforeAll(async () => {
  s = await startTestServer({ queue: { pollMs: 20, retryDelayMs: 0 } });
  owner = await signIn(s.app, s.boot.console.email, s.boot.console.password);
  base = `/console/api/organizations/${s.boot.tenant}/applications/${s.boot.application}`;
  made.push(await extract({ client_ocr: slip }));
  made.push(await extract({ client_ocr: noTotal }));
  made.push(await extract({ client_ocr: slip, document_type: 'retail_receipt' }));
  // A queued document that cannot be read: failed, with its code.
  const failed = await extract({ async: 'true' }, s.boot.secret_key, { bytes: Buffer.from('not a document at all, only text') });
  await settle(failed.id);
  made.push(failed);
  made.push(await extract({ client_ocr: slip }));
  // Another organization's extraction never shows.
  await extract({ client_ocr: slip }, s.bootAnother().secret_key);
});
afterAll(async () => s?.close());

const list = async (query = '') => {
  const res = await owner.get(`${base}/extractions${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Record<string, unknown>[]; next_cursor: string | null };
};

describe('the extraction list', () => {
  it('lists the application\'s extractions newest first, with their metadata and no content', async () => {
    const body = await list();
    expect(body.data.map((e) => e.id)).toEqual(made.map((m) => m.id).reverse());
    expect(body.next_cursor).toBeNull();
    const first = body.data.find((e) => e.id === made[0].id)!;
    expect(first).toEqual({
      id: made[0].id,
      status: 'succeeded',
      document_type: 'payment_receipt',
      schema_version: 1,
      mode: 'standard',
      created_at: made[0].created_at,
      completed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      review_required: made[0].review!.required,
      corrected: false,
      pages: 1,
      livemode: false,
      error_code: null,
    });
    const failed = body.data.find((e) => e.id === made[3].id)!;
    expect(failed).toMatchObject({ status: 'failed', error_code: 'unsupported_media_type', review_required: null, pages: null });
  });

  it('filters by status, document type, review required and livemode', async () => {
    expect((await list('?status=failed')).data.map((e) => e.id)).toEqual([made[3].id]);
    expect((await list('?status=succeeded')).data).toHaveLength(4);
    expect((await list('?status=queued')).data).toEqual([]);
    expect((await list('?document_type=retail_receipt')).data.map((e) => e.id)).toEqual([made[2].id]);
    expect(made[1].review!.required).toBe(true);
    const review = (await list('?review_required=true')).data.map((e) => e.id);
    expect(review).toContain(made[1].id);
    const clear = (await list('?review_required=false')).data.map((e) => e.id);
    for (const m of [made[0], made[1], made[2], made[4]]) expect(m.review!.required ? review : clear).toContain(m.id);
    expect([...review, ...clear]).not.toContain(made[3].id); // a failure has no review verdict
    expect((await list('?livemode=true')).data).toEqual([]);
    expect((await list('?livemode=false&status=succeeded&document_type=payment_receipt')).data).toHaveLength(3);
  });

  it('filters by time: from inclusive, to exclusive, a day alone as to includes that day', async () => {
    const from = made[2].created_at;
    const ids = (await list(`?from=${encodeURIComponent(from)}`)).data.map((e) => e.id);
    expect(ids).toEqual([made[4].id, made[3].id, made[2].id]);
    const before = (await list(`?to=${encodeURIComponent(from)}`)).data.map((e) => e.id);
    expect(before).toEqual([made[1].id, made[0].id]);
    const today = made[0].created_at.slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).data).toHaveLength(made.length);
    expect((await list('?to=2000-01-01')).data).toEqual([]);
  });

  it('pages with limit and next_cursor, without gaps or repeats', async () => {
    const seen: unknown[] = [];
    let query = '?limit=2';
    for (let i = 0; i < 10; i++) {
      const page = await list(query);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((e) => e.id));
      if (!page.next_cursor) break;
      query = `?limit=2&cursor=${page.next_cursor}`;
    }
    expect(seen).toEqual(made.map((m) => m.id).reverse());
    const filtered = await list('?limit=1&status=succeeded');
    expect(filtered.data[0].id).toBe(made[4].id);
    const next = await list(`?limit=1&status=succeeded&cursor=${filtered.next_cursor}`);
    expect(next.data[0].id).toBe(made[2].id);
  });

  it('answers invalid_parameters naming the parameter for a bad filter value', async () => {
    for (const [query, param] of [
      ['status=done', 'status'],
      ['status=queued&status=failed', 'status'],
      ['review_required=yes', 'review_required'],
      ['livemode=1', 'livemode'],
      ['from=yesterday', 'from'],
      ['to=2025-13-45', 'to'],
      ['from=2025-03-14T25:00', 'from'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
      ['document_type=' + 'x'.repeat(65), 'document_type'],
    ] as const) {
      const res = await owner.get(`${base}/extractions?${query}`);
      expect([query, res.statusCode, errorOf(res).code, errorOf(res).param]).toEqual([query, 400, 'invalid_parameters', param]);
    }
  });

  it('answers application_not_found for another organization\'s application, tenant_not_found for its organization, sign_in_required without a session', async () => {
    const other = s.bootAnother();
    const app = await owner.get(`/console/api/organizations/${s.boot.tenant}/applications/${other.application}/extractions`);
    expect([app.statusCode, errorOf(app).code]).toEqual([404, 'application_not_found']);
    const org = await owner.get(`/console/api/organizations/${other.tenant}/applications/${other.application}/extractions`);
    expect([org.statusCode, errorOf(org).code]).toEqual([404, 'tenant_not_found']);
    const anonymous = await s.app.inject({ method: 'GET', url: `${base}/extractions` });
    expect([anonymous.statusCode, errorOf(anonymous).code]).toEqual([401, 'sign_in_required']);
  });
});
