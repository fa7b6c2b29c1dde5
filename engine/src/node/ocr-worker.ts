import { workerData } from 'node:worker_threads';
import type { RgbImage } from '../contracts/raster.js';
import { isServiceError, ServiceError } from '../errors/service-error.js';
import { readDocument } from '../intake/node/read-document.js';
import { anyPhotoStep, normalizePhoto } from '../intake/photo-normalize.js';
import { readDocumentText } from '../ocr/document-reader.js';
import { DEFAULT_PAGE_READ_OPTIONS, FAST_PAGE_READ_OPTIONS, type OcrModels, type PageReadOptions } from '../ocr/page-reader.js';
import { createOnnxNodeRuntime } from '../runtime/node/onnx-node-runtime.js';
import { loadOcrModels } from '../../../models/src/load-ocr-models.js';
import { packageFileSource } from '../../../models/src/node/package-file-source.js';
import type { OcrJob, OcrJobResult, OcrWorkerData } from './ocr-job.js';

const settings = (workerData ?? {}) as OcrWorkerData;
// Each worker loads the models once and keeps them for every job it runs.
let loading: Promise<OcrModels> | null = null;

function models(): Promise<OcrModels> {
  loading ??= loadOcrModels(createOnnxNodeRuntime(), packageFileSource(settings.modelRoot), { threads: settings.threads, recognizer: settings.recognizer }).catch(
    (err: unknown) => {
      loading = null; // a later job tries again, e.g. after the model package is installed
      throw err;
    },
  );
  return loading;
}

/** The worker's page settings (or fast mode's), with the job's tiling when it asks for one. */
function pageOptions(job: OcrJob): PageReadOptions {
  const base = job.fast ? FAST_PAGE_READ_OPTIONS : (settings.pageOptions ?? DEFAULT_PAGE_READ_OPTIONS);
  if (job.tiling === undefined || job.tiling === base.detection.tiling) return base;
  return { ...base, detection: { ...base.detection, tiling: job.tiling } };
}

/** Piscina task: intake, then the text of every page (and a PDF's embedded XML). Never throws: errors come back as data. */
export default async function runOcrJob(job: OcrJob): Promise<OcrJobResult> {
  try {
    const doc = await readDocument(job.bytes, { declaredType: job.declaredType, limits: job.limits });
    try {
      const opts = pageOptions(job);
      // Photo steps are for pictures; a PDF page is a rendering, not a photo.
      const photo = opts.photo;
      const prepare = doc.mediaType !== 'application/pdf' && anyPhotoStep(photo) ? (image: RgbImage) => normalizePhoto(image, photo) : undefined;
      const pages = await readDocumentText(doc.pages, models, opts, job.progress && ((p) => job.progress!.postMessage(p)), prepare);
      const result: OcrJobResult = { ok: true, mediaType: doc.mediaType, pages, warnings: doc.warnings };
      if (doc.embeddedXml?.length) result.embeddedXml = doc.embeddedXml;
      if (doc.embeddedXmlUnreadable) result.embeddedXmlUnreadable = true;
      return result;
    } finally {
      await doc.close();
    }
  } catch (err) {
    return { ok: false, error: toData(err) };
  } finally {
    job.progress?.close();
  }
}

/** Piscina task `warmUp`: load the models ahead of the first document. */
export async function warmUp(): Promise<OcrJobResult | { ok: true }> {
  try {
    await models();
    return { ok: true };
  } catch (err) {
    return { ok: false, error: toData(err) };
  }
}

function toData(err: unknown) {
  const e = isServiceError(err) ? err : new ServiceError('internal_error', { cause: err });
  return { code: e.code, message: e.message, param: e.param, details: e.details };
}
