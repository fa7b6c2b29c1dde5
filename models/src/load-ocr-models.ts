import { ServiceError } from '../../engine/src/errors/service-error.js';
import { parseCharset, readerClasses } from '../../engine/src/ocr/charset.js';
import type { OcrModels } from '../../engine/src/ocr/page-reader.js';
import type { InferenceRuntime, InferenceSession } from '../../engine/src/runtime/inference.js';
import { optimizeOnnxGraph, restrictOutputClasses } from './graph-optimizer.js';
import { MODEL_MANIFEST, RECOGNIZERS, type PackagedFile, type RecognizerName } from './manifest.js';

/** Where model bytes come from: node_modules in Node, a static URL in the browser. */
export interface ModelFileSource {
  read(file: PackagedFile): Promise<Uint8Array>;
}

export interface LoadOcrModelsOptions {
  /** Threads for each model run. */
  threads?: number;
  /** Which shipped recogniser reads the lines; the manifest's default when absent. */
  recognizer?: RecognizerName;
}

/**
 * Load the OCR models of the manifest: check each file's sha256, apply the exact graph rewrites,
 * open sessions. Any missing or altered file gives `ocr_unavailable`.
 */
export async function loadOcrModels(
  runtime: InferenceRuntime,
  source: ModelFileSource,
  options: LoadOcrModelsOptions = {},
): Promise<OcrModels & { release(): Promise<void> }> {
  const sessionOptions = { threads: options.threads };
  const { detector: det, classifier: cls } = MODEL_MANIFEST;
  const rec = options.recognizer ? RECOGNIZERS[options.recognizer] : MODEL_MANIFEST.recognizer;
  const fullCharset = parseCharset(new TextDecoder().decode(await readVerified(source, rec.charset)), rec.charset.appendSpace);
  // The reader answers in Latin script: of a multilingual recogniser keep the blank and the Latin
  // classes; a Latin recogniser's classes are all kept as they are.
  const { keep, charset } = 'latinSubset' in rec.charset && rec.charset.latinSubset ? readerClasses(fullCharset) : { keep: undefined, charset: fullCharset };
  const open = async (file: PackagedFile, restrict?: readonly number[]): Promise<InferenceSession> => {
    let { bytes } = optimizeOnnxGraph(await readVerified(source, file));
    if (restrict) bytes = restrictOutputClasses(bytes, restrict);
    try {
      return await runtime.createSession(bytes, sessionOptions);
    } catch (cause) {
      throw new ServiceError('ocr_unavailable', { details: { model: file.file, reason: 'load_failed' }, cause });
    }
  };
  const opened = await Promise.allSettled([open(det), open(cls), open(rec, keep)]);
  const failed = opened.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failed) {
    // Free what did open: a caller that retries must not pile up sessions.
    await Promise.all(opened.map((o) => (o.status === 'fulfilled' ? o.value.release() : undefined)));
    throw failed.reason;
  }
  const [detector, classifier, recognizer] = opened.map((o) => (o as PromiseFulfilledResult<InferenceSession>).value);
  return {
    detector,
    classifier,
    recognizer,
    charset,
    async release() {
      await Promise.all([detector.release(), classifier.release(), recognizer.release()]);
    },
  };
}

async function readVerified(source: ModelFileSource, file: PackagedFile): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = await source.read(file);
  } catch (cause) {
    throw new ServiceError('ocr_unavailable', { details: { model: file.file, reason: 'missing' }, cause });
  }
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  if (hex !== file.sha256) throw new ServiceError('ocr_unavailable', { details: { model: file.file, reason: 'checksum_mismatch' } });
  return bytes;
}
