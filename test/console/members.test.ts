// Console members and invitations: the list, invitations (token shown once, only its hash
// stored, 7 days), role changes and removals under the role rules, last_owner, and the audit log.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFrom, signIn, type ConsoleClient } from '../support/console-client.js';
import { startTestServer, type TestServer } from '../support/server-harness.js';

let s: TestServer;
let owner: ConsoleClient;
let base: string;
beforeAll(async () => {
  s = await startTestServer();
  owner = await signIn(s.app, s.boot.console.email, s.boot.console.password);
  base = `/console/api/organizations/${s.boot.tenant}/members`;
});
afterAll(async () => s?.close());

const PASSWORD = 'a long enough password';
let counter = 0;
const freshEmail = (tag: string) => `${tag}-${++counter}@example.com`;
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect((res.json() as { error: { code: string } }).error.code).toBe(code);
}

/** Invites through `by` and accepts: a signed-in member with that role, and their member id. */
async function person(role: string, by: ConsoleClient = owner): Promise<{ client: ConsoleClient; id: string; email: string }> {
  const email = freshEmail(role);
  const res = await by.post(base, { email, role });
  expect(res.statusCode, res.body).toBe(201);
  const accepted = await s.app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: { token: tokenOf(res.json().invitation_url), password: PASSWORD } });
  return { client: clientFrom(s.app, accepted), id: res.json().member.id, email };
}

const auditActions = async () => ((await owner.get(`/console/api/organizations/${s.boot.tenant}/audit-log?limit=200`)).json().data as { action: string; target: string; details: unknown }[]);

describe('listing members', () => {
  it('lists the owner as an active member, with the fields the page shows', async () => {
    const res = await owner.get(base);
    expect(res.statusCode).toBe(200);
    const me = res.json().data.find((m: { email: string }) => m.email === s.boot.console.email);
    expect(me).toEqual({ id: expect.stringMatching(/^mem_/), email: s.boot.console.email, role: 'owner', status: 'active', invited_by: null, created_at: expect.any(String), invitation_expires_at: null });
  });

  it('answers sign_in_required without a session and tenant_not_found for another organization', async () => {
    expectError(await s.app.inject({ method: 'GET', url: base }), 401, 'sign_in_required');
    const other = s.bootAnother();
    expectError(await owner.get(`/console/api/organizations/${other.tenant}/members`), 404, 'tenant_not_found');
  });
});

describe('inviting', () => {
  it('answers 201 with the invited member and a link shown once; only the hash of its token is stored; valid 7 days', async () => {
    const email = freshEmail('Invitee').toUpperCase();
    const before = Date.now();
    const res = await owner.post(base, { email: `  ${email} `, role: 'developer' });
    expect(res.statusCode).toBe(201);
    const { member, invitation_url } = res.json();
    expect(member).toMatchObject({ email: email.toLowerCase(), role: 'developer', status: 'invited', invited_by: s.boot.console.email });
    expect(invitation_url).toMatch(/^\/console\/accept\?token=[A-Za-z0-9]{32,}$/);
    const token = tokenOf(invitation_url);
    const stored = s.app.services.db.prepare('SELECT invitation_hash FROM members WHERE id = ?').pluck().get(member.id);
    expect(stored).toBe(createHash('sha256').update(token).digest('hex'));
    const expires = Date.parse(member.invitation_expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * 86_400_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000 + 1000);
    // The list shows the invitation, never its token.
    const listed = (await owner.get(base)).json().data.find((m: { id: string }) => m.id === member.id);
    expect(listed.status).toBe('invited');
    expect(JSON.stringify((await owner.get(base)).json())).not.toContain(token);
    // Accepting makes the person an active member who can open the organization.
    const accepted = await s.app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: { token, password: PASSWORD } });
    const dev = clientFrom(s.app, accepted);
    expect((await dev.get(`/console/api/organizations/${s.boot.tenant}`)).json().role).toBe('developer');
    expect((await owner.get(base)).json().data.find((m: { id: string }) => m.id === member.id)).toMatchObject({ status: 'active', invitation_expires_at: null });
    const actions = await auditActions();
    expect(actions).toContainEqual(expect.objectContaining({ action: 'member.invited', target: member.id, details: { email: email.toLowerCase(), role: 'developer' } }));
    expect(actions).toContainEqual(expect.objectContaining({ action: 'member.joined', target: member.id }));
  });

  it('refuses an invalid address with invalid_email and an unknown role with invalid_role', async () => {
    for (const email of ['', 'no-at-sign', 'a@b', 'two@@example.com', 'sp ace@example.com', 42]) expectError(await owner.post(base, { email, role: 'viewer' }), 400, 'invalid_email');
    for (const role of [undefined, '', 'superuser', 'Owner']) expectError(await owner.post(base, { email: freshEmail('r'), role }), 400, 'invalid_role');
  });

  it('refuses an active member and a pending invitation with already_member; a lapsed invitation makes way for a new one', async () => {
    expectError(await owner.post(base, { email: s.boot.console.email.toUpperCase(), role: 'viewer' }), 409, 'already_member');
    const email = freshEmail('pending');
    const first = await owner.post(base, { email, role: 'viewer' });
    expect(first.statusCode).toBe(201);
    expectError(await owner.post(base, { email, role: 'admin' }), 409, 'already_member');
    // Let it lapse: a new invitation replaces it, and the old link no longer works.
    s.app.services.db.prepare('UPDATE members SET invitation_expires_at = ? WHERE id = ?').run(new Date(Date.now() - 1000).toISOString(), first.json().member.id);
    const again = await owner.post(base, { email, role: 'admin' });
    expect(again.statusCode).toBe(201);
    expect(again.json().member.id).not.toBe(first.json().member.id);
    const old = await s.app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: { token: tokenOf(first.json().invitation_url), password: PASSWORD } });
    expectError(old, 404, 'invitation_invalid');
  });

  it('lets admins invite, but not as owner; viewers and developers not at all (role_insufficient with role and needs)', async () => {
    const admin = await person('admin');
    const invited = await admin.client.post(base, { email: freshEmail('by-admin'), role: 'admin' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().member.invited_by).toBe(admin.email);
    const asOwner = await admin.client.post(base, { email: freshEmail('would-be-owner'), role: 'owner' });
    expectError(asOwner, 403, 'role_insufficient');
    expect(asOwner.json().error.details).toEqual({ role: 'admin', needs: 'owner' });
    for (const role of ['viewer', 'developer']) {
      const p = await person(role);
      const res = await p.client.post(base, { email: freshEmail('nope'), role: 'viewer' });
      expectError(res, 403, 'role_insufficient');
      expect(res.json().error.details).toEqual({ role, needs: 'admin' });
      // Everyone reads the list.
      expect((await p.client.get(base)).statusCode).toBe(200);
    }
    // Owners invite owners.
    expect((await owner.post(base, { email: freshEmail('co-owner'), role: 'owner' })).statusCode).toBe(201);
  });

  it('needs the CSRF token', async () => {
    const res = await owner.send('POST', base, { body: { email: freshEmail('csrf'), role: 'viewer' }, headers: { 'x-csrf-token': 'wrong' } });
    expectError(res, 403, 'csrf_token_invalid');
  });
});

describe('changing roles', () => {
  it('changes a role and audits it; the new role applies at once', async () => {
    const p = await person('viewer');
    const res = await owner.patch(`${base}/${p.id}`, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, role: 'admin', status: 'active' });
    expect((await p.client.get(`/console/api/organizations/${s.boot.tenant}`)).json().role).toBe('admin');
    expect(await auditActions()).toContainEqual(expect.objectContaining({ action: 'member.role_changed', target: p.id, details: { email: p.email, from: 'viewer', to: 'admin' } }));
  });

  it('answers invalid_role and member_not_found', async () => {
    const p = await person('viewer');
    expectError(await owner.patch(`${base}/${p.id}`, { role: 'boss' }), 400, 'invalid_role');
    expectError(await owner.patch(`${base}/${p.id}`, {}), 400, 'invalid_role');
    expectError(await owner.patch(`${base}/mem_nosuchmember`, { role: 'viewer' }), 404, 'member_not_found');
    // A member of another organization is not found here.
    const other = s.bootAnother();
    const otherMember = s.app.services.db.prepare('SELECT id FROM members WHERE organization_id = ?').pluck().get(other.tenant) as string;
    expectError(await owner.patch(`${base}/${otherMember}`, { role: 'viewer' }), 404, 'member_not_found');
  });

  it('keeps the owner role to owners: admins cannot make an owner or change one; viewers and developers change nothing', async () => {
    const admin = await person('admin');
    const target = await person('developer');
    expectError(await admin.client.patch(`${base}/${target.id}`, { role: 'owner' }), 403, 'role_insufficient');
    const ownerId = (await owner.get(base)).json().data.find((m: { email: string }) => m.email === s.boot.console.email).id;
    expectError(await admin.client.patch(`${base}/${ownerId}`, { role: 'viewer' }), 403, 'role_insufficient');
    expect((await admin.client.patch(`${base}/${target.id}`, { role: 'viewer' })).json().role).toBe('viewer');
    for (const role of ['viewer', 'developer']) {
      const p = await person(role);
      const res = await p.client.patch(`${base}/${target.id}`, { role: 'developer' });
      expectError(res, 403, 'role_insufficient');
      expect(res.json().error.details).toEqual({ role, needs: 'admin' });
    }
  });

  it('refuses to demote the last active owner with last_owner; with a second owner it may', async () => {
    const fresh = s.bootAnother();
    const o = await signIn(s.app, fresh.console.email, fresh.console.password);
    const mbase = `/console/api/organizations/${fresh.tenant}/members`;
    const me = (await o.get(mbase)).json().data[0].id;
    expectError(await o.patch(`${mbase}/${me}`, { role: 'admin' }), 409, 'last_owner');
    // An owner invitation not yet accepted does not count.
    const inv = await o.post(mbase, { email: freshEmail('second-owner'), role: 'owner' });
    expectError(await o.patch(`${mbase}/${me}`, { role: 'admin' }), 409, 'last_owner');
    const accepted = await s.app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: { token: tokenOf(inv.json().invitation_url), password: PASSWORD } });
    const second = clientFrom(s.app, accepted);
    const res = await o.patch(`${mbase}/${me}`, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('admin');
    // Now the second owner is the last one.
    expectError(await second.patch(`${mbase}/${inv.json().member.id}`, { role: 'viewer' }), 409, 'last_owner');
  });
});

describe('removing members', () => {
  it('removes a member (204, audited): they lose the organization at once', async () => {
    const p = await person('developer');
    const res = await owner.delete(`${base}/${p.id}`);
    expect(res.statusCode).toBe(204);
    expectError(await p.client.get(`/console/api/organizations/${s.boot.tenant}`), 404, 'tenant_not_found');
    expect((await owner.get(base)).json().data.map((m: { id: string }) => m.id)).not.toContain(p.id);
    expect(await auditActions()).toContainEqual(expect.objectContaining({ action: 'member.removed', target: p.id }));
    expectError(await owner.delete(`${base}/${p.id}`), 404, 'member_not_found');
  });

  it('withdraws an invitation: its link stops working', async () => {
    const inv = await owner.post(base, { email: freshEmail('withdrawn'), role: 'viewer' });
    expect((await owner.delete(`${base}/${inv.json().member.id}`)).statusCode).toBe(204);
    const res = await s.app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: { token: tokenOf(inv.json().invitation_url), password: PASSWORD } });
    expectError(res, 404, 'invitation_invalid');
    expect(await auditActions()).toContainEqual(expect.objectContaining({ action: 'member.invitation_withdrawn', target: inv.json().member.id }));
  });

  it('lets anyone leave, but viewers and developers remove nobody else, and admins no owner', async () => {
    const victim = await person('viewer');
    for (const role of ['viewer', 'developer']) {
      const p = await person(role);
      expectError(await p.client.delete(`${base}/${victim.id}`), 403, 'role_insufficient');
      expect((await p.client.delete(`${base}/${p.id}`)).statusCode).toBe(204);
      expectError(await p.client.get(base), 404, 'tenant_not_found');
    }
    const admin = await person('admin');
    const ownerId = (await owner.get(base)).json().data.find((m: { email: string }) => m.email === s.boot.console.email).id;
    const res = await admin.client.delete(`${base}/${ownerId}`);
    expectError(res, 403, 'role_insufficient');
    expect(res.json().error.details).toEqual({ role: 'admin', needs: 'owner' });
    expect((await admin.client.delete(`${base}/${victim.id}`)).statusCode).toBe(204);
    expect(await auditActions()).toContainEqual(expect.objectContaining({ action: 'member.left' }));
  });

  it('refuses to remove or let leave the last active owner (last_owner); another owner may remove an owner', async () => {
    const fresh = s.bootAnother();
    const o = await signIn(s.app, fresh.console.email, fresh.console.password);
    const mbase = `/console/api/organizations/${fresh.tenant}/members`;
    const me = (await o.get(mbase)).json().data[0].id;
    expectError(await o.delete(`${mbase}/${me}`), 409, 'last_owner');
    const inv = await o.post(mbase, { email: freshEmail('owner-two'), role: 'owner' });
    const second = clientFrom(s.app, await s.app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: { token: tokenOf(inv.json().invitation_url), password: PASSWORD } }));
    expect((await second.delete(`${mbase}/${me}`)).statusCode).toBe(204);
    expectError(await second.delete(`${mbase}/${inv.json().member.id}`), 409, 'last_owner');
  });
});

describe('a read-only organization', () => {
  it('refuses member changes while the organization is suspended or scheduled for deletion, and still lists members', async () => {
    const fresh = s.bootAnother();
    const o = await signIn(s.app, fresh.console.email, fresh.console.password);
    const mbase = `/console/api/organizations/${fresh.tenant}/members`;
    const me = (await o.get(mbase)).json().data[0].id;
    s.app.services.accounts.updateOrganization(fresh.tenant, { status: 'suspended' });
    expectError(await o.post(mbase, { email: freshEmail('x'), role: 'viewer' }), 403, 'tenant_suspended');
    expectError(await o.patch(`${mbase}/${me}`, { role: 'owner' }), 403, 'tenant_suspended');
    expectError(await o.delete(`${mbase}/${me}`), 403, 'tenant_suspended');
    s.app.services.accounts.updateOrganization(fresh.tenant, { status: 'active' });
    expect((await o.post(`/console/api/organizations/${fresh.tenant}/deletion`)).statusCode).toBe(200);
    expectError(await o.post(mbase, { email: freshEmail('x'), role: 'viewer' }), 403, 'tenant_closed');
    expect((await o.get(mbase)).statusCode).toBe(200);
  });
});
