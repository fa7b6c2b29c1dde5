// Console sign-in: sessions in HttpOnly SameSite=Strict cookies, the CSRF token on every change,
// sign-in rate limiting, sign-out, invitations accepted with a password, and the error codes of each.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MembersRepo } from '../../server/src/db/repos/members.js';
import { clientFrom, sessionCookie, signIn } from '../support/console-client.js';
import { startTestServer, type TestServer } from '../support/server-harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const errorCode = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;

describe('signing in', () => {
  it('opens a session with the bootstrap owner: an HttpOnly SameSite=Strict cookie, the organizations and a CSRF token', async () => {
    const { email, password } = s.boot.console;
    const res = await s.app.inject({ method: 'POST', url: '/console/api/session', payload: { email: email.toUpperCase(), password } });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^docex_console=[A-Za-z0-9]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/console');
    expect(cookie).not.toContain('Secure'); // plain http here; https requests get Secure
    const body = res.json();
    expect(body.user.email).toBe(email);
    expect(body.organizations).toEqual([{ id: s.boot.tenant, name: 'Development organization', status: 'active', role: 'owner' }]);
    expect(body.csrf_token).toMatch(/^[A-Za-z0-9]{32}$/);
    // The database holds only the token's hash.
    const token = sessionCookie(res).split('=')[1];
    const stored = s.app.services.db.prepare('SELECT id FROM console_sessions').pluck().all() as string[];
    expect(stored).toContain(createHash('sha256').update(token).digest('hex'));
    expect(stored).not.toContain(token);
  });

  it('sets Secure on the cookie only when the request came over https, as a trusted proxy tells', async () => {
    const { email, password } = s.boot.console;
    // Without DOCEX_TRUST_PROXY anyone could send the header: it is ignored.
    const direct = await s.app.inject({ method: 'POST', url: '/console/api/session', payload: { email, password }, headers: { 'x-forwarded-proto': 'https' } });
    expect(String(direct.headers['set-cookie'])).not.toContain('Secure');
    const proxied = await startTestServer({ env: { DOCEX_TRUST_PROXY: '1' } });
    try {
      const boot = proxied.boot.console;
      const viaTls = await proxied.app.inject({ method: 'POST', url: '/console/api/session', payload: boot, headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' } });
      expect(viaTls.statusCode).toBe(200);
      expect(String(viaTls.headers['set-cookie'])).toMatch(/; Secure/);
      const plain = await proxied.app.inject({ method: 'POST', url: '/console/api/session', payload: boot, headers: { 'x-forwarded-proto': 'http' } });
      expect(String(plain.headers['set-cookie'])).not.toContain('Secure');
    } finally {
      await proxied.close();
    }
  });

  it('refuses a wrong password and an unknown address alike with sign_in_failed, and no cookie', async () => {
    for (const payload of [{ email: s.boot.console.email, password: 'wrong password!' }, { email: 'nobody@example.com', password: s.boot.console.password }, {}]) {
      const res = await s.app.inject({ method: 'POST', url: '/console/api/session', payload });
      expect(res.statusCode).toBe(401);
      expect(errorCode(res)).toBe('sign_in_failed');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['www-authenticate']).toBeUndefined();
    }
  });

  it('answers sign_in_required without a session, with an unknown cookie, and after signing out', async () => {
    expect(errorCode(await s.app.inject({ method: 'GET', url: '/console/api/session' }))).toBe('sign_in_required');
    expect(errorCode(await s.app.inject({ method: 'GET', url: '/console/api/session', headers: { cookie: 'docex_console=abc' } }))).toBe('sign_in_required');
    const c = await signIn(s.app, s.boot.console.email, s.boot.console.password);
    expect((await c.get('/console/api/session')).statusCode).toBe(200);
    const out = await c.delete('/console/api/session');
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/docex_console=;/);
    const after = await c.get('/console/api/session');
    expect(after.statusCode).toBe(401);
    expect(errorCode(after)).toBe('sign_in_required');
  });

  it('ends a session after 12 idle hours and 7 days after sign-in', async () => {
    const c = await signIn(s.app, s.boot.console.email, s.boot.console.password);
    const id = createHash('sha256').update(c.cookie.split('=')[1]).digest('hex');
    const db = s.app.services.db;
    db.prepare('UPDATE console_sessions SET last_seen_at = ? WHERE id = ?').run(new Date(Date.now() - 12 * 3_600_000 - 1000).toISOString(), id);
    expect(errorCode(await c.get('/console/api/session'))).toBe('sign_in_required');
    db.prepare('UPDATE console_sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?').run(new Date().toISOString(), new Date(Date.now() - 1000).toISOString(), id);
    expect(errorCode(await c.get('/console/api/session'))).toBe('sign_in_required');
  });
});

describe('CSRF protection', () => {
  it('refuses a change without the token, with a wrong token, or from another origin; takes it with the token from the own origin', async () => {
    const c = await signIn(s.app, s.boot.console.email, s.boot.console.password);
    const without = await c.send('DELETE', '/console/api/session', { headers: { 'x-csrf-token': '' } });
    expect(without.statusCode).toBe(403);
    expect(errorCode(without)).toBe('csrf_token_invalid');
    expect(errorCode(await c.send('DELETE', '/console/api/session', { headers: { 'x-csrf-token': 'x'.repeat(32) } }))).toBe('csrf_token_invalid');
    expect(errorCode(await c.send('DELETE', '/console/api/session', { headers: { origin: 'https://evil.example' } }))).toBe('csrf_token_invalid');
    // A read needs no token.
    expect((await c.send('GET', '/console/api/session', { headers: { 'x-csrf-token': '' } })).statusCode).toBe(200);
    expect((await c.send('DELETE', '/console/api/session', { headers: { origin: 'http://localhost:8080' } })).statusCode).toBe(403);
    expect((await c.send('DELETE', '/console/api/session', { headers: { origin: 'null' } })).statusCode).toBe(403);
    // The server's own origin, the default port left out as browsers do.
    expect((await c.send('DELETE', '/console/api/session', { headers: { origin: 'http://localhost' } })).statusCode).toBe(204);
  });

  it('refuses a sign-in posted from another origin (login CSRF)', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/console/api/session', headers: { origin: 'https://evil.example' }, payload: s.boot.console });
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('csrf_token_invalid');
  });
});

describe('sign-in rate limiting', () => {
  it('takes 10 attempts for one address in 15 minutes, then answers 429 rate_limited with Retry-After, even with the right password', async () => {
    const other = s.bootAnother();
    const attempt = (password: string) => s.app.inject({ method: 'POST', url: '/console/api/session', payload: { email: other.console.email, password } });
    for (let i = 0; i < 10; i++) expect((await attempt('not the password')).statusCode).toBe(401);
    const limited = await attempt(other.console.password);
    expect(limited.statusCode).toBe(429);
    expect(errorCode(limited)).toBe('rate_limited');
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThan(800);
    expect(retry).toBeLessThanOrEqual(900);
    // Other people can still sign in.
    expect((await s.app.inject({ method: 'POST', url: '/console/api/session', payload: s.boot.console })).statusCode).toBe(200);
  });
});

describe('invitations', () => {
  const invite = (email: string, role: 'admin' | 'viewer', expiresAt = new Date(Date.now() + 86_400_000).toISOString()) => {
    const token = `tok${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
    new MembersRepo(s.app.services.db).invite(s.boot.tenant, email, role, 'test', createHash('sha256').update(token).digest('hex'), expiresAt);
    return token;
  };
  const accept = (payload: unknown) => s.app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: payload as object });

  it('lets a new person choose a password and signs them in with the invited role; the link works once', async () => {
    const token = invite('new.person@example.com', 'viewer');
    expect(errorCode(await accept({ token, password: 'short' }))).toBe('weak_password');
    const res = await accept({ token, password: 'a long enough password' });
    const c = clientFrom(s.app, res);
    expect(c.session.user.email).toBe('new.person@example.com');
    expect(c.session.organizations).toEqual([expect.objectContaining({ id: s.boot.tenant, role: 'viewer' })]);
    const again = await accept({ token, password: 'a long enough password' });
    expect(again.statusCode).toBe(404);
    expect(errorCode(again)).toBe('invitation_invalid');
    expect((await signIn(s.app, 'new.person@example.com', 'a long enough password')).session.user.email).toBe('new.person@example.com');
  });

  it('asks someone who already has a password to prove it', async () => {
    const other = s.bootAnother();
    const token = invite(other.console.email, 'admin');
    const wrong = await accept({ token, password: 'not their password' });
    expect(errorCode(wrong)).toBe('sign_in_failed');
    const c = clientFrom(s.app, await accept({ token, password: other.console.password }));
    expect(c.session.organizations.map((o) => o.role).sort()).toEqual(['admin', 'owner']);
  });

  it('refuses an unknown or expired link with invitation_invalid', async () => {
    expect(errorCode(await accept({ token: 'nope', password: 'a long enough password' }))).toBe('invitation_invalid');
    expect(errorCode(await accept({}))).toBe('invitation_invalid');
    const token = invite('late@example.com', 'viewer', new Date(Date.now() - 1000).toISOString());
    expect(errorCode(await accept({ token, password: 'a long enough password' }))).toBe('invitation_invalid');
  });
});
