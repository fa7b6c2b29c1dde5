// The audit log's order when entries share a millisecond: the order they were written in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/src/db/open-database.js';
import { OrganizationsRepo } from '../../server/src/db/repos/organizations.js';
import { auditLogPage } from '../../server/src/console/audit-log-reader.js';

describe('the audit log within one millisecond', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docex-audit-'));
    db = openDatabase(dir);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists entries written in the same millisecond newest first, by the order they were written, across pages', () => {
    const at = '2026-11-27T11:21:58.108Z';
    // Ids whose own order is not the order of writing.
    const written = ['aud_z', 'aud_a', 'aud_m', 'aud_b'];
    const insert = db.prepare('INSERT INTO audit_log (id, organization_id, actor, action, target, details, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (const id of written) insert.run(id, 'tnt_1', 'owner@example.com', 'organization.renamed', 'tnt_1', null, at);
    insert.run('aud_old', 'tnt_1', 'owner@example.com', 'organization.bootstrapped', 'tnt_1', null, '2026-11-27T11:00:00.000Z');
    const repo = new OrganizationsRepo(db);
    const newestFirst = [...written].reverse().concat('aud_old');
    expect(auditLogPage(repo, 'tnt_1', {}).data.map((e) => e.id)).toEqual(newestFirst);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = auditLogPage(repo, 'tnt_1', { limit: '2', ...(cursor ? { cursor } : {}) });
      paged.push(...page.data.map((e) => e.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(paged).toEqual(newestFirst);
  });
});
