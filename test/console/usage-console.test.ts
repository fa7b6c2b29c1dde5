// Console API: usage by UTC day from the request log, for the organization or one application:
// one entry a day with zero days filled in, latency percentiles per day, totals, the month's
// documents against the quota, and the refusals (days out of range, another organization's
// application, no session).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../server/src/auth/capabilities.js';
import { hashPasswordSync } from '../../server/src/console/password.js';
import type { Application } from '../../server/src/db/repos/accounts.js';
import { MembersRepo } from '../../server/src/db/repos/members.js';
import type { RequestLogEntry } from '../../server/src/db/repos/request-log.js';
import { signIn, type ConsoleClient } from '../support/console-client.js';
import { multipart, SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';

let s: TestServer;
let owner: ConsoleClient;
let viewer: ConsoleClient;
let second: Application;
let third: Application;
const DAY = 86_400_000;

/** The UTC date `n` days before today, and an instant in it. */
const dayBefore = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const at = (n: number, time = '12:00:00.000') => `${dayBefore(n)}T${time}Z`;

const row = (application_id: string, created_at: string, duration_ms: number, extra: Partial<RequestLogEntry> = {}): RequestLogEntry => ({
  application_id,
  key_id: null,
  method: 'GET',
  route: '/v1/me',
  status: 200,
  code: null,
  duration_ms,
  documents: 0,
  pages: 0,
  sdk: null,
  created_at,
  ...extra,
});

beforeAll(async () => {
  s = await startTestServer();
  owner = await signIn(s.app, s.boot.console.email, s.boot.console.password);
  const members = new MembersRepo(s.app.services.db);
  const user = members.ensureUser('viewer@usage.example', hashPasswordSync('a long enough password'));
  members.addMember(s.boot.tenant, user.id, 'viewer@usage.example', 'viewer');
  viewer = await signIn(s.app, 'viewer@usage.example', 'a long enough password');
  second = s.app.services.accounts.createApplication({ organizationId: s.boot.tenant, name: 'second', environment: 'test', capabilities: CAPABILITIES });
  third = s.app.services.accounts.createApplication({ organizationId: s.boot.tenant, name: 'third', environment: 'test', capabilities: CAPABILITIES });
  const other = s.bootAnother();
  const log = s.app.services.requestLog;
  const dev = s.boot.application;
  // Two days ago: 20 requests of the development application taking 1 to 20 ms, two of them errors, 3 documents of 5 pages.
  for (let i = 1; i <= 20; i++) log.record(row(dev, at(2, `10:00:${String(i).padStart(2, '0')}.000`), 21 - i, i <= 2 ? { status: i === 1 ? 400 : 500, code: 'x' } : i <= 5 ? { documents: 1, pages: i === 3 ? 3 : 1 } : {}));
  // Yesterday: one request of the second application, at the first and last instant of the UTC day.
  log.record(row(second.id, at(1, '00:00:00.000'), 5));
  log.record(row(second.id, at(1, '23:59:59.999'), 7.26, { status: 429 }));
  // Three days ago: 100 requests of the third application taking 100 down to 1 ms.
  for (let i = 0; i < 100; i++) log.record(row(third.id, at(3), 100 - i));
  // Five days ago: only another organization's request, never counted here; 100 days ago: outside any window.
  log.record(row(other.application, at(5), 1000));
  log.record(row(dev, at(100), 1000));
  // Today: real requests through the API, an extraction among them.
  const me = await s.app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${s.boot.secret_key}` } });
  expect(me.statusCode).toBe(200);
  const form = multipart({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR) });
  const extraction = await s.app.inject({ method: 'POST', url: '/v1/extractions', headers: { authorization: `Bearer ${s.boot.secret_key}`, ...form.headers }, payload: form.payload });
  expect(extraction.statusCode).toBe(200);
});
afterAll(async () => s?.close());

const usage = (query = '', c: ConsoleClient = owner, org = s.boot.tenant) => c.get(`/console/api/organizations/${org}/usage${query}`);
const err = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, code: (res.json() as { error?: { code: string } }).error?.code });

describe('usage', () => {
  it('answers 30 UTC days by default, oldest first, today included, days without requests as zeros', async () => {
    const res = await usage('', viewer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toBe(30);
    expect(body.application).toBeNull();
    expect(body.series).toHaveLength(30);
    expect(body.series.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => dayBefore(29 - i)));
    expect(body.from).toBe(`${dayBefore(29)}T00:00:00.000Z`);
    expect(Math.abs(Date.parse(body.to) - Date.now())).toBeLessThan(10_000);
    expect(body.series.find((d: { date: string }) => d.date === dayBefore(5))).toEqual({
      date: dayBefore(5),
      requests: 0,
      documents: 0,
      pages: 0,
      errors: 0,
      error_rate: 0,
      latency_p50_ms: null,
      latency_p95_ms: null,
    });
  });

  it("adds up each day of the organization's applications with its error rate and latency percentiles", async () => {
    const { series } = (await usage('?days=7')).json();
    expect(series).toHaveLength(7);
    const day = (n: number) => series.find((d: { date: string }) => d.date === dayBefore(n));
    // Durations 1..20 ms: p50 is the 11th smallest, p95 the 20th (nearest rank, as /v1/usage).
    expect(day(2)).toEqual({ date: dayBefore(2), requests: 20, documents: 3, pages: 5, errors: 2, error_rate: 0.1, latency_p50_ms: 11, latency_p95_ms: 20 });
    // Both ends of the UTC day fall in it; latencies are rounded to a tenth of a millisecond.
    expect(day(1)).toEqual({ date: dayBefore(1), requests: 2, documents: 0, pages: 0, errors: 1, error_rate: 0.5, latency_p50_ms: 7.3, latency_p95_ms: 7.3 });
    // Today's two real requests, one of them an accepted document.
    expect(day(0)).toMatchObject({ date: dayBefore(0), requests: 2, documents: 1, errors: 0 });
  });

  it('answers the totals over the window and the month against the quota', async () => {
    s.app.services.accounts.updateOrganization(s.boot.tenant, { monthly_quota: 1000 });
    const body = (await usage('?days=3')).json();
    expect(body.totals).toMatchObject({ requests: 24, documents: 4, errors: 3, error_rate: 0.125 });
    expect(body.totals.latency_p50_ms).toBeGreaterThan(0);
    expect(body.totals.latency_p95_ms).toBeGreaterThanOrEqual(body.totals.latency_p50_ms);
    expect(body.month).toEqual({ documents: 1, quota: 1000 });
    s.app.services.accounts.updateOrganization(s.boot.tenant, { monthly_quota: null });
    expect((await usage('?days=3')).json().month).toEqual({ documents: 1, quota: null });
  });

  it('narrows to one application of the organization', async () => {
    const body = (await usage(`?days=7&application=${second.id}`)).json();
    expect(body.application).toBe(second.id);
    expect(body.totals).toMatchObject({ requests: 2, errors: 1, latency_p50_ms: 7.3, latency_p95_ms: 7.3 });
    expect(body.series.filter((d: { requests: number }) => d.requests > 0).map((d: { date: string }) => d.date)).toEqual([dayBefore(1)]);
    expect((await usage(`?days=7&application=${s.boot.application}`)).json().totals.requests).toBe(22);
    // Over the window too, nearest rank: of 1..100 ms the 51st and the 96th.
    expect((await usage(`?days=7&application=${third.id}`)).json().totals).toEqual({
      requests: 100,
      documents: 0,
      pages: 0,
      errors: 0,
      error_rate: 0,
      latency_p50_ms: 51,
      latency_p95_ms: 96,
    });
  });

  it('answers one day for days=1 and 90 for days=90; nothing outside the window', async () => {
    const one = (await usage('?days=1')).json();
    expect(one.series.map((d: { date: string }) => d.date)).toEqual([dayBefore(0)]);
    expect(one.totals.requests).toBe(2);
    const all = (await usage('?days=90')).json();
    expect(all.series).toHaveLength(90);
    expect(all.totals.requests).toBe(124);
  });

  it('refuses days outside 1 to 90 with invalid_parameters', async () => {
    for (const days of ['0', '91', '-1', '1.5', 'abc', '', '1000']) {
      const res = await usage(`?days=${days}`);
      expect(err(res), days).toEqual({ status: 400, code: 'invalid_parameters' });
      expect(res.json().error.param).toBe('days');
    }
    expect(err(await usage('?days=1&days=2'))).toEqual({ status: 400, code: 'invalid_parameters' });
  });

  it("refuses another organization's application or an unknown one with application_not_found, another organization with tenant_not_found", async () => {
    const other = s.bootAnother();
    expect(err(await usage(`?application=${other.application}`))).toEqual({ status: 404, code: 'application_not_found' });
    expect(err(await usage('?application=app_nope'))).toEqual({ status: 404, code: 'application_not_found' });
    expect(err(await usage('', owner, other.tenant))).toEqual({ status: 404, code: 'tenant_not_found' });
    expect(err(await s.app.inject({ method: 'GET', url: `/console/api/organizations/${s.boot.tenant}/usage` }))).toEqual({ status: 401, code: 'sign_in_required' });
  });
});
