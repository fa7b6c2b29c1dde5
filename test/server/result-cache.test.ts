import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootstrap } from '../../server/src/admin/bootstrap.js';
import { openDatabase, type Db } from '../../server/src/db/open-database.js';
import { AccountsRepo } from '../../server/src/db/repos/accounts.js';
import { ExtractionsRepo, type ExtractionStatus, type NewExtraction } from '../../server/src/db/repos/extractions.js';

const DEFAULTS = { monthlyQuota: null, maxApplications: 20, maxDocumentTypes: 50 };

describe('finished results kept in memory once read', () => {
  let dir: string;
  let db: Db;
  let made: ReturnType<typeof bootstrap>;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docex-results-'));
    db = openDatabase(dir);
    made = bootstrap(new AccountsRepo(db), DEFAULTS, { environment: 'development' });
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const row = (id: string, status: ExtractionStatus, body: string): NewExtraction => ({
    id,
    organization_id: made.tenant,
    application_id: made.application,
    key_id: 'key_x',
    livemode: false,
    status,
    document_type: 'payment_receipt',
    schema_id: null,
    mode: 'standard',
    metadata: null,
    body: Buffer.from(body),
    pages: 1,
    document_path: null,
    created_at: new Date().toISOString(),
    completed_at: null,
    expires_at: null,
  });
  const store = (repo: ExtractionsRepo, r: NewExtraction) => repo.store(r, null, [], { month: '2026-11', subjects: [] });
  /** Changes the stored body behind the repository's back: a read from memory still sees the old one. */
  const overwrite = (id: string, body: string) => db.prepare('UPDATE extractions SET body = ? WHERE id = ?').run(Buffer.from(body), id);

  it('answers a finished result from memory after its first read, and a running one always from the database', async () => {
    const repo = new ExtractionsRepo(db, { resultCacheBytes: 1 << 20 });
    await store(repo, row('ext_done', 'succeeded', '{"a":1}'));
    await store(repo, row('ext_run', 'queued', '{"a":2}'));
    const first = repo.bodyOf('ext_done')!;
    expect(first.body!.toString()).toBe('{"a":1}');
    overwrite('ext_done', '{"a":9}');
    expect(repo.bodyOf('ext_done')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    repo.bodyOf('ext_run');
    overwrite('ext_run', '{"a":3}');
    expect(repo.bodyOf('ext_run')!.body!.toString()).toBe('{"a":3}');
    expect(repo.bodyOf('ext_missing')).toBeNull();
  });

  it('keeps nothing without a size, the default', async () => {
    const repo = new ExtractionsRepo(db);
    await store(repo, row('ext_done', 'succeeded', '{"a":1}'));
    repo.bodyOf('ext_done');
    overwrite('ext_done', '{"a":9}');
    expect(repo.bodyOf('ext_done')!.body!.toString()).toBe('{"a":9}');
  });

  it('forgets a result once purged (zero retention) or deleted (retention)', async () => {
    const repo = new ExtractionsRepo(db, { resultCacheBytes: 1 << 20 });
    await store(repo, row('ext_zero', 'succeeded', '{"a":1}'));
    await store(repo, row('ext_old', 'failed', '{"a":2}'));
    repo.bodyOf('ext_zero');
    repo.bodyOf('ext_old');
    repo.purgeBody('ext_zero');
    expect(repo.bodyOf('ext_zero')!.body).toBeNull();
    repo.deleteExtractions(['ext_old']);
    expect(repo.bodyOf('ext_old')).toBeNull();
  });

  it('stays within its size, dropping the least recently read', async () => {
    const body = (c: string) => `{"x":"${c.repeat(400)}"}`; // 408 bytes, 508 counted
    const repo = new ExtractionsRepo(db, { resultCacheBytes: 1100 }); // room for two
    for (const id of ['ext_1', 'ext_2', 'ext_3']) await store(repo, row(id, 'succeeded', body(id.slice(-1))));
    repo.bodyOf('ext_1');
    repo.bodyOf('ext_2');
    repo.bodyOf('ext_1'); // ext_2 is now the least recent
    repo.bodyOf('ext_3');
    for (const id of ['ext_1', 'ext_2', 'ext_3']) overwrite(id, '{}');
    expect(repo.bodyOf('ext_1')!.body!.toString()).toBe(body('1'));
    expect(repo.bodyOf('ext_3')!.body!.toString()).toBe(body('3'));
    expect(repo.bodyOf('ext_2')!.body!.toString()).toBe('{}');
  });

  it('keeps nothing read inside a transaction', async () => {
    const repo = new ExtractionsRepo(db, { resultCacheBytes: 1 << 20 });
    await store(repo, row('ext_done', 'succeeded', '{"a":1}'));
    db.transaction(() => repo.bodyOf('ext_done'))();
    overwrite('ext_done', '{"a":9}');
    expect(repo.bodyOf('ext_done')!.body!.toString()).toBe('{"a":9}');
  });
});
