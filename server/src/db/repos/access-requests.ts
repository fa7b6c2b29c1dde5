import { statement, type Db } from '../open-database.js';
import { isoNow, newId } from '../../ids.js';

export type AccessRequestStatus = 'pending' | 'approved' | 'rejected';

/** Someone asking for an organization; the operator decides in the CLI. */
export interface AccessRequest {
  id: string;
  email: string;
  password_hash: string;
  organization_name: string;
  use_case: string;
  status: AccessRequestStatus;
  organization_id: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
}

const COLUMNS = 'id, email, password_hash, organization_name, use_case, status, organization_id, decided_by, decided_at, created_at';

/** Access requests: all their SQL. */
export class AccessRequestsRepo {
  constructor(readonly db: Db) {}

  /** Stores a pending request; throws SQLITE_CONSTRAINT_UNIQUE when the email already has one pending. */
  create(r: { email: string; passwordHash: string; organizationName: string; useCase: string }): AccessRequest {
    const id = newId('acr_');
    statement(this.db, "INSERT INTO access_requests (id, email, password_hash, organization_name, use_case, status, created_at) VALUES (?, ?, ?, ?, ?, 'pending', ?)").run(
      id,
      r.email.toLowerCase(),
      r.passwordHash,
      r.organizationName,
      r.useCase,
      isoNow(),
    );
    return this.request(id)!;
  }

  request(id: string): AccessRequest | null {
    return (statement(this.db, `SELECT ${COLUMNS} FROM access_requests WHERE id = ?`).get(id) as AccessRequest | undefined) ?? null;
  }

  pendingByEmail(email: string): AccessRequest | null {
    return (statement(this.db, `SELECT ${COLUMNS} FROM access_requests WHERE email = ? AND status = 'pending'`).get(email.toLowerCase()) as AccessRequest | undefined) ?? null;
  }

  /** Requests, oldest first; only those of `status` when given. */
  list(status?: AccessRequestStatus): AccessRequest[] {
    return (
      status
        ? statement(this.db, `SELECT ${COLUMNS} FROM access_requests WHERE status = ? ORDER BY created_at, id`).all(status)
        : statement(this.db, `SELECT ${COLUMNS} FROM access_requests ORDER BY created_at, id`).all()
    ) as AccessRequest[];
  }

  /** Records the decision on a pending request; false when it was decided already. */
  decide(id: string, status: 'approved' | 'rejected', decidedBy: string, decidedAt: string, organizationId: string | null): boolean {
    return (
      statement(this.db, "UPDATE access_requests SET status = ?, decided_by = ?, decided_at = ?, organization_id = ? WHERE id = ? AND status = 'pending'").run(
        status,
        decidedBy,
        decidedAt,
        organizationId,
        id,
      ).changes === 1
    );
  }
}
