// The OCR pages the engine reports with include_ocr carry the turn the page needed, so that a
// viewer (the console's review) can turn the stored image to match the boxes.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../engine/src/node/engine.js';

const RECEIPT = readFileSync(new URL('../fixtures/sample-receipt.png', import.meta.url));

describe('Engine OCR pages', () => {
  const engine = new Engine();
  afterAll(async () => engine.close());

  it('reports rotation 0 for an upright page and the clockwise turn for one lying on its side', async () => {
    const upright = await engine.extract({ file: RECEIPT }, 'payment_receipt', { options: { include_ocr: true } });
    expect(upright.ocr?.pages).toMatchObject([{ page: 1, rotation: 0 }]);
    // Turned 90° clockwise: reading it upright takes another 270°.
    const sideways = await sharp(RECEIPT).rotate(90).png().toBuffer();
    const turned = await engine.extract({ file: sideways }, 'payment_receipt', { options: { include_ocr: true } });
    expect(turned.ocr?.pages).toMatchObject([{ page: 1, rotation: 270 }]);
    expect(turned.data.amount).toBe(upright.data.amount);
  }, 120_000);
});
