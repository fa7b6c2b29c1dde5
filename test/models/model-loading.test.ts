// Model files and their loading: the manifest's checksums match the installed packages, the exact
// graph rewrites keep every output, and a missing or altered file makes OCR unavailable.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RgbImage } from '../../engine/src/contracts/raster.js';
import { resizeImage } from '../../engine/src/ocr/image-ops.js';
import { DEFAULT_RECOGNITION_OPTIONS, normalizeBatch } from '../../engine/src/ocr/text-recognizer.js';
import type { InferenceRuntime, InferenceSession, Tensor } from '../../engine/src/runtime/inference.js';
import { createOnnxNodeRuntime } from '../../engine/src/runtime/node/onnx-node-runtime.js';
import { optimizeOnnxGraph, restrictOutputClasses, type OptimizeReport } from '../../models/src/graph-optimizer.js';
import { loadOcrModels, type ModelFileSource } from '../../models/src/load-ocr-models.js';
import { DEFAULT_RECOGNIZER, MODEL_MANIFEST, RECOGNIZERS, type PackagedFile } from '../../models/src/manifest.js';
import { packageFileSource } from '../../models/src/node/package-file-source.js';
import { urlFileSource } from '../../models/src/browser/url-file-source.js';
import { makeTempDir, pseudoRandomFloats, renderReceipt } from '../support/render-receipt.js';
import { serviceErrorFrom } from '../support/service-error.js';

const source = packageFileSource();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The detector's input: B, G, R planes with ImageNet mean and std (the page must be a multiple of 32). */
function detectorInput(page: RgbImage): Tensor {
  const mean = [0.406, 0.456, 0.485];
  const std = [0.225, 0.224, 0.229];
  const plane = page.width * page.height;
  const data = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) data[c * plane + i] = (page.data[i * 3 + (2 - c)] / 255 - mean[c]) / std[c];
  }
  return { data, dims: [1, 3, page.height, page.width] };
}

const maxOf = (data: Float32Array) => data.reduce((m, v) => (v > m ? v : m), -Infinity);

function maxAbsDiff(a: Tensor, b: Tensor): number {
  expect(Array.from(a.dims)).toEqual(Array.from(b.dims));
  expect(a.data.length).toBe(b.data.length);
  let max = 0;
  for (let i = 0; i < a.data.length; i++) {
    const d = Math.abs(a.data[i] - b.data[i]);
    if (!(d <= max)) max = d; // NaN propagates as a failure
  }
  return max;
}

describe('MODEL_MANIFEST', () => {
  const files: [string, PackagedFile][] = [
    ...Object.entries(MODEL_MANIFEST).map(([role, entry]) => [role, entry] as [string, PackagedFile]),
    ...Object.entries(RECOGNIZERS).flatMap(([name, entry]) => [
      [`${name} recognizer`, entry],
      [`${name} recognizer charset`, entry.charset],
    ] as [string, PackagedFile][]),
  ];
  for (const [role, file] of files) {
    it(`${role}: ${file.package}/${file.file} is installed and matches its sha256`, async () => {
      const bytes = await source.read(file);
      expect(bytes.length).toBeGreaterThan(0);
      expect(sha256(bytes)).toBe(file.sha256);
    });
  }

  it('the Latin recogniser has its own dictionary, every class read, a space appended', async () => {
    const text = new TextDecoder().decode(await source.read(RECOGNIZERS.latin.charset));
    const classes = text.split(/\r?\n/).filter((l) => l !== '');
    expect(classes.length).toBeGreaterThan(330);
    expect(classes).toEqual(expect.arrayContaining(['ü', 'ß', 'ł', 'ő', '€', '£']));
    expect(RECOGNIZERS.latin.charset.appendSpace).toBe(true);
    expect('latinSubset' in RECOGNIZERS.latin.charset).toBe(false);
  });

  it('the Latin recogniser is the default', () => {
    expect(DEFAULT_RECOGNIZER).toBe('latin');
    expect(MODEL_MANIFEST.recognizer).toBe(RECOGNIZERS.latin);
  });

  it('the English recogniser keeps its multilingual dictionary, of which the reader keeps the Latin part', async () => {
    const text = new TextDecoder().decode(await source.read(RECOGNIZERS.english.charset));
    expect(text.split(/\r?\n/).filter((l) => l !== '').length).toBeGreaterThan(6000);
    expect(RECOGNIZERS.english.charset.latinSubset).toBe(true);
  });

  it('loads either recogniser by name: the Latin one answers in all its classes, the English one in its Latin subset', async () => {
    const runtime = createOnnxNodeRuntime();
    const latin = await loadOcrModels(runtime, source, { threads: 1, recognizer: 'latin' });
    const english = await loadOcrModels(runtime, source, { threads: 1, recognizer: 'english' });
    try {
      expect(latin.charset).toContain('ő');
      expect(latin.charset).toContain('€');
      expect(english.charset).not.toContain('ő');
      expect(english.charset.length).toBeLessThan(latin.charset.length);
      const dims = [1, 3, 32, 96];
      const input = { data: pseudoRandomFloats(3 * 32 * 96, 5), dims };
      expect((await latin.recognizer.run(input)).dims[2]).toBe(latin.charset.length + 1);
      expect((await english.recognizer.run(input)).dims[2]).toBe(english.charset.length + 1);
    } finally {
      await Promise.all([latin.release(), english.release()]);
    }
  });
});

describe('optimizeOnnxGraph', () => {
  const runtime = createOnnxNodeRuntime();
  const sessions: InferenceSession[] = [];
  afterAll(async () => {
    await Promise.all(sessions.map((s) => s.release()));
  });

  // Both versions of each model, opened once for the file.
  const opened = new Map<PackagedFile, Promise<{ before: InferenceSession; after: InferenceSession; report: OptimizeReport }>>();
  const open = async (file: PackagedFile) => {
    const original = await source.read(file);
    const { bytes, report } = optimizeOnnxGraph(original);
    const before = await runtime.createSession(original, { threads: 2 });
    const after = await runtime.createSession(bytes, { threads: 2 });
    sessions.push(before, after);
    return { before, after, report };
  };

  async function compare(file: PackagedFile, input: Tensor) {
    if (!opened.has(file)) opened.set(file, open(file));
    const { before, after, report } = await (opened.get(file) as ReturnType<typeof open>);
    const a = await before.run(input);
    const b = await after.run(input);
    return { report, diff: maxAbsDiff(a, b), out: a };
  }

  it('rewrites the recogniser and keeps its output (max abs difference < 1e-3)', async () => {
    const dims = [2, 3, MODEL_MANIFEST.recognizer.input.shape[2], 320];
    const input = { data: pseudoRandomFloats(dims.reduce((p, d) => p * d, 1), 21), dims };
    const { report, diff, out } = await compare(MODEL_MANIFEST.recognizer, input);
    const total = report.foldedAfterConv + report.foldedBeforeConv + report.hardSwish;
    expect(total).toBeGreaterThan(0);
    expect(out.dims[0]).toBe(2);
    const dictionary = new TextDecoder().decode(await source.read(MODEL_MANIFEST.recognizer.charset));
    const entries = dictionary.split(/\r?\n/).filter((l) => l !== '').length;
    expect(out.dims[2]).toBe(entries + 2); // classes: blank, the dictionary, space
    expect(diff).toBeLessThan(1e-3);
  });

  it('rewrites the detector and keeps its output (max abs difference < 1e-3)', async () => {
    // A rendered page, normalised as the detector expects, so the map holds real text responses.
    const page = await renderReceipt(['TOTAL 12.50', 'CASH 20.00'], { width: 288, height: 224, x: 20, firstBaseline: 80, lineStep: 90 });
    const { report, diff, out } = await compare(MODEL_MANIFEST.detector, detectorInput(page));
    const total = report.foldedAfterConv + report.foldedBeforeConv + report.hardSwish;
    expect(total).toBeGreaterThan(0);
    expect(Array.from(out.dims)).toEqual([1, 1, 224, 288]);
    expect(maxOf(out.data)).toBeGreaterThan(0.5);
    expect(diff).toBeLessThan(1e-3);
  });

  it('keeps the detector output on noise too', async () => {
    const dims = [1, 3, 96, 128];
    const input = { data: pseudoRandomFloats(dims.reduce((p, d) => p * d, 1), 22, -2, 2), dims };
    expect((await compare(MODEL_MANIFEST.detector, input)).diff).toBeLessThan(1e-3);
  });

  it('reads lines at the height the shipped recogniser was trained for', () => {
    // The engine's default and the manifest live apart (the engine core cannot import models/).
    expect(DEFAULT_RECOGNITION_OPTIONS.height).toBe(MODEL_MANIFEST.recognizer.input.shape[2]);
  });

  it('keeps the recogniser output on a rendered line', async () => {
    const h = MODEL_MANIFEST.recognizer.input.shape[2];
    const crop = await renderReceipt(['TOTAL 12.50'], { width: 240, height: 48, x: 8, firstBaseline: 34, fontSize: 30 });
    const { diff, out } = await compare(MODEL_MANIFEST.recognizer, normalizeBatch([resizeImage(crop, 160, h)], h, 160));
    expect(maxOf(out.data)).toBeGreaterThan(0.5);
    expect(diff).toBeLessThan(1e-3);
  });

  it('keeps the classifier output too, whatever it rewrites', async () => {
    const dims = [3, 3, 48, 192];
    const input = { data: pseudoRandomFloats(dims.reduce((p, d) => p * d, 1), 23), dims };
    const { diff, out } = await compare(MODEL_MANIFEST.classifier, input);
    expect(Array.from(out.dims)).toEqual([3, 2]);
    expect(diff).toBeLessThan(1e-3);
  });

  it('is deterministic and idempotent in effect (a second pass keeps the output)', async () => {
    const original = await source.read(MODEL_MANIFEST.recognizer);
    const once = optimizeOnnxGraph(original);
    const again = optimizeOnnxGraph(original);
    expect(sha256(once.bytes)).toBe(sha256(again.bytes));
    expect(once.report).toEqual(again.report);
    const twice = optimizeOnnxGraph(once.bytes);
    expect(twice.report.foldedAfterConv + twice.report.foldedBeforeConv + twice.report.hardSwish).toBe(0);
    // The input bytes are left as they were (the checksum still matches).
    expect(sha256(original)).toBe(MODEL_MANIFEST.recognizer.sha256);
  });
});

/** A runtime that opens nothing: loading errors are decided before any session matters. */
function fakeRuntime(fail = false): InferenceRuntime & { created: Uint8Array[] } {
  const created: Uint8Array[] = [];
  return {
    name: 'fake/0',
    created,
    async createSession(model: Uint8Array): Promise<InferenceSession> {
      if (fail) throw new Error('cannot open');
      created.push(model);
      return {
        run: async () => ({ data: new Float32Array(0), dims: [0] }),
        release: async () => {},
      };
    },
  };
}

function sourceWith(change: (file: PackagedFile, bytes: Uint8Array) => Uint8Array | 'missing'): ModelFileSource {
  return {
    async read(file) {
      const bytes = await source.read(file);
      const changed = change(file, bytes);
      if (changed === 'missing') throw Object.assign(new Error(`ENOENT: no such file, open '${file.file}'`), { code: 'ENOENT' });
      return changed;
    },
  };
}

describe('loadOcrModels', () => {
  const emptyRoot = makeTempDir('ocr-models-empty');
  afterAll(() => rmSync(emptyRoot, { recursive: true, force: true }));

  it('loads every model through the runtime with the rewritten bytes and the Latin charset', async () => {
    const runtime = fakeRuntime();
    const models = await loadOcrModels(runtime, source, { threads: 1 });
    expect(runtime.created).toHaveLength(3);
    // The recogniser keeps only its Latin classes: ASCII, Latin letters, a few currency signs.
    expect(models.charset.length).toBeGreaterThan(90);
    expect(models.charset.length).toBeLessThan(400);
    expect(models.charset[models.charset.length - 1]).toBe(' ');
    for (const ch of ['A', 'z', '0', ':', '$', '%']) expect(models.charset).toContain(ch);
    expect(models.charset.some((ch) => /[\u3000-\u9fff\uff00-\uffef]/.test(ch))).toBe(false);
    expect(models.allowedClasses).toBeUndefined();
    await models.release();
  });

  it('a package folder without the files => ocr_unavailable, reason missing', async () => {
    const runtime = fakeRuntime();
    const err = await serviceErrorFrom(loadOcrModels(runtime, packageFileSource(emptyRoot)));
    expect(err.code).toBe('ocr_unavailable');
    expect(err.status).toBe(503);
    expect(err.details?.reason).toBe('missing');
    expect(typeof err.details?.model).toBe('string');
    expect(runtime.created).toHaveLength(0);
  });

  it('one missing model file => ocr_unavailable, reason missing, naming the file', async () => {
    const err = await serviceErrorFrom(
      loadOcrModels(
        fakeRuntime(),
        sourceWith((file, bytes) => (file.file === MODEL_MANIFEST.classifier.file ? 'missing' : bytes)),
      ),
    );
    expect(err.code).toBe('ocr_unavailable');
    expect(err.details).toMatchObject({ reason: 'missing', model: MODEL_MANIFEST.classifier.file });
  });

  it('a model file with one altered byte => ocr_unavailable, reason checksum_mismatch', async () => {
    const err = await serviceErrorFrom(
      loadOcrModels(
        fakeRuntime(),
        sourceWith((file, bytes) => {
          if (file.file !== MODEL_MANIFEST.recognizer.file) return bytes;
          const copy = bytes.slice();
          copy[copy.length >> 1] ^= 0x01;
          return copy;
        }),
      ),
    );
    expect(err.code).toBe('ocr_unavailable');
    expect(err.details).toMatchObject({ reason: 'checksum_mismatch', model: MODEL_MANIFEST.recognizer.file });
  });

  it('a truncated detector or an edited dictionary => checksum_mismatch', async () => {
    const truncated = await serviceErrorFrom(
      loadOcrModels(
        fakeRuntime(),
        sourceWith((file, bytes) => (file.file === MODEL_MANIFEST.detector.file ? bytes.subarray(0, bytes.length - 1) : bytes)),
      ),
    );
    expect(truncated.details).toMatchObject({ reason: 'checksum_mismatch', model: MODEL_MANIFEST.detector.file });
    const runtime = fakeRuntime();
    const edited = await serviceErrorFrom(
      loadOcrModels(
        runtime,
        sourceWith((file, bytes) => (file === MODEL_MANIFEST.recognizer.charset ? new TextEncoder().encode(`${new TextDecoder().decode(bytes)}x\n`) : bytes)),
      ),
    );
    expect(edited.code).toBe('ocr_unavailable');
    expect(edited.details).toMatchObject({ reason: 'checksum_mismatch', model: MODEL_MANIFEST.recognizer.charset.file });
    expect(runtime.created).toHaveLength(0);
  });

  it('a runtime that cannot open a model => ocr_unavailable, reason load_failed', async () => {
    const err = await serviceErrorFrom(loadOcrModels(fakeRuntime(true), source));
    expect(err.code).toBe('ocr_unavailable');
    expect(err.details?.reason).toBe('load_failed');
  });
});

describe('loadOcrModels with onnxruntime-node', () => {
  let models: Awaited<ReturnType<typeof loadOcrModels>>;
  beforeAll(async () => {
    models = await loadOcrModels(createOnnxNodeRuntime(), source, { threads: 2 });
  });
  afterAll(async () => {
    await models?.release();
  });

  it('opens sessions that run: the classifier gives two probabilities a crop', async () => {
    const dims = [1, 3, 48, 192];
    const out = await models.classifier.run({ data: pseudoRandomFloats(48 * 192 * 3, 31), dims });
    expect(Array.from(out.dims)).toEqual([1, 2]);
    expect(out.data[0] + out.data[1]).toBeCloseTo(1, 4);
  });
});

describe('restrictOutputClasses', () => {
  it('keeps the arg-max of the kept classes and returns only those classes', async () => {
    const runtime = createOnnxNodeRuntime();
    const full = optimizeOnnxGraph(await source.read(RECOGNIZERS.english)).bytes;
    const keep = [0, ...Array.from({ length: 120 }, (_, i) => 1 + i * 37)];
    const [a, b] = await Promise.all([runtime.createSession(full), runtime.createSession(restrictOutputClasses(full, keep))]);
    const line = await renderReceipt(['TOTAL 12.50'], { width: 420, height: 48, fontSize: 30, x: 10, firstBaseline: 36 });
    const tensor = normalizeBatch([line], 48, 420);
    const [outA, outB] = await Promise.all([a.run(tensor), b.run(tensor)]);
    const [, steps, classes] = outA.dims;
    expect(Array.from(outB.dims)).toEqual([1, steps, keep.length]);
    for (let t = 0; t < steps; t++) {
      let best = 0;
      for (let j = 1; j < keep.length; j++) if (outA.data[t * classes + keep[j]] > outA.data[t * classes + keep[best]]) best = j;
      const row = outB.data.subarray(t * keep.length, (t + 1) * keep.length);
      expect(row.indexOf(maxOf(row))).toBe(best);
    }
    await Promise.all([a.release(), b.release()]);
  });

  it('refuses a graph that does not end in MatMul -> Add -> Softmax, and out-of-range classes', async () => {
    const cls = await source.read(MODEL_MANIFEST.classifier);
    expect(() => restrictOutputClasses(cls, [0, 1])).toThrow(/cannot restrict output classes/);
    const rec = await source.read(MODEL_MANIFEST.recognizer);
    expect(() => restrictOutputClasses(rec, [0, 999_999])).toThrow(/out of range/);
  });
});

describe('urlFileSource (the browser loader) against a loopback server', () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    // Serves package files from node_modules at /models/<package>/<file>, as the app would.
    const root = join(process.cwd(), 'node_modules');
    server = createServer((req, res) => {
      const path = decodeURIComponent((req.url ?? '').replace(/^\/models\//, ''));
      readFile(join(root, path)).then(
        (body) => res.end(body),
        () => res.writeHead(404).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/models/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches the same bytes as the package source', async () => {
    const viaUrl = await urlFileSource(baseUrl).read(MODEL_MANIFEST.classifier);
    expect(sha256(viaUrl)).toBe(MODEL_MANIFEST.classifier.sha256);
  });

  it('a file the server does not have => loadOcrModels gives ocr_unavailable, reason missing', async () => {
    const err = await serviceErrorFrom(loadOcrModels(createOnnxNodeRuntime(), urlFileSource(`${baseUrl}nowhere/`)));
    expect(err.code).toBe('ocr_unavailable');
    expect(err.details?.reason).toBe('missing');
  });
});
