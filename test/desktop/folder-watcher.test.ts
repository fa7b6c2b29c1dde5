// A scanner's output folder: a document is taken once the scanner has finished writing it,
// moved to captured/, and read like any other capture; other files are left alone.
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../engine/src/node/engine.js';
import { DesktopBackend } from '../../main/src/backend/desktop-backend.js';
import { CAPTURED_FOLDER, FolderWatcher } from '../../main/src/capture/folder-watcher.js';

const RECEIPT = readFileSync(new URL('../fixtures/sample-receipt.png', import.meta.url));
const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'docex-watch-'));
  dirs.push(d);
  return d;
};
const engine = new Engine();
afterAll(async () => {
  await engine.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('FolderWatcher', () => {
  it('takes a file only once its size and time hold still, moves it to captured/, and ignores other files', () => {
    const folder = fresh();
    const taken: string[] = [];
    const watcher = new FolderWatcher(folder, (f) => taken.push(`${f.name}:${f.bytes.length}:${f.mediaType}`));
    writeFileSync(join(folder, 'scan.pdf'), RECEIPT.subarray(0, 1000));
    writeFileSync(join(folder, 'notes.txt'), 'hello');
    expect(watcher.look()).toEqual([]);
    appendFileSync(join(folder, 'scan.pdf'), RECEIPT.subarray(1000));
    expect(watcher.look()).toEqual([]);
    expect(watcher.look()).toEqual(['scan.pdf']);
    expect(taken).toEqual([`scan.pdf:${RECEIPT.length}:application/pdf`]);
    expect(existsSync(join(folder, 'scan.pdf'))).toBe(false);
    expect(readdirSync(join(folder, CAPTURED_FOLDER))).toEqual([expect.stringMatching(/-scan\.pdf$/)]);
    expect(existsSync(join(folder, 'notes.txt'))).toBe(true);
    expect(watcher.look()).toEqual([]);
  });

  it('feeds the backend: the document is kept with source folder and read', async () => {
    const folder = fresh();
    const backend = DesktopBackend.open({ dataDir: fresh(), engine, sender: { pollMs: 60_000 }, watchPollMs: 60_000 });
    expect(backend.configure({ watch_folder: folder }).watch_folder).toBe(folder);
    writeFileSync(join(folder, 'receipt.png'), RECEIPT);
    expect(backend.lookNow()).toEqual([]);
    expect(backend.lookNow()).toEqual(['receipt.png']);
    await backend.idle();
    expect(backend.documents()).toEqual([expect.objectContaining({ name: 'receipt.png', source: 'folder', status: 'extracted' })]);
    expect(backend.configure({ watch_folder: '' }).watch_folder).toBeNull();
    expect(backend.lookNow()).toEqual([]);
    await backend.close();
  }, 120_000);
});
