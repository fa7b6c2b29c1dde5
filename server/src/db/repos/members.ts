import { statement, type Db } from '../open-database.js';
import { isoNow, newId } from '../../ids.js';

export const ROLES = ['owner', 'admin', 'developer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** A person who can sign in to the console. */
export interface User {
  id: string;
  email: string;
  password_hash: string | null;
  created_at: string;
}

/** A person's place in one organization; `invited` until the invitation is accepted. */
export interface Member {
  id: string;
  organization_id: string;
  user_id: string | null;
  email: string;
  role: Role;
  status: 'active' | 'invited';
  invited_by: string | null;
  invitation_expires_at: string | null;
  created_at: string;
}

export interface ConsoleSession {
  id: string;
  user_id: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

const MEMBER_COLUMNS = 'id, organization_id, user_id, email, role, status, invited_by, invitation_expires_at, created_at';

/** People, memberships, invitations and console sessions: all their SQL. */
export class MembersRepo {
  constructor(private readonly db: Db) {}

  userByEmail(email: string): User | null {
    return (statement(this.db, 'SELECT id, email, password_hash, created_at FROM users WHERE email = ?').get(email.toLowerCase()) as User | undefined) ?? null;
  }

  user(id: string): User | null {
    return (statement(this.db, 'SELECT id, email, password_hash, created_at FROM users WHERE id = ?').get(id) as User | undefined) ?? null;
  }

  /** The person with this email, made when absent; a password is set only where none was. */
  ensureUser(email: string, passwordHash: string | null): User {
    const lower = email.toLowerCase();
    statement(this.db, 'INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO NOTHING').run(newId('usr_'), lower, passwordHash, isoNow());
    if (passwordHash !== null) statement(this.db, 'UPDATE users SET password_hash = ? WHERE email = ? AND password_hash IS NULL').run(passwordHash, lower);
    return this.userByEmail(lower)!;
  }

  setPassword(userId: string, passwordHash: string): void {
    statement(this.db, 'UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, userId);
  }

  /** An active membership for a person (bootstrap, approved access requests). */
  addMember(organizationId: string, userId: string, email: string, role: Role): Member {
    const id = newId('mem_');
    statement(this.db, "INSERT INTO members (id, organization_id, user_id, email, role, status, created_at) VALUES (?, ?, ?, ?, ?, 'active', ?)").run(
      id,
      organizationId,
      userId,
      email.toLowerCase(),
      role,
      isoNow(),
    );
    return this.member(organizationId, id)!;
  }

  /** An invitation: a membership that waits for the person holding the link's token. */
  invite(organizationId: string, email: string, role: Role, invitedBy: string, tokenHash: string, expiresAt: string): Member {
    const id = newId('mem_');
    statement(
      this.db,
      "INSERT INTO members (id, organization_id, email, role, status, invitation_hash, invitation_expires_at, invited_by, created_at) VALUES (?, ?, ?, ?, 'invited', ?, ?, ?, ?)",
    ).run(id, organizationId, email.toLowerCase(), role, tokenHash, expiresAt, invitedBy, isoNow());
    return this.member(organizationId, id)!;
  }

  invitationByHash(tokenHash: string): Member | null {
    return (statement(this.db, `SELECT ${MEMBER_COLUMNS} FROM members WHERE invitation_hash = ? AND status = 'invited'`).get(tokenHash) as Member | undefined) ?? null;
  }

  acceptInvitation(memberId: string, userId: string): void {
    statement(this.db, "UPDATE members SET status = 'active', user_id = ?, invitation_hash = NULL, invitation_expires_at = NULL WHERE id = ?").run(userId, memberId);
  }

  member(organizationId: string, memberId: string): Member | null {
    return (statement(this.db, `SELECT ${MEMBER_COLUMNS} FROM members WHERE organization_id = ? AND id = ?`).get(organizationId, memberId) as Member | undefined) ?? null;
  }

  memberByEmail(organizationId: string, email: string): Member | null {
    return (statement(this.db, `SELECT ${MEMBER_COLUMNS} FROM members WHERE organization_id = ? AND email = ?`).get(organizationId, email.toLowerCase()) as Member | undefined) ?? null;
  }

  /** The person's active membership in the organization, which decides what they may do there. */
  membership(organizationId: string, userId: string): Member | null {
    return (statement(this.db, `SELECT ${MEMBER_COLUMNS} FROM members WHERE organization_id = ? AND user_id = ? AND status = 'active'`).get(organizationId, userId) as Member | undefined) ?? null;
  }

  members(organizationId: string): Member[] {
    return statement(this.db, `SELECT ${MEMBER_COLUMNS} FROM members WHERE organization_id = ? ORDER BY created_at, id`).all(organizationId) as Member[];
  }

  /** Organizations the person is an active member of, with the role held in each. */
  organizationsOf(userId: string): { organization_id: string; name: string; status: string; role: Role }[] {
    return statement(
      this.db,
      "SELECT m.organization_id, o.name, o.status, m.role FROM members m JOIN organizations o ON o.id = m.organization_id WHERE m.user_id = ? AND m.status = 'active' ORDER BY o.created_at, o.id",
    ).all(userId) as { organization_id: string; name: string; status: string; role: Role }[];
  }

  countOwners(organizationId: string): number {
    return statement(this.db, "SELECT COUNT(*) FROM members WHERE organization_id = ? AND role = 'owner' AND status = 'active'").pluck().get(organizationId) as number;
  }

  setRole(memberId: string, role: Role): void {
    statement(this.db, 'UPDATE members SET role = ? WHERE id = ?').run(role, memberId);
  }

  removeMember(memberId: string): void {
    statement(this.db, 'DELETE FROM members WHERE id = ?').run(memberId);
  }

  createSession(s: ConsoleSession): void {
    statement(this.db, 'INSERT INTO console_sessions (id, user_id, csrf_token, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      s.id,
      s.user_id,
      s.csrf_token,
      s.created_at,
      s.last_seen_at,
      s.expires_at,
    );
  }

  session(id: string): ConsoleSession | null {
    return (statement(this.db, 'SELECT id, user_id, csrf_token, created_at, last_seen_at, expires_at FROM console_sessions WHERE id = ?').get(id) as ConsoleSession | undefined) ?? null;
  }

  touchSession(id: string, lastSeenAt: string): void {
    statement(this.db, 'UPDATE console_sessions SET last_seen_at = ? WHERE id = ?').run(lastSeenAt, id);
  }

  deleteSession(id: string): void {
    statement(this.db, 'DELETE FROM console_sessions WHERE id = ?').run(id);
  }

  /** Sign-out everywhere, e.g. after a password change. */
  deleteSessionsOf(userId: string): void {
    statement(this.db, 'DELETE FROM console_sessions WHERE user_id = ?').run(userId);
  }

  /** Deletes sessions that have ended: past `expires_at`, or idle since before `idleBeforeIso` when given. */
  purgeSessions(nowIso: string, idleBeforeIso?: string): number {
    if (idleBeforeIso === undefined) return statement(this.db, 'DELETE FROM console_sessions WHERE expires_at <= ?').run(nowIso).changes;
    return statement(this.db, 'DELETE FROM console_sessions WHERE expires_at <= ? OR last_seen_at <= ?').run(nowIso, idleBeforeIso).changes;
  }
}
