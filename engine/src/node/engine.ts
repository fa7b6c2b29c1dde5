import type { ExtractionContent, ExtractionMode, ExtractionWarning } from '../contracts/extraction.js';
import type { OcrPage } from '../contracts/ocr.js';
import type { ReadProgress } from '../ocr/document-reader.js';
import type { IntakeLimits } from '../intake/document.js';
import { ServiceError } from '../errors/service-error.js';
import { parseClientOcr } from '../extract/client-ocr.js';
import { templateVersion, type DocumentTypeVersion } from '../extract/document-type.js';
import { parseExtractOptions, parseMode } from '../extract/extract-options.js';
import { readEmbeddedInvoice, type EmbeddedInvoice } from '../extract/embedded/read-embedded-invoice.js';
import { extractFromText } from '../extract/extract-text.js';
import { layoutDocument, type TextPage } from '../extract/layout/document-text.js';
import type { LayoutModel, LineRoles } from '../extract/layout-model/layout-model.js';
import { createOnnxNodeRuntime } from '../runtime/node/onnx-node-runtime.js';
import { loadLayoutModel } from '../../../models/src/load-layout-model.js';
import { packageFileSource } from '../../../models/src/node/package-file-source.js';
import type { VerificationEndpoint } from '../extract/verify/chat-client.js';
import { verifyExtraction } from '../extract/verify/verify-extraction.js';
import { warningFor } from '../extract/warnings.js';
import { OcrPool, type OcrPoolOptions } from './ocr-pool.js';

/** What to read: a file's bytes, or lines a device already recognised. */
export type EngineInput = { file: Uint8Array; declaredType?: string } | { client_ocr: unknown };

export interface EngineExtractOptions {
  /** `fast`, `standard` (default) or `verified`. */
  mode?: unknown;
  /** The request's `options` (object or JSON text). */
  options?: unknown;
  /** "Today" for date rules; now by default. */
  now?: Date;
  /**
   * The caller's data policy on language models (the organization's `llm`). Verified mode needs
   * `enabled` (the default); anything else refuses it with `verification_disabled`.
   */
  llm?: 'enabled' | 'disabled';
  /** Document limits lower than the spec's (an organization's file size and page count). */
  limits?: Partial<IntakeLimits>;
  /** Called as a file's pages are read: before the first page and after each (not for client OCR). */
  onProgress?: (progress: ReadProgress) => void;
  /** False: the rules alone, without the layout model (the benchmark compares the two). */
  layoutModel?: boolean;
}

export interface EngineSettings extends OcrPoolOptions {
  /**
   * Verified mode's language-model endpoint (OpenAI-compatible chat completions, see
   * docs/verification.md); without one verified mode is refused with `verification_disabled`.
   */
  verification?: VerificationEndpoint | null;
  /** False: never load the layout model; fields are found by the rules alone. */
  layoutModel?: boolean;
}

/**
 * The engine as Node callers use it (the CLI, the server, Electron's main process):
 * `extract(input, documentType, options)` returns the extraction content. Files are read off the
 * calling thread by an OCR pool whose models load once; `client_ocr` needs no models at all.
 */
export class Engine {
  private pool: OcrPool | null = null;
  private layout: Promise<LayoutModel | null> | null = null;

  constructor(private readonly settings: EngineSettings = {}) {}

  /** Load the OCR models now; throws `ocr_unavailable` where they cannot be loaded. */
  async warmUp(): Promise<void> {
    await this.ocr().warmUp();
  }

  async extract(input: EngineInput, documentType: string | DocumentTypeVersion, opts: EngineExtractOptions = {}): Promise<ExtractionContent> {
    const mode: ExtractionMode = parseMode(opts.mode);
    const options = parseExtractOptions(opts.options);
    const type = typeof documentType === 'string' ? templateVersion(documentType) : documentType;
    const endpoint = this.settings.verification ?? null;
    if (mode === 'verified') {
      // Refused before any work: no page is read, nothing is sent anywhere.
      if (opts.llm !== undefined && opts.llm !== 'enabled') throw new ServiceError('verification_disabled');
      if (!endpoint) throw new ServiceError('verification_disabled', { message: 'Verified mode is not available because no language-model endpoint is configured.' });
    }

    let pages: TextPage[];
    let embedded: EmbeddedInvoice | null = null;
    const warnings: ExtractionWarning[] = [];
    if ('client_ocr' in input) {
      const parsed = parseClientOcr(input.client_ocr);
      pages = parsed.pages;
      warnings.push(...parsed.warnings);
    } else {
      const read = await this.ocr().read({ bytes: input.file, declaredType: input.declaredType, fast: mode === 'fast', tiling: options.tiling, limits: opts.limits }, opts.onProgress);
      pages = read.pages.map((p: OcrPage) => ({ page: p.page, width: p.width, height: p.height, source: p.source, rotation: p.rotation, lines: p.lines }));
      warnings.push(...read.warnings.map(warningFor));
      // An embedded invoice XML is read first, unless the caller asked for the visible page only.
      if (options.embedded_data && (read.embeddedXml?.length || read.embeddedXmlUnreadable)) {
        const found = readEmbeddedInvoice(read.embeddedXml ?? []);
        embedded = found.invoice;
        if (!embedded && (found.unreadable || read.embeddedXmlUnreadable)) warnings.push(warningFor('embedded_data_unreadable'));
      }
    }
    const roles = opts.layoutModel === false ? null : await this.lineRoles(pages);
    let content = extractFromText({ pages, warnings, embedded }, type, {
      roles,
      mode,
      now: opts.now,
      knownMerchants: options.known_merchants,
      reviewBelow: options.review_below,
    });
    if (mode === 'verified' && endpoint) content = await verifyExtraction(content, pages, type.definition, endpoint, { now: opts.now });
    return options.include_ocr ? { ...content, ocr: { pages } } : content;
  }

  async close(): Promise<void> {
    await this.pool?.close();
    this.pool = null;
    const layout = await this.layout?.catch(() => null);
    this.layout = null;
    await layout?.release();
  }

  /** Whether the layout model is loaded and used (it loads with the first extraction). */
  async layoutModelReady(): Promise<boolean> {
    return (await this.layoutModel()) !== null;
  }

  /**
   * The layout model, loaded once on the main thread (it is small: a few milliseconds a document,
   * on one ORT thread). Where it cannot be loaded the engine extracts with the rules alone.
   */
  private layoutModel(): Promise<LayoutModel | null> {
    if (this.settings.layoutModel === false) return Promise.resolve(null);
    this.layout ??= loadLayoutModel(createOnnxNodeRuntime(), packageFileSource(this.settings.modelRoot)).catch(() => null);
    return this.layout;
  }

  /** The model's role probabilities for the pages' lines, laid out as extraction lays them out; null without the model. */
  private async lineRoles(pages: readonly TextPage[]): Promise<LineRoles | null> {
    const model = await this.layoutModel();
    if (!model) return null;
    try {
      return await model.roles(layoutDocument(pages));
    } catch {
      return null;
    }
  }

  private ocr(): OcrPool {
    this.pool ??= new OcrPool(this.settings);
    return this.pool;
  }
}
