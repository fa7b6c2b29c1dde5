// The camera's document outline and perspective correction (OpenCV.js, as the renderer runs it):
// a receipt photographed at an angle on a dark counter is found, straightened, and read.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { angledPhoto, nodeOpenCv, RECEIPT } from '../support/angled-photo.js';
import { Engine } from '../../engine/src/node/engine.js';
import { correctPerspective, findDocumentQuad, orderCorners, type OpenCv, type Point } from '../../renderer/src/desktop/document-outline.js';

let cv: OpenCv;
const engine = new Engine();

beforeAll(async () => {
  ({ cv } = await nodeOpenCv());
}, 60_000);
afterAll(async () => engine.close());

const photo = (quad: Point[], width: number, height: number) => angledPhoto(cv, quad, width, height);

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
