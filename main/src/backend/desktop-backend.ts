import { EventEmitter } from 'node:events';
import type { ExtractionContent, FieldResult } from '../../../engine/src/contracts/extraction.js';
import { ServiceError, isServiceError } from '../../../engine/src/errors/service-error.js';
import { Engine } from '../../../engine/src/node/engine.js';
import type { ReadProgress } from '../../../engine/src/ocr/document-reader.js';
import { PageImages, type PageImage } from '../../../server/src/console/page-images.js';
import { applyCorrection, parseFieldPath } from '../../../server/src/extraction/apply-correction.js';
import { randomToken } from '../../../server/src/ids.js';
import { FolderWatcher } from '../capture/folder-watcher.js';
import { LocalStore, type DocumentSource, type LocalCorrection, type LocalDocument } from '../store/local-store.js';
import { OutboxSender, type SenderOptions } from '../sync/outbox-sender.js';
import { ServerClient, type SyncSettings } from '../sync/server-client.js';

/** The sync settings as the screens see them: the key only by its end. */
export interface PublicSettings {
  server_url: string | null;
  publishable_key_hint: string | null;
  send: 'lines' | 'file';
  document_type: string;
  corrected_by: string;
  /** A scanner's output folder to take documents from; null when none. */
  watch_folder: string | null;
}

/** A document as the screens see it: what is kept, and what the engine is doing to it now. */
export type LiveDocument = LocalDocument & { reading: boolean; progress: ReadProgress | null };

export interface ReviewView {
  document: LocalDocument;
  result: ExtractionContent | null;
  error: { code: string; message: string } | null;
  corrections: LocalCorrection[];
  pages: { number: number; width: number; height: number }[];
}

export interface BackendOptions {
  /** The app's user-data folder (the store and the documents). */
  dataDir: string;
  engine?: Engine;
  fetchImpl?: typeof fetch;
  sender?: Omit<SenderOptions, 'onChange' | 'send' | 'correctedBy'>;
  /** How often the watched folder is looked at (default 2 s). */
  watchPollMs?: number;
}

const DEFAULT_TYPE = 'payment_receipt';

/**
 * The desktop app's backend, the same in Electron's main process and in Node for the browser
 * tests: documents are kept the moment they are captured, read by the engine (its OCR pool
 * works off the calling thread), put in the review queue when a person must look, corrected
 * there, and sent to the server by the outbox. `changed` events name the document that moved.
 */
export class DesktopBackend extends EventEmitter {
  private readonly reading = new Map<string, Promise<void>>();
  /** Pages read so far of the documents being read (long PDFs and TIFFs show it). */
  private readonly progress = new Map<string, ReadProgress>();
  private readonly images = new PageImages();
  private client: ServerClient | null = null;
  private readonly sender: OutboxSender;
  private watcher: FolderWatcher | null = null;

  private constructor(
    readonly store: LocalStore,
    private readonly engine: Engine,
    private readonly options: BackendOptions,
  ) {
    super();
    this.client = this.makeClient();
    this.sender = new OutboxSender(store, () => this.client, {
      ...options.sender,
      send: this.settings().send,
      correctedBy: this.settings().corrected_by,
      onChange: (id) => this.emit('changed', id),
    });
  }

  static open(options: BackendOptions): DesktopBackend {
    const backend = new DesktopBackend(LocalStore.open(options.dataDir), options.engine ?? new Engine(), options);
    // Documents kept but not read when the app last stopped are read now.
    for (const id of backend.store.unread()) backend.read(id);
    backend.sender.start();
    backend.watch();
    return backend;
  }

  async close(): Promise<void> {
    this.watcher?.stop();
    await this.sender.stop();
    await Promise.allSettled(this.reading.values());
    if (!this.options.engine) await this.engine.close();
    this.store.close();
  }

  /** Keeps the document at once and starts reading it; the answer does not wait for the reading. */
  capture(input: { bytes: Uint8Array; name: string; mediaType?: string | null; source: DocumentSource }): LocalDocument {
    if (input.bytes.length === 0) throw new ServiceError('empty_file');
    const doc = this.store.capture(input);
    if (doc.status === 'captured') this.read(doc.id);
    this.emit('changed', doc.id);
    return doc;
  }

  /** The document with what the engine is doing to it: reading or not, and how far (pages). */
  live(doc: LocalDocument): LiveDocument {
    return { ...doc, reading: this.reading.has(doc.id), progress: this.progress.get(doc.id) ?? null };
  }

  /** Resolves once every document captured so far has been read. */
  async idle(): Promise<void> {
    while (this.reading.size > 0) await Promise.allSettled(this.reading.values());
  }

  documents(filter: { review?: LocalDocument['review'] } = {}): LiveDocument[] {
    return this.store.documents(filter).map((d) => this.live(d));
  }

  review(id: string): ReviewView {
    const document = this.existing(id);
    const saved = this.store.result(id);
    const result = (saved?.result ?? null) as ExtractionContent | null;
    const ocrPages = (result?.ocr?.pages ?? []) as { page: number; width: number; height: number }[];
    return {
      document,
      result,
      error: saved?.error ?? null,
      corrections: this.store.corrections(id),
      pages: ocrPages.map((p) => ({ number: p.page, width: p.width, height: p.height })),
    };
  }

  async pageImage(id: string, page: number): Promise<PageImage> {
    const document = this.existing(id);
    const result = this.store.result(id)?.result as { ocr?: { pages?: { page: number; rotation?: number }[] } } | undefined;
    const rotation = result?.ocr?.pages?.find((p) => p.page === page)?.rotation ?? 0;
    const image = await this.images.image({ id: document.id, document_path: this.store.files.path(document.id), pages: null }, page, rotation);
    if (!image) throw new ServiceError('extraction_not_found', { param: 'page', message: 'The document has no such page.' });
    return image;
  }

  /** A person's value for a field: the local result changes and the correction waits in the outbox. */
  correct(id: string, field: unknown, value: unknown): { correction: LocalCorrection; field: FieldResult } {
    this.existing(id);
    const { path, parts } = parseFieldPath(field);
    const result = this.store.result(id)?.result as Parameters<typeof applyCorrection>[0] | null;
    if (!result) throw new ServiceError('field_not_found', { param: 'field', message: 'The document has no result yet.' });
    const applied = applyCorrection(result, parts, value, null);
    const correction: LocalCorrection = { id: `lcor_${randomToken(20)}`, document_id: id, field: path, previous_value: applied.previous, value: applied.value, created_at: new Date().toISOString() };
    this.store.recordCorrection(correction, result);
    this.sender.poke();
    this.emit('changed', id);
    return { correction, field: applied.result };
  }

  /** The person is done with the document: it leaves the review queue. */
  accept(id: string): LocalDocument {
    this.existing(id);
    this.store.setReview(id, 'done');
    this.emit('changed', id);
    return this.store.document(id)!;
  }

  settings(): PublicSettings {
    const key = this.store.setting('publishable_key');
    return {
      server_url: this.store.setting('server_url'),
      publishable_key_hint: key ? `...${key.slice(-4)}` : null,
      send: this.store.setting('send') === 'file' ? 'file' : 'lines',
      document_type: this.store.setting('document_type') ?? DEFAULT_TYPE,
      corrected_by: this.store.setting('corrected_by') ?? 'desktop app',
      watch_folder: this.store.setting('watch_folder') || null,
    };
  }

  /** Saves the sync settings once they pass the client's checks (a secret key is refused). */
  configure(input: { server_url?: string; publishable_key?: string; send?: 'lines' | 'file'; document_type?: string; corrected_by?: string; watch_folder?: string }): PublicSettings {
    const next: SyncSettings = { serverUrl: input.server_url ?? this.store.setting('server_url') ?? '', publishableKey: input.publishable_key ?? this.store.setting('publishable_key') ?? '' };
    if (input.server_url !== undefined || input.publishable_key !== undefined) ServerClient.checkSettings(next);
    if (input.server_url !== undefined) this.store.putSetting('server_url', input.server_url);
    if (input.publishable_key !== undefined) this.store.putSetting('publishable_key', input.publishable_key);
    if (input.send !== undefined) this.store.putSetting('send', input.send);
    if (input.document_type !== undefined) this.store.putSetting('document_type', input.document_type);
    if (input.corrected_by !== undefined) this.store.putSetting('corrected_by', input.corrected_by);
    if (input.watch_folder !== undefined) {
      this.store.putSetting('watch_folder', input.watch_folder);
      this.watch();
    }
    this.client = this.makeClient();
    this.sender.configure({ send: this.settings().send, correctedBy: this.settings().corrected_by });
    this.syncNow();
    return this.settings();
  }

  /** Every waiting entry is tried now (the network is back, or the person asked). */
  syncNow(): void {
    this.store.retryNow();
    this.sender.poke();
  }

  /** Sends what is due and resolves when done (tests and the "sync now" button's answer). */
  async syncOnce(): Promise<number> {
    this.store.retryNow();
    return this.sender.runOnce();
  }

  /** (Re)starts looking at the configured scanner folder; documents found there are captured as `folder`. */
  private watch(): void {
    this.watcher?.stop();
    this.watcher = null;
    const folder = this.store.setting('watch_folder');
    if (!folder) return;
    this.watcher = new FolderWatcher(folder, (file) => this.capture({ ...file, source: 'folder' }), (err) => this.emit('error', err), this.options.watchPollMs);
    this.watcher.start();
  }

  /** One look at the watched folder now (tests, and a "look now" button). */
  lookNow(): string[] {
    return this.watcher?.look() ?? [];
  }

  private makeClient(): ServerClient | null {
    const serverUrl = this.store.setting('server_url');
    const publishableKey = this.store.setting('publishable_key');
    if (!serverUrl || !publishableKey) return null;
    try {
      return new ServerClient({ serverUrl, publishableKey }, this.options.fetchImpl);
    } catch {
      return null;
    }
  }

  private existing(id: string): LocalDocument {
    const doc = typeof id === 'string' ? this.store.document(id) : null;
    if (!doc) throw new ServiceError('extraction_not_found', { message: 'No such document on this device.' });
    return doc;
  }

  private read(id: string): void {
    if (this.reading.has(id)) return;
    const job = this.extract(id).finally(() => {
      this.reading.delete(id);
      this.progress.delete(id);
      this.emit('changed', id);
    });
    this.reading.set(id, job);
    this.emit('changed', id);
  }

  private async extract(id: string): Promise<void> {
    const doc = this.store.document(id);
    if (!doc) return;
    try {
      const result = await this.engine.extract({ file: this.store.files.read(id), declaredType: doc.media_type ?? undefined }, this.settings().document_type, {
        options: { include_ocr: true },
        onProgress: (p) => {
          this.progress.set(id, p);
          this.emit('changed', id);
        },
      });
      this.store.saveExtraction(id, { result, reviewRequired: result.review.required });
      this.sender.poke();
    } catch (err) {
      const error = isServiceError(err) ? { code: err.code, message: err.message } : { code: 'internal_error', message: 'The document could not be read.' };
      this.store.saveExtraction(id, { error });
    }
  }
}
