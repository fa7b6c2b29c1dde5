import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Captured documents' bytes, one file each under `<user data>/documents/`. A file is written
 * under a temporary name, flushed, renamed and the folder flushed: after a kill or a power cut
 * a document's file is either whole under its name or not there at all.
 */
export class DocumentFiles {
  readonly dir: string;

  constructor(root: string) {
    this.dir = join(root, 'documents');
    mkdirSync(this.dir, { recursive: true });
  }

  path(id: string): string {
    return join(this.dir, id);
  }

  write(id: string, bytes: Uint8Array): void {
    const tmp = join(this.dir, `.tmp-${id}-${process.pid}`);
    const fd = openSync(tmp, 'w');
    try {
      let off = 0;
      while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.path(id));
    this.syncDir();
  }

  read(id: string): Buffer {
    return readFileSync(this.path(id));
  }

  remove(id: string): void {
    rmSync(this.path(id), { force: true });
  }

  /** Files whose document row was never committed (a kill between the two), and unfinished temporaries. */
  removeOrphans(known: (id: string) => boolean): string[] {
    const removed: string[] = [];
    for (const name of readdirSync(this.dir)) {
      if (name.startsWith('.tmp-') || !known(name)) {
        rmSync(join(this.dir, name), { force: true });
        removed.push(name);
      }
    }
    return removed;
  }

  private syncDir(): void {
    // A rename is durable once the folder's entry is; Windows cannot open a folder for this.
    if (process.platform === 'win32') return;
    const fd = openSync(this.dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}
