import { mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.heic': 'image/heic',
  '.heif': 'image/heif',
  '.pdf': 'application/pdf',
};

export const CAPTURED_FOLDER = 'captured';

/**
 * A scanner's output folder, looked at every `pollMs`: a document file whose size and time have
 * not changed since the last look (the scanner has finished writing it) is handed to `take`, then
 * moved into `captured/` beside it, so that it is taken once and the operator sees what was
 * taken. Other files are left alone. Polling, not fs.watch: network shares and some scanners
 * write without the events fs.watch needs.
 */
export class FolderWatcher {
  private timer: NodeJS.Timeout | null = null;
  private readonly seen = new Map<string, string>();

  constructor(
    readonly folder: string,
    private readonly take: (file: { bytes: Buffer; name: string; mediaType: string }) => void,
    private readonly onError: (err: unknown) => void = () => undefined,
    private readonly pollMs = 2000,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.look(), this.pollMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One look; returns the names taken. */
  look(): string[] {
    const taken: string[] = [];
    let names: string[];
    try {
      names = readdirSync(this.folder);
    } catch (err) {
      this.onError(err);
      return taken;
    }
    const present = new Set<string>();
    for (const name of names) {
      const type = TYPES[extname(name).toLowerCase()];
      if (!type || name.startsWith('.')) continue;
      const path = join(this.folder, name);
      try {
        const st = statSync(path);
        if (!st.isFile()) continue;
        present.add(name);
        const mark = `${st.size}:${st.mtimeMs}`;
        // Taken on the second look with the same size and time: the writer has finished.
        if (this.seen.get(name) !== mark || st.size === 0) {
          this.seen.set(name, mark);
          continue;
        }
        this.take({ bytes: readFileSync(path), name, mediaType: type });
        const done = join(this.folder, CAPTURED_FOLDER);
        mkdirSync(done, { recursive: true });
        renameSync(path, join(done, `${Date.now()}-${name}`));
        this.seen.delete(name);
        taken.push(name);
      } catch (err) {
        this.onError(err);
      }
    }
    for (const name of this.seen.keys()) if (!present.has(name)) this.seen.delete(name);
    return taken;
  }
}
