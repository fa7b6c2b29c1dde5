import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommit } from '../../server/src/db/group-commit.js';

describe('GroupCommit', () => {
  let dir: string;
  let db: Database.Database;
  let other: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docex-group-'));
    db = new Database(join(dir, 'db.sqlite'));
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
      CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)`);
    other = new Database(join(dir, 'db.sqlite'), { readonly: true });
  });
  afterEach(() => {
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (name: string) => () => db.prepare('INSERT INTO item (name) VALUES (?)').run(name).lastInsertRowid;
  const names = () => (other.prepare('SELECT name FROM item ORDER BY id').pluck().all() as string[]).join(',');

  it('runs the writes of one turn in one transaction, each settling after its commit', async () => {
    const group = new GroupCommit(db);
    const inside: boolean[] = [];
    let seen = '';
    const runs = ['a', 'b', 'c'].map((n) =>
      group.run(() => {
        inside.push(db.inTransaction);
        return insert(n)();
      }),
    );
    // Nothing is stored before the turn ends.
    expect(names()).toBe('');
    const ids = await Promise.all(runs.map((p) => p.then((id) => ((seen = names()), id))));
    expect(ids).toEqual([1, 2, 3]);
    expect(inside).toEqual([true, true, true]);
    // Each caller, when told, could already read every row of the batch from another connection.
    expect(seen).toBe('a,b,c');
  });

  it('undoes only the write that throws, and rejects only its caller', async () => {
    const group = new GroupCommit(db);
    const outcomes = await Promise.allSettled([
      group.run(insert('a')),
      group.run(() => {
        insert('b')();
        insert('a')(); // UNIQUE fails: its savepoint, with 'b', is rolled back
      }),
      group.run(insert('c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(names()).toBe('a,c');
  });

  it('rejects every caller of a batch whose commit fails, and stores none of it', async () => {
    const group = new GroupCommit(db);
    const outcomes = await Promise.allSettled([
      group.run(insert('a')),
      // A deferred foreign key is checked at COMMIT: the whole commit fails.
      group.run(() => db.prepare('INSERT INTO item (name, parent) VALUES (?, ?)').run('orphan', 42)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(names()).toBe('');
    // The next turn's batch commits normally.
    await group.run(insert('later'));
    expect(names()).toBe('later');
  });

  it('starts a new batch for writes queued after a commit', async () => {
    const group = new GroupCommit(db);
    await group.run(insert('first'));
    await Promise.all([group.run(insert('second')), group.run(insert('third'))]);
    expect(names()).toBe('first,second,third');
  });

  it('holds the write lock from the start, so a read-then-write cannot lose to another connection', async () => {
    const group = new GroupCommit(db);
    const writer = new Database(join(dir, 'db.sqlite'), { timeout: 0 });
    let otherWrite: unknown = null;
    try {
      const stored = group.run(() => {
        const before = db.prepare('SELECT COUNT(*) FROM item').pluck().get() as number; // a read first, as the quota check
        try {
          // Another connection (the request-log writer, the CLI) commits here. With a deferred
          // BEGIN it could, and the write below would fail with SQLITE_BUSY_SNAPSHOT.
          writer.prepare('INSERT INTO item (name) VALUES (?)').run('other');
        } catch (err) {
          otherWrite = err;
        }
        return insert(`after-${before}`)();
      });
      await expect(stored).resolves.toBe(1);
      expect((otherWrite as { code?: string } | null)?.code).toBe('SQLITE_BUSY');
      expect(names()).toBe('after-0');
    } finally {
      writer.close();
    }
  });
});
