import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RgbImage } from '../../contracts/raster.js';
import { ServiceError } from '../../errors/service-error.js';
import type { OpenedPdf, PdfReadOptions } from './pdf-reader.js';
import type { OpenedPdfData, PdfReaderReply, PdfReaderRequest } from './pdf-reader-protocol.js';

/**
 * The memory the PDF reader's process may hold, MB (resident, all of it: pdf.js's heap, decoded
 * streams and images, the canvas). The process with pdf.js loaded holds about 170 MB; the test
 * sets' invoices peak under 360 MB, five pages of a 600 dpi A4 scan at 500 MB. Checked four
 * times a second where the system tells (Linux `/proc`); elsewhere the heap cap below and the
 * time limits bound it.
 */
const PDF_READER_MAX_RSS_MB = 1024;

/** The reader process's JavaScript heap, MB: past it V8 ends the process (and only it). */
const HEAP_MB = 384;

/** A process with no document open for this long is stopped (a new one starts in a second or two). */
const IDLE_MS = 120_000;

/** Beyond its time limit, a pdf.js step gets this much longer to yield (its own timer fires only then). */
const STALL_GRACE_MS = 2_000;

/** How long a new process may take to load pdf.js and answer at all. */
const STARTUP_MS = 60_000;

const TOO_LONG = 'The PDF took too long to read.';
const TOO_BIG = 'The PDF needs more memory to read than one document may use.';

type Pending = { resolve(value: unknown): void; reject(error: unknown): void; timeoutMs: number };

/**
 * One process reading PDFs for the thread that started it. pdf.js parses a page's content on
 * microtasks without yielding, so no timer of its own thread can stop it, and a worker thread's
 * heap cap can take the whole process down when it is reached (V8's last collection runs out of
 * heap as the thread is torn down). A process of its own is stopped cleanly: when its heartbeat
 * stays silent past a step's time limit, when its resident memory passes
 * `PDF_READER_MAX_RSS_MB`, or by V8 at its heap cap. Every request open in it then fails with
 * `unreadable_pdf`, and the next document starts a new process.
 */
class PdfReaderProcess {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextDoc = 1;
  private openDocs = 0;
  private lastBeat = Date.now();
  private started = false;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private idle: ReturnType<typeof setTimeout> | null = null;
  private dead = false;

  constructor() {
    this.child = fork(fileURLToPath(new URL('./pdf-reader-process-entry.mjs', import.meta.url)), [], {
      execArgv: [`--max-old-space-size=${HEAP_MB}`],
      serialization: 'advanced', // typed arrays cross as they are
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    this.child.on('message', (message: PdfReaderReply) => this.receive(message));
    this.child.on('error', (error) => this.stop(new ServiceError('unreadable_pdf', { cause: error, message: 'The PDF reader could not be started.' })));
    // V8 ends the process at its heap cap: SIGABRT (or SIGTRAP), or exit code 134.
    this.child.on('exit', (code, signal) =>
      this.stop(new ServiceError('unreadable_pdf', { message: signal === 'SIGABRT' || signal === 'SIGTRAP' || code === 134 ? TOO_BIG : 'The PDF reader stopped.' })),
    );
    this.unref();
  }

  async open(bytes: Uint8Array, options: PdfReadOptions): Promise<{ doc: number; data: OpenedPdfData }> {
    const doc = this.nextDoc++;
    this.openDocs++;
    try {
      const data = (await this.request({ type: 'open', id: 0, doc, bytes, limits: options.limits, timeoutMs: options.timeoutMs }, options.timeoutMs)) as OpenedPdfData;
      return { doc, data };
    } catch (error) {
      this.released();
      throw error;
    }
  }

  render(doc: number, page: number, timeoutMs: number): Promise<RgbImage> {
    return this.request({ type: 'render', id: 0, doc, page }, timeoutMs) as Promise<RgbImage>;
  }

  async close(doc: number): Promise<void> {
    try {
      if (!this.dead) await this.request({ type: 'close', id: 0, doc }, STALL_GRACE_MS);
    } finally {
      this.released();
    }
  }

  get stopped(): boolean {
    return this.dead;
  }

  private request(message: PdfReaderRequest, timeoutMs: number): Promise<unknown> {
    if (this.dead) return Promise.reject(new ServiceError('unreadable_pdf', { message: 'The PDF reader stopped.' }));
    const id = this.nextId++;
    if (this.pending.size === 0) {
      this.lastBeat = Date.now();
      this.ref(); // a caller awaits: the host must not exit under it
      this.watchdog = setInterval(() => this.check(), 250);
    }
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, timeoutMs });
      this.child.send({ ...message, id });
    });
  }

  private receive(message: PdfReaderReply): void {
    this.lastBeat = Date.now();
    this.started = true;
    if (message.type !== 'result') return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) {
      if (this.watchdog) clearInterval(this.watchdog);
      this.watchdog = null;
      this.unref();
    }
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(new ServiceError(message.error.code, { message: message.error.message, details: message.error.details }));
  }

  private check(): void {
    const rss = residentMb(this.child.pid);
    if (rss !== null && rss > PDF_READER_MAX_RSS_MB) return this.stop(new ServiceError('unreadable_pdf', { message: TOO_BIG }));
    let limit = STALL_GRACE_MS;
    for (const p of this.pending.values()) limit = Math.max(limit, p.timeoutMs + STALL_GRACE_MS);
    // Starting the process (loading pdf.js) is not the document's time.
    if (!this.started) limit = Math.max(limit, STARTUP_MS);
    if (Date.now() - this.lastBeat > limit) this.stop(new ServiceError('unreadable_pdf', { message: TOO_LONG }));
  }

  private released(): void {
    this.openDocs--;
    if (this.openDocs > 0 || this.dead) return;
    this.idle = setTimeout(() => this.stop(null), IDLE_MS);
    this.idle.unref();
  }

  private ref(): void {
    this.child.ref();
    (this.child.channel as { ref?(): void } | null | undefined)?.ref?.();
  }

  /** Idle, the reader keeps no host process alive. */
  private unref(): void {
    this.child.unref();
    (this.child.channel as { unref?(): void } | null | undefined)?.unref?.();
  }

  private stop(reason: ServiceError | null): void {
    if (this.dead) return;
    this.dead = true;
    if (this.watchdog) clearInterval(this.watchdog);
    if (this.idle) clearTimeout(this.idle);
    this.child.kill('SIGKILL');
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const p of waiting) p.reject(reason ?? new ServiceError('unreadable_pdf', { message: 'The PDF reader stopped.' }));
  }
}

/** A process's resident memory in MB from Linux's `/proc`; null where it cannot be read. */
function residentMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

let reader: PdfReaderProcess | null = null;

/**
 * `openPdf` in the PDF reader's process: the same pages (sizes, text layer, `render()`),
 * embedded XML and errors, with pdf.js's memory and time bounded by that process.
 */
export async function openPdfIsolated(bytes: Uint8Array, options: PdfReadOptions): Promise<OpenedPdf> {
  if (!reader || reader.stopped) reader = new PdfReaderProcess();
  const owner = reader;
  const { doc, data } = await owner.open(bytes, options);
  let closed = false;
  return {
    pages: data.pages.map((page) => ({
      ...page,
      render: async () => {
        if (closed) throw new ServiceError('unreadable_pdf', { message: 'The document was closed before the page was rendered.' });
        return owner.render(doc, page.number, options.timeoutMs);
      },
    })),
    embeddedXml: data.embeddedXml,
    embeddedXmlUnreadable: data.embeddedXmlUnreadable,
    close: async () => {
      if (closed) return;
      closed = true;
      await owner.close(doc).catch(() => undefined);
    },
  };
}
