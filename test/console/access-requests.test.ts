// Access requests: the console's public form (its codes, one pending request per address, the
// origin check, a per-IP limit, open and closed), and the operator's decisions in the CLI
// (`npm run --silent cli -- access-requests ...`, real processes on the server's data directory):
// approval makes the organization and its owner, who then signs in with the password of the request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../server/src/auth/capabilities.js';
import { signIn } from '../support/console-client.js';
import { runCli, type CliRun } from '../support/run-cli.js';
import { startTestServer, type TestServer } from '../support/server-harness.js';

const TIMEOUT = { timeout: 120_000 };
/** The CLI must not pick up a setting of the environment the tests run in. */
const CLEAN = { DATA_DIR: undefined, DOCEX_ORG_MONTHLY_QUOTA: undefined, DOCEX_ORG_MAX_APPLICATIONS: undefined, DOCEX_ORG_MAX_DOCUMENT_TYPES: undefined };
const PASSWORD = 'correct horse battery';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

let counter = 0;
/** Each form from its own address, so the per-IP limit is not what is tested (except where it is). */
const form = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = `10.0.0.${++counter}`) =>
  s.app.inject({ method: 'POST', url: '/console/api/access-requests', payload: payload as Record<string, unknown>, headers, remoteAddress });
const valid = (over: Record<string, unknown> = {}) => ({ email: `person-${++counter}@example.com`, password: PASSWORD, organization: 'Acme Receipts', use_case: 'Expense receipts from our field staff', ...over });

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect((res.json() as { error: { code: string } }).error.code).toBe(code);
}

/** `cli access-requests SUB --data-dir DIR ... --json`. */
const cli = (sub: string, args: string[] = [], env: Record<string, string | undefined> = {}) => runCli(['access-requests', sub, '--data-dir', s.dataDir, ...args, '--json'], { ...CLEAN, ...env });
const json = (run: CliRun) => {
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}):\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
};

describe('the public form', () => {
  it('accepts a request without a session: 201 {id, status pending, created_at}; the password is kept only as a scrypt hash', async () => {
    const body = valid({ email: '  New.Person@Example.COM ' });
    const res = await form(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.stringMatching(/^acr_/), status: 'pending', created_at: expect.any(String) });
    const row = s.app.services.db.prepare('SELECT email, password_hash, organization_name, use_case, status FROM access_requests WHERE id = ?').get(res.json().id) as Record<string, string>;
    expect(row).toMatchObject({ email: 'new.person@example.com', organization_name: 'Acme Receipts', use_case: 'Expense receipts from our field staff', status: 'pending' });
    expect(row.password_hash).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('answers invalid_email, organization_required, use_case_required and weak_password', async () => {
    for (const email of [undefined, '', 'nobody', 'a@b', 'x y@example.com']) expectError(await form(valid({ email })), 400, 'invalid_email');
    for (const organization of [undefined, '', '   ', 5]) expectError(await form(valid({ organization })), 400, 'organization_required');
    for (const use_case of [undefined, '', '  ', []]) expectError(await form(valid({ use_case })), 400, 'use_case_required');
    for (const password of [undefined, '', 'nine char', 'x'.repeat(201), 1234567890123]) expectError(await form(valid({ password })), 400, 'weak_password');
    expect((await form(valid({ password: 'x'.repeat(10) }))).statusCode).toBe(201);
    expect((await form(valid({ password: 'x'.repeat(200) }))).statusCode).toBe(201);
    // Over-long text is a parameter error, named.
    const longName = await form(valid({ organization: 'o'.repeat(201) }));
    expectError(longName, 400, 'invalid_parameters');
    expect(longName.json().error.param).toBe('organization');
    const longUse = await form(valid({ use_case: 'u'.repeat(2001) }));
    expectError(longUse, 400, 'invalid_parameters');
    expect(longUse.json().error.param).toBe('use_case');
    // Nothing was stored by a refused form.
    expect(s.app.services.db.prepare("SELECT COUNT(*) FROM access_requests WHERE organization_name LIKE 'ooo%'").pluck().get()).toBe(0);
  });

  it('answers request_pending while the address has a request awaiting review', async () => {
    const body = valid();
    expect((await form(body)).statusCode).toBe(201);
    expectError(await form({ ...body, email: body.email.toUpperCase(), organization: 'Another' }), 409, 'request_pending');
  });

  it('refuses a form sent from another origin (csrf_token_invalid) and takes one from its own', async () => {
    expectError(await form(valid(), { origin: 'https://evil.example' }), 403, 'csrf_token_invalid');
    expect((await form(valid(), { origin: 'http://localhost:80' })).statusCode).toBe(201);
  });

  it('takes 10 requests an hour from one address, then rate_limited with Retry-After', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i++) expect((await form(valid({ email: 'bad' }), {}, ip)).statusCode).toBe(400);
    const res = await form(valid(), {}, ip);
    expectError(res, 429, 'rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await form(valid(), {}, '10.9.9.10')).statusCode).toBe(201);
  });

  it('answers access_requests_closed while the server setting says closed', async () => {
    s.app.services.accounts.putSetting('access_requests', 'closed');
    try {
      expectError(await form(valid()), 403, 'access_requests_closed');
    } finally {
      s.app.services.accounts.putSetting('access_requests', 'open');
    }
    expect((await form(valid())).statusCode).toBe(201);
  });
});

describe('the operator CLI', () => {
  it(
    'lists requests (never a password), approves one: the organization with every capability and the default limits, its owner signs in with the password of the request',
    TIMEOUT,
    async () => {
      const body = valid({ organization: 'Approved Co' });
      const id = (await form(body)).json().id as string;
      const listed = await cli('list', ['--status', 'pending']);
      expect(listed.code, listed.stderr).toBe(0);
      const entry = json(listed).data.find((r: { id: string }) => r.id === id);
      expect(entry).toEqual({ id, email: body.email, organization: 'Approved Co', use_case: body.use_case, status: 'pending', organization_id: null, decided_by: null, decided_at: null, created_at: expect.any(String) });
      expect(listed.stdout).not.toContain('scrypt');

      const approved = await cli('approve', ['--request', id], { DOCEX_ORG_MAX_APPLICATIONS: '7', DOCEX_ORG_MONTHLY_QUOTA: '1000' });
      expect(approved.code, approved.stderr).toBe(0);
      const decided = json(approved);
      expect(decided).toMatchObject({ id, status: 'approved', decided_by: 'operator', organization_id: expect.stringMatching(/^tnt_/) });
      expect(Date.parse(decided.decided_at)).toBeGreaterThan(Date.now() - 120_000);

      const owner = await signIn(s.app, body.email, PASSWORD);
      expect(owner.session.organizations).toEqual([{ id: decided.organization_id, name: 'Approved Co', status: 'active', role: 'owner' }]);
      const org = (await owner.get(`/console/api/organizations/${decided.organization_id}`)).json();
      expect(org).toMatchObject({ name: 'Approved Co', status: 'active', capabilities: [...CAPABILITIES], monthly_quota: 1000, limits: { max_applications: 7, max_document_types: 50 }, role: 'owner' });
      const log = (await owner.get(`/console/api/organizations/${decided.organization_id}/audit-log`)).json().data;
      expect(log).toEqual([expect.objectContaining({ actor: 'operator', action: 'organization.created', target: decided.organization_id, details: { access_request: id, owner: body.email } })]);

      // Decided: approving or rejecting again is refused, and nothing more is made.
      const [again, rejectAfter, unknown] = await Promise.all([cli('approve', ['--request', id]), cli('reject', ['--request', id]), cli('approve', ['--request', 'acr_nosuchrequest'])]);
      expect(again.code).toBe(1);
      expect(json(again).error).toEqual({ code: 'request_decided', message: expect.any(String) });
      expect(rejectAfter.code).toBe(1);
      expect(json(rejectAfter).error.code).toBe('request_decided');
      expect(unknown.code).toBe(1);
      expect(json(unknown).error).toEqual({ code: 'request_not_found', message: expect.any(String) });
      expect(s.app.services.db.prepare("SELECT COUNT(*) FROM organizations WHERE name = 'Approved Co'").pluck().get()).toBe(1);
    },
  );

  it(
    'rejects a request: no organization, no person; the address may ask again',
    TIMEOUT,
    async () => {
      const body = valid({ organization: 'Rejected Co' });
      const id = (await form(body)).json().id as string;
      const rejected = await cli('reject', ['--request', id]);
      expect(rejected.code, rejected.stderr).toBe(0);
      expect(json(rejected)).toMatchObject({ id, status: 'rejected', decided_by: 'operator', organization_id: null });
      expect(s.app.services.db.prepare("SELECT COUNT(*) FROM organizations WHERE name = 'Rejected Co'").pluck().get()).toBe(0);
      expectError(await s.app.inject({ method: 'POST', url: '/console/api/session', payload: { email: body.email, password: PASSWORD } }), 401, 'sign_in_failed');
      expect((await form(body)).statusCode).toBe(201);
      const unknown = await cli('reject', ['--request', 'acr_nosuchrequest']);
      expect(unknown.code).toBe(1);
      expect(json(unknown).error.code).toBe('request_not_found');
    },
  );

  it(
    'approving a request from someone who already has a password keeps theirs and adds the organization',
    TIMEOUT,
    async () => {
      const { email, password } = s.boot.console;
      const id = (await form(valid({ email, organization: 'Second Org', password: 'a different password' }))).json().id as string;
      const approved = await cli('approve', ['--request', id]);
      expect(approved.code, approved.stderr).toBe(0);
      const owner = await signIn(s.app, email, password);
      expect(owner.session.organizations.map((o) => [o.name, o.role])).toEqual([
        ['Development organization', 'owner'],
        ['Second Org', 'owner'],
      ]);
      expectError(await s.app.inject({ method: 'POST', url: '/console/api/session', payload: { email, password: 'a different password' } }), 401, 'sign_in_failed');
    },
  );

  it(
    'closes and opens the form',
    TIMEOUT,
    async () => {
      const closed = await cli('close');
      expect(closed.code, closed.stderr).toBe(0);
      expect(json(closed)).toEqual({ access_requests: 'closed' });
      expectError(await form(valid()), 403, 'access_requests_closed');
      const opened = await cli('open');
      expect(opened.code, opened.stderr).toBe(0);
      expect(json(opened)).toEqual({ access_requests: 'open' });
      expect((await form(valid())).statusCode).toBe(201);
    },
  );

  it(
    'exits 2 for usage errors, with the usage on stderr',
    TIMEOUT,
    async () => {
      const runs = await Promise.all([
        runCli(['access-requests', '--data-dir', s.dataDir], CLEAN),
        runCli(['access-requests', 'approve', '--data-dir', s.dataDir], CLEAN),
        runCli(['access-requests', 'list', '--status', 'maybe', '--data-dir', s.dataDir], CLEAN),
        runCli(['access-requests', 'list', '--bogus', '--data-dir', s.dataDir], CLEAN),
      ]);
      for (const run of runs) {
        expect(run.code).toBe(2);
        expect(run.stdout).toBe('');
        expect(run.stderr).toContain('access-requests approve --request ID');
      }
      // Without --json the list is text, one line a request.
      const text = await runCli(['access-requests', 'list', '--data-dir', s.dataDir], CLEAN);
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/^acr_\S+ (pending|approved|rejected) \S+@\S+ "/m);
    },
  );
});
