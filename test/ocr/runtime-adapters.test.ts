// The two inference adapters behind the engine's runtime interface: onnxruntime-node and
// onnxruntime-web (its WebAssembly backend also runs in Node). The same model bytes must give the
// same outputs through either, and the recogniser must read a rendered line through either.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RgbImage } from '../../engine/src/contracts/raster.js';
import { resizeImage } from '../../engine/src/ocr/image-ops.js';
import { latinClassMask, parseCharset } from '../../engine/src/ocr/charset.js';
import { DEFAULT_RECOGNITION_OPTIONS, normalizeBatch, recognizeCrops } from '../../engine/src/ocr/text-recognizer.js';
import { createOnnxWebRuntime } from '../../engine/src/runtime/browser/onnx-web-runtime.js';
import type { InferenceRuntime, InferenceSession, Tensor } from '../../engine/src/runtime/inference.js';
import { createOnnxNodeRuntime } from '../../engine/src/runtime/node/onnx-node-runtime.js';
import { MODEL_MANIFEST, RECOGNIZERS } from '../../models/src/manifest.js';
import { packageFileSource } from '../../models/src/node/package-file-source.js';
import { pseudoRandomFloats, renderReceipt } from '../support/render-receipt.js';

const REC_HEIGHT = DEFAULT_RECOGNITION_OPTIONS.height;

const source = packageFileSource();

function maxAbsDiff(a: Tensor, b: Tensor): number {
  expect(Array.from(a.dims)).toEqual(Array.from(b.dims));
  let max = 0;
  for (let i = 0; i < a.data.length; i++) {
    const d = Math.abs(a.data[i] - b.data[i]);
    if (!(d <= max)) max = d;
  }
  return max;
}

/** 'TOTAL 12.50' rendered straight at the recogniser's input height (48 px). */
function renderLineCrop(text: string): Promise<RgbImage> {
  return renderReceipt([text], { width: 12 + text.length * 19, height: 48, x: 6, firstBaseline: 35, fontSize: 30 });
}

describe('onnxruntime-node and onnxruntime-web adapters', () => {
  const runtimes: Record<'node' | 'web', InferenceRuntime> = { node: createOnnxNodeRuntime(), web: createOnnxWebRuntime() };
  const sessions: Record<'node' | 'web', { classifier: InferenceSession; recognizer: InferenceSession }> = {} as never;
  let charset: string[];
  let crop: RgbImage;

  beforeAll(async () => {
    const [cls, rec, dict] = await Promise.all([
      source.read(MODEL_MANIFEST.classifier),
      source.read(MODEL_MANIFEST.recognizer),
      source.read(MODEL_MANIFEST.recognizer.charset),
    ]);
    charset = parseCharset(new TextDecoder().decode(dict), MODEL_MANIFEST.recognizer.charset.appendSpace);
    crop = await renderLineCrop('TOTAL 12.50');
    for (const kind of ['node', 'web'] as const) {
      // The very same bytes through each runtime.
      sessions[kind] = {
        classifier: await runtimes[kind].createSession(cls),
        recognizer: await runtimes[kind].createSession(rec),
      };
    }
  });

  afterAll(async () => {
    for (const s of Object.values(sessions)) await Promise.all([s.classifier.release(), s.recognizer.release()]);
  });

  it('name themselves after their library and version', () => {
    expect(runtimes.node.name).toMatch(/^onnxruntime-node\/\d+\.\d+/);
    expect(runtimes.web.name).toMatch(/^onnxruntime-web\/\d+\.\d+/);
  });

  it('the classifier gives the same outputs through both (random batch of 3)', async () => {
    const dims = [3, 3, 48, 192];
    const input = { data: pseudoRandomFloats(3 * 3 * 48 * 192, 41), dims };
    const a = await sessions.node.classifier.run(input);
    const b = await sessions.web.classifier.run(input);
    expect(Array.from(a.dims)).toEqual([3, 2]);
    expect(maxAbsDiff(a, b)).toBeLessThan(1e-3);
  });

  it('the classifier gives the same outputs through both on a rendered line, and finds it upright', async () => {
    const input = normalizeBatch([crop], 48, 192);
    const a = await sessions.node.classifier.run(input);
    const b = await sessions.web.classifier.run(input);
    expect(maxAbsDiff(a, b)).toBeLessThan(1e-3);
    expect(a.data[1]).toBeLessThan(0.5); // probability of upside down
  });

  it('the recogniser gives the same outputs through both on a rendered word crop', async () => {
    // The crop is 48 px high; the recogniser reads lines at its own height.
    const line = resizeImage(crop, Math.round((crop.width * REC_HEIGHT) / crop.height), REC_HEIGHT);
    const width = Math.ceil(line.width / 8) * 8;
    const input = normalizeBatch([line], REC_HEIGHT, width);
    const a = await sessions.node.recognizer.run(input);
    const b = await sessions.web.recognizer.run(input);
    expect(a.dims[0]).toBe(1);
    expect(a.dims[2]).toBe(charset.length + 1);
    expect(maxAbsDiff(a, b)).toBeLessThan(1e-3);
  });

  for (const kind of ['node', 'web'] as const) {
    it(`recognising a rendered 'TOTAL 12.50' through onnxruntime-${kind} reads 12.50`, async () => {
      const line = resizeImage(crop, Math.round((crop.width * REC_HEIGHT) / crop.height), REC_HEIGHT);
      const [read] = await recognizeCrops(sessions[kind].recognizer, [line], charset, DEFAULT_RECOGNITION_OPTIONS, latinClassMask(charset));
      expect(read.text).toContain('12.50');
      expect(read.text.toUpperCase().replace(/\s+/g, '')).toBe('TOTAL12.50');
      expect(read.confidence).toBeGreaterThan(0.8);
      expect(read.confidence).toBeLessThanOrEqual(1);
    });
  }

  it('the Latin recogniser reads a line with accents to the same text through both', async () => {
    // A committed fixture (test/fixtures/accented-line.png), so both runtimes see the same pixels.
    const [bytes, dict] = await Promise.all([source.read(RECOGNIZERS.latin), source.read(RECOGNIZERS.latin.charset)]);
    const latinCharset = parseCharset(new TextDecoder().decode(dict), RECOGNIZERS.latin.charset.appendSpace);
    const latin = { node: await runtimes.node.createSession(bytes), web: await runtimes.web.createSession(bytes) };
    const png = readFileSync(new URL('../fixtures/accented-line.png', import.meta.url));
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const crop: RgbImage = { width: info.width, height: info.height, data: new Uint8Array(data) };
    const line = resizeImage(crop, Math.round((crop.width * REC_HEIGHT) / crop.height), REC_HEIGHT);
    const [viaNode] = await recognizeCrops(latin.node, [line], latinCharset, DEFAULT_RECOGNITION_OPTIONS);
    const [viaWeb] = await recognizeCrops(latin.web, [line], latinCharset, DEFAULT_RECOGNITION_OPTIONS);
    await Promise.all([latin.node.release(), latin.web.release()]);
    expect(viaWeb.text).toBe(viaNode.text);
    // The whole line to the letter: the umlaut (the English recogniser read 'Muller'), `ß` and `€`.
    expect(viaNode.text).toBe('Müller Straße 4,50 €');
  });
});
