// The camera's document outline and perspective correction (OpenCV.js, as the renderer runs it):
// a receipt photographed at an angle on a dark counter is found, straightened, and read.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../engine/src/node/engine.js';
import { correctPerspective, findDocumentQuad, matFromRgba, orderCorners, type OpenCv, type Point, type Rgba } from '../../renderer/src/desktop/document-outline.js';

const RECEIPT = readFileSync(new URL('../fixtures/sample-receipt.png', import.meta.url));
let cv: OpenCv;
const engine = new Engine();

beforeAll(async () => {
  // Loaded with require: Vitest awaits an imported CommonJS namespace, and OpenCV.js is a
  // thenable that resolves to itself. The renderer loads it through Vite (renderer/src/desktop/opencv.ts).
  cv = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv;
  if (!cv.Mat) await new Promise<void>((resolve) => (cv as unknown as { then(f: () => void): unknown }).then(() => resolve()));
}, 60_000);
afterAll(async () => engine.close());

/** The receipt warped onto a dark, slightly noisy counter so that its corners land on `quad`. */
async function photo(quad: Point[], width: number, height: number): Promise<Rgba> {
  const { data, info } = await sharp(RECEIPT).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const paper = matFromRgba(cv, { data: new Uint8ClampedArray(data), width: info.width, height: info.height });
  // A dark counter with a little grain (a fixed pseudo-random sequence, so every run sees the same frame).
  const counter = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  for (let i = 0; i < counter.length; i += 4) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const grain = (seed >>> 16) % 12;
    counter.set([40 + grain, 42 + grain, 45 + grain, 255], i);
  }
  const scene = matFromRgba(cv, { data: counter, width, height });
  const from = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, info.width, 0, info.width, info.height, 0, info.height]);
  const to = cv.matFromArray(4, 1, cv.CV_32FC2, quad.flatMap((p) => [p.x, p.y]));
  const m = cv.getPerspectiveTransform(from, to);
  cv.warpPerspective(paper, scene, m, new cv.Size(width, height), cv.INTER_LINEAR, cv.BORDER_TRANSPARENT);
  const out = { data: new Uint8ClampedArray(scene.data), width, height };
  for (const x of [paper, scene, from, to, m]) x.delete();
  return out;
}

describe('document outline', () => {
  it('orders corners top-left, top-right, bottom-right, bottom-left', () => {
    const c = orderCorners([{ x: 90, y: 95 }, { x: 10, y: 5 }, { x: 5, y: 90 }, { x: 95, y: 10 }]);
    expect(c).toEqual([{ x: 10, y: 5 }, { x: 95, y: 10 }, { x: 90, y: 95 }, { x: 5, y: 90 }]);
  });

  it('finds a receipt lying at an angle, straightens it, and the engine reads it', async () => {
    const quad = [{ x: 210, y: 160 }, { x: 980, y: 240 }, { x: 1040, y: 1430 }, { x: 150, y: 1360 }];
    const frame = await photo(quad, 1200, 1600);
    const found = findDocumentQuad(cv, frame);
    expect(found).not.toBeNull();
    found!.forEach((p, i) => {
      expect(Math.abs(p.x - quad[i].x), `corner ${i} x`).toBeLessThan(30);
      expect(Math.abs(p.y - quad[i].y), `corner ${i} y`).toBeLessThan(30);
    });
    const straight = correctPerspective(cv, frame, found!);
    const meta = await sharp(RECEIPT).metadata();
    expect(straight.width / straight.height).toBeCloseTo(meta.width! / meta.height!, 1);
    const png = await sharp(Buffer.from(straight.data), { raw: { width: straight.width, height: straight.height, channels: 4 } }).png().toBuffer();
    const read = await engine.extract({ file: png }, 'payment_receipt');
    expect(read.data.amount).toBe(13.05);
  }, 120_000);

  it('finds nothing in a frame without a document', async () => {
    const empty = await photo([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }], 640, 480);
    expect(findDocumentQuad(cv, empty)).toBeNull();
  });
});
