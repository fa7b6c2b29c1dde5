import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { OcrLine } from '../../engine/src/contracts/ocr.js';
import type { RgbImage } from '../../engine/src/contracts/raster.js';
import { ServiceError } from '../../engine/src/errors/service-error.js';
import { exceedsImageLimits, pdfRenderScale, RASTER_MAX_SHORT_SIDE_PX, resolveLimits } from '../../engine/src/intake/limits.js';
import { readDocument, type ReadDocumentOptions } from '../../engine/src/intake/node/read-document.js';
import { findPngDamage } from '../../engine/src/intake/png-check.js';
import { declaredTypeMismatch, sniffMediaType } from '../../engine/src/intake/sniff.js';
import { buildPdf, receiptPdf, textPdf, zeroPagePdf } from './pdf-builder.js';
import { pngHeaderOnly } from '../support/png-header.js';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/intake/${name}`, import.meta.url)));

/** The ServiceError code `readDocument` refuses the bytes with. */
async function refusal(bytes: Uint8Array, options?: ReadDocumentOptions): Promise<string> {
  try {
    await readDocument(bytes, options);
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return (error as ServiceError).code;
  }
  throw new Error('expected readDocument to refuse the file');
}

function pixel(image: RgbImage, x: number, y: number): [number, number, number] {
  const at = (y * image.width + x) * 3;
  return [image.data[at], image.data[at + 1], image.data[at + 2]];
}

function expectClose(actual: number[], expected: number[], tolerance: number) {
  actual.forEach((value, i) => expect(Math.abs(value - expected[i]), `channel ${i}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance));
}

const solid = (width: number, height: number, colour: { r: number; g: number; b: number; alpha?: number }) =>
  sharp({ create: { width, height, channels: colour.alpha === undefined ? 3 : 4, background: colour } });


/** An ISO BMFF file: `ftyp` with the given brands and, optionally, a `meta` box whose primary item has `itemType`. */
function bmff(major: string, compatible: string[], itemType?: string): Uint8Array {
  const box = (type: string, payload: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + payload.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, payload]);
  };
  const fullBox = (type: string, version: number, payload: Buffer) => box(type, Buffer.concat([Buffer.from([version, 0, 0, 0]), payload]));
  const ftyp = box('ftyp', Buffer.from(major + '\0\0\0\0' + compatible.join(''), 'latin1'));
  if (!itemType) return new Uint8Array(ftyp);
  const pitm = fullBox('pitm', 0, Buffer.from([0, 1]));
  const infe = fullBox('infe', 2, Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.from(itemType + '\0', 'latin1')]));
  const iinf = fullBox('iinf', 0, Buffer.concat([Buffer.from([0, 1]), infe]));
  const meta = fullBox('meta', 0, Buffer.concat([pitm, iinf]));
  return new Uint8Array(Buffer.concat([ftyp, meta]));
}

describe('sniffMediaType', () => {
  const bytes = (...values: (number | string)[]) =>
    Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? Array.from(v, (c) => c.charCodeAt(0)) : [v])));

  it('recognises the supported formats by their magic bytes', () => {
    expect(sniffMediaType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0)).mediaType).toBe('image/jpeg');
    expect(sniffMediaType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 'IHDR')).mediaType).toBe('image/png');
    expect(sniffMediaType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 ')).mediaType).toBe('image/webp');
    expect(sniffMediaType(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt ')).mediaType).toBeUndefined();
    expect(sniffMediaType(bytes('II', 42, 0, 8, 0, 0, 0)).mediaType).toBe('image/tiff');
    expect(sniffMediaType(bytes('MM', 0, 42, 0, 0, 0, 8)).mediaType).toBe('image/tiff');
    expect(sniffMediaType(bytes('II', 43, 0, 8, 0, 0, 0)).mediaType).toBe('image/tiff'); // BigTIFF
    expect(sniffMediaType(bytes('%PDF-1.7\n')).mediaType).toBe('application/pdf');
  });

  it('accepts %PDF- within the first 1024 bytes only', () => {
    const at = (offset: number) => new Uint8Array([...new Uint8Array(offset).fill(0x20), ...bytes('%PDF-1.4\n')]);
    expect(sniffMediaType(at(500)).mediaType).toBe('application/pdf');
    expect(sniffMediaType(at(1023)).mediaType).toBe('application/pdf');
    expect(sniffMediaType(at(1024)).mediaType).toBeUndefined();
  });

  it('takes a PNG with a mangled signature but an IHDR at offset 12 for a (damaged) PNG', () => {
    expect(sniffMediaType(bytes(0x89, 'PNg', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 'IHDR')).mediaType).toBe('image/png');
  });

  it('names other formats and refuses them', () => {
    expect(sniffMediaType(bytes('GIF89a', 1, 0, 1, 0))).toEqual({ mediaType: undefined, detected: 'image/gif' });
    expect(sniffMediaType(bytes('BM', ...new Array(30).fill(0))).detected).toBe('image/bmp');
    expect(sniffMediaType(bytes('hello world')).detected).toBe('application/octet-stream');
  });

  it('decides HEIF by codec, then by brands; AV1 is AVIF even with mif1', () => {
    expect(sniffMediaType(bmff('heic', ['mif1', 'heic'])).mediaType).toBe('image/heic');
    expect(sniffMediaType(bmff('heix', ['mif1', 'heix'])).mediaType).toBe('image/heic');
    expect(sniffMediaType(bmff('mif1', ['heic'])).mediaType).toBe('image/heic');
    expect(sniffMediaType(bmff('mif1', ['miaf'])).mediaType).toBe('image/heif');
    expect(sniffMediaType(bmff('msf1', ['iso8'])).mediaType).toBe('image/heif');
    expect(sniffMediaType(bmff('avif', ['mif1', 'avif', 'miaf']))).toEqual({ mediaType: undefined, detected: 'image/avif' });
    expect(sniffMediaType(bmff('mif1', ['mif1', 'avif'])).detected).toBe('image/avif');
    expect(sniffMediaType(bmff('avis', ['msf1', 'avis'])).detected).toBe('image/avif');
    // The codec of the primary item outranks the brands, in both directions.
    expect(sniffMediaType(bmff('heic', ['mif1', 'heic'], 'av01')).detected).toBe('image/avif');
    expect(sniffMediaType(bmff('mif1', ['mif1'], 'hvc1')).mediaType).toBe('image/heic');
    expect(sniffMediaType(bmff('isom', ['isom', 'mp41'])).mediaType).toBeUndefined();
  });
});

describe('declaredTypeMismatch', () => {
  it('folds aliases and parameters, and treats absent or generic types as undeclared', () => {
    expect(declaredTypeMismatch(undefined, 'image/jpeg')).toBe(false);
    expect(declaredTypeMismatch('', 'image/jpeg')).toBe(false);
    expect(declaredTypeMismatch('application/octet-stream', 'application/pdf')).toBe(false);
    expect(declaredTypeMismatch('image/jpg', 'image/jpeg')).toBe(false);
    expect(declaredTypeMismatch('image/pjpeg', 'image/jpeg')).toBe(false);
    expect(declaredTypeMismatch('IMAGE/JPEG; charset=binary', 'image/jpeg')).toBe(false);
    expect(declaredTypeMismatch('image/heic', 'image/heif')).toBe(false);
    expect(declaredTypeMismatch('image/heif', 'image/heic')).toBe(false);
    expect(declaredTypeMismatch('image/heic-sequence', 'image/heic')).toBe(false);
    expect(declaredTypeMismatch('image/jpeg', 'image/png')).toBe(true);
    expect(declaredTypeMismatch('application/pdf', 'image/heic')).toBe(true);
    expect(declaredTypeMismatch('text/plain', 'application/pdf')).toBe(true);
  });
});

describe('limits', () => {
  it('can only be lowered', () => {
    expect(resolveLimits({ maxPages: 3, maxFileBytes: 10 ** 9, maxSidePx: -1 })).toEqual({ maxFileBytes: 20_000_000, maxPages: 3, maxSidePx: 14_000, maxPixels: 60_000_000 });
  });

  it('renders PDF pages at 200 dpi, at most 4,000 px long and within the image limits', () => {
    const limits = resolveLimits(undefined);
    expect(pdfRenderScale(612, 792, limits)).toBeCloseTo(200 / 72);
    expect(Math.round(2384 * pdfRenderScale(2384, 3370, limits)!)).toBeLessThanOrEqual(4000); // A0
    const low = resolveLimits({ maxPixels: 1_000_000 });
    const scale = pdfRenderScale(612, 792, low)!;
    expect(exceedsImageLimits(Math.round(612 * scale), Math.round(792 * scale), low)).toBe(false);
    expect(pdfRenderScale(0, 792, limits)).toBeUndefined();
  });
});

describe('readDocument: checks before decoding', () => {
  it('refuses 0 bytes with empty_file', async () => {
    expect(await refusal(new Uint8Array(0))).toBe('empty_file');
  });

  it('refuses a file over the (lowered) size limit with file_too_large, before looking at its type', async () => {
    const png = new Uint8Array(await solid(64, 64, { r: 1, g: 2, b: 3 }).png().toBuffer());
    expect(await refusal(png, { limits: { maxFileBytes: png.length - 1 } })).toBe('file_too_large');
    expect(await refusal(new Uint8Array(200).fill(7), { limits: { maxFileBytes: 100 } })).toBe('file_too_large');
    await expect(readDocument(png, { limits: { maxFileBytes: png.length } })).resolves.toBeDefined();
  });

  it('refuses random bytes, GIF and AVIF with unsupported_media_type', async () => {
    let seed = 12345;
    const random = Uint8Array.from({ length: 4096 }, () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff);
    random[0] = 0x00; // no magic can start with it by chance
    expect(await refusal(random)).toBe('unsupported_media_type');
    const gif = new Uint8Array(await solid(8, 8, { r: 9, g: 9, b: 9 }).gif().toBuffer());
    expect(await refusal(gif)).toBe('unsupported_media_type');
    const avif = new Uint8Array(await solid(8, 8, { r: 9, g: 9, b: 9 }).avif({ effort: 0 }).toBuffer());
    expect(sniffMediaType(avif).detected).toBe('image/avif');
    expect(await refusal(avif, { declaredType: 'image/heif' })).toBe('unsupported_media_type');
  });

  it('reads a file whose declared type is wrong, with warning declared_type_mismatch', async () => {
    const png = new Uint8Array(await solid(4, 4, { r: 1, g: 2, b: 3 }).png().toBuffer());
    const mislabelled = await readDocument(png, { declaredType: 'image/jpeg' });
    expect(mislabelled.mediaType).toBe('image/png');
    expect(mislabelled.warnings).toEqual(['declared_type_mismatch']);
    expect(mislabelled.pages).toHaveLength(1);
    expect((await readDocument(png, { declaredType: 'image/png; charset=binary' })).warnings).toEqual([]);
    expect((await readDocument(png, { declaredType: 'application/octet-stream' })).warnings).toEqual([]);
    expect((await readDocument(png)).warnings).toEqual([]);
  });
});

describe('readDocument: images', () => {
  it('turns a JPEG upright by its EXIF orientation (6: 90 degrees clockwise)', async () => {
    // Stored 40 x 20: left half red, right half blue. Shown upright it is 20 x 40, red on top.
    const stored = await solid(40, 20, { r: 0, g: 0, b: 255 }).composite([{ input: await solid(20, 20, { r: 255, g: 0, b: 0 }).png().toBuffer(), left: 0, top: 0 }]).png().toBuffer();
    const jpeg = new Uint8Array(await sharp(stored).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer());
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const doc = await readDocument(jpeg, { declaredType: 'image/jpeg' });
    expect(doc.mediaType).toBe('image/jpeg');
    expect(doc.warnings).toEqual([]);
    const page = doc.pages[0];
    expect([page.number, page.width, page.height]).toEqual([1, 20, 40]);
    const image = await page.render();
    expect([image.width, image.height, image.data.length]).toEqual([20, 40, 20 * 40 * 3]);
    expectClose(pixel(image, 10, 5), [255, 0, 0], 40);
    expectClose(pixel(image, 10, 34), [0, 0, 255], 40);
    await doc.close();
  });

  it('flattens PNG transparency onto white', async () => {
    // Left half fully transparent, right half black at 50 % opacity.
    const png = new Uint8Array(
      await solid(8, 4, { r: 0, g: 0, b: 0, alpha: 0 })
        .composite([{ input: await solid(4, 4, { r: 0, g: 0, b: 0, alpha: 0.5 }).png().toBuffer(), left: 4, top: 0 }])
        .png()
        .toBuffer(),
    );
    expect((await sharp(png).metadata()).hasAlpha).toBe(true);
    const image = await (await readDocument(png)).pages[0].render();
    expect(image.data.length).toBe(8 * 4 * 3);
    expect(pixel(image, 1, 1)).toEqual([255, 255, 255]);
    expectClose(pixel(image, 6, 1), [128, 128, 128], 3);
  });

  it('reduces a 16-bit PNG to 8-bit RGB', async () => {
    const png = new Uint8Array(await solid(5, 3, { r: 200, g: 100, b: 50 }).toColourspace('rgb16').png().toBuffer());
    expect((await sharp(png).metadata()).depth).toBe('ushort');
    const image = await (await readDocument(png)).pages[0].render();
    expect(image.data.length).toBe(5 * 3 * 3);
    expectClose(pixel(image, 2, 1), [200, 100, 50], 2);
  });

  it('converts a greyscale image to RGB', async () => {
    const grey = new Uint8Array(await solid(6, 6, { r: 90, g: 90, b: 90 }).toColourspace('b-w').png().toBuffer());
    expect((await sharp(grey).metadata()).channels).toBe(1);
    const image = await (await readDocument(grey)).pages[0].render();
    expect(image.data.length).toBe(6 * 6 * 3);
    expectClose(pixel(image, 3, 3), [90, 90, 90], 2);
  });

  it('reads photos and scans with a short side over 2,480 px scaled down to it, and keeps narrow receipts whole', async () => {
    // A 600 dpi A4 scan (halved here to keep the test light: 2,600 x 3,600) and a long narrow receipt.
    const scan = new Uint8Array(await solid(2600, 3600, { r: 250, g: 250, b: 250 }).jpeg({ quality: 80 }).toBuffer());
    const scanDoc = await readDocument(scan);
    const page = await scanDoc.pages[0].render();
    expect([page.width, page.height]).toEqual([RASTER_MAX_SHORT_SIDE_PX, Math.round((3600 * RASTER_MAX_SHORT_SIDE_PX) / 2600)]);
    expect([scanDoc.pages[0].width, scanDoc.pages[0].height]).toEqual([page.width, page.height]);
    const strip = new Uint8Array(await solid(900, 6000, { r: 250, g: 250, b: 250 }).png().toBuffer());
    const stripPage = await (await readDocument(strip)).pages[0].render();
    expect([stripPage.width, stripPage.height]).toEqual([900, 6000]);
  });

  it('reads WebP', async () => {
    const webp = new Uint8Array(await solid(12, 7, { r: 10, g: 200, b: 30 }).webp({ lossless: true }).toBuffer());
    const doc = await readDocument(webp);
    expect(doc.mediaType).toBe('image/webp');
    const image = await doc.pages[0].render();
    expect([image.width, image.height]).toEqual([12, 7]);
    expectClose(pixel(image, 6, 3), [10, 200, 30], 2);
  });

  it('reads each TIFF frame as a page, and refuses more frames than maxPages', async () => {
    const colours = [
      { r: 255, g: 0, b: 0 },
      { r: 0, g: 255, b: 0 },
      { r: 0, g: 0, b: 255 },
    ];
    const frames = await Promise.all(colours.map((c) => solid(8, 6, c).png().toBuffer()));
    const tiff = new Uint8Array(await sharp(frames, { join: { animated: true } }).tiff().toBuffer());
    const doc = await readDocument(tiff);
    expect(doc.mediaType).toBe('image/tiff');
    expect(doc.pages.map((p) => [p.number, p.width, p.height])).toEqual([
      [1, 8, 6],
      [2, 8, 6],
      [3, 8, 6],
    ]);
    for (const [i, page] of doc.pages.entries()) expectClose(pixel(await page.render(), 4, 3), [colours[i].r, colours[i].g, colours[i].b], 2);
    expect(await refusal(tiff, { limits: { maxPages: 2 } })).toBe('too_many_pages');
  });

  it('refuses an image over the limits from its header, before decoding', async () => {
    // 20000 x 10 (a side over 14,000): a real, tiny PNG.
    const wide = new Uint8Array(await solid(20_000, 10, { r: 255, g: 255, b: 255 }).png({ compressionLevel: 9 }).toBuffer());
    expect(await refusal(wide)).toBe('image_too_large');
    // Headers that lie: no pixel data behind them, so only a header check can give image_too_large.
    expect(await refusal(pngHeaderOnly(20_000, 10))).toBe('image_too_large');
    expect(await refusal(pngHeaderOnly(8_000, 8_000))).toBe('image_too_large'); // 64 megapixels
    expect(await refusal(pngHeaderOnly(100, 100), { limits: { maxPixels: 5_000 } })).toBe('image_too_large');
    expect(await refusal(pngHeaderOnly(100, 100))).toBe('unreadable_image'); // within limits, but no pixels
  });

  it('refuses damaged images with unreadable_image', async () => {
    const jpeg = new Uint8Array(await solid(64, 64, { r: 30, g: 60, b: 90 }).jpeg().toBuffer());
    // A truncated JPEG is refused, not read as a partial image (sharp failOn 'error').
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toBe('unreadable_image');
    const png = new Uint8Array(await solid(16, 16, { r: 30, g: 60, b: 90 }).png().toBuffer());
    const badCrc = png.slice();
    const idat = Buffer.from(badCrc).indexOf('IDAT');
    badCrc[idat + 6] ^= 0xff; // flips a data byte: the IDAT CRC no longer matches
    expect(findPngDamage(badCrc)).toBe('bad IDAT CRC');
    expect(await refusal(badCrc)).toBe('unreadable_image');
    expect(findPngDamage(png)).toBeUndefined();
  });
});

describe('readDocument: HEIC/HEIF', () => {
  it('decodes the primary image of a HEIC file', async () => {
    const doc = await readDocument(fixture('small-48x32.heic'), { declaredType: 'image/heif' });
    expect(doc.mediaType).toBe('image/heic');
    expect(doc.warnings).toEqual([]);
    const image = await doc.pages[0].render();
    expect([image.width, image.height, image.data.length]).toEqual([48, 32, 48 * 32 * 3]);
    expectClose(pixel(image, 4, 16), [20, 20, 220], 40);
    expectClose(pixel(image, 40, 16), [220, 30, 30], 40);
  });

  it('flattens HEIF alpha onto white', async () => {
    const image = await (await readDocument(fixture('alpha-16x16.heic'))).pages[0].render();
    expect([image.width, image.height]).toEqual([16, 16]);
    expectClose(pixel(image, 2, 8), [0, 0, 0], 40);
    expectClose(pixel(image, 13, 8), [255, 255, 255], 10);
  });

  it('refuses HEIC with heic_unsupported where the decoder cannot be loaded', async () => {
    const heic = fixture('small-48x32.heic');
    expect(await refusal(heic, { heifDecoder: () => Promise.reject(new Error('no wasm here')) })).toBe('heic_unsupported');
    expect(await refusal(heic, { heifDecoder: null })).toBe('heic_unsupported');
  });

  it('refuses a HEIC over the limits before decoding', async () => {
    expect(await refusal(fixture('small-48x32.heic'), { limits: { maxSidePx: 40 } })).toBe('image_too_large');
  });

  it('refuses a damaged HEIC with unreadable_image', async () => {
    const heic = fixture('small-48x32.heic');
    expect(await refusal(heic.subarray(0, 300))).toBe('unreadable_image');
  });
});

describe('readDocument: PDF', () => {
  const within01 = (box: OcrLine['bounding_box']) => {
    for (const v of [box.x, box.y, box.width, box.height]) expect(v >= 0 && v <= 1).toBe(true);
    expect(box.x + box.width).toBeLessThanOrEqual(1 + 1e-9);
    expect(box.y + box.height).toBeLessThanOrEqual(1 + 1e-9);
  };
  const inside = (inner: OcrLine['bounding_box'], outer: OcrLine['bounding_box']) => {
    expect(inner.x).toBeGreaterThanOrEqual(outer.x - 1e-9);
    expect(inner.y).toBeGreaterThanOrEqual(outer.y - 1e-9);
    expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 1e-9);
    expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height + 1e-9);
  };

  it('gives the text layer as lines with word boxes, and renders without form fields', async () => {
    const doc = await readDocument(receiptPdf(), { declaredType: 'application/pdf' });
    expect(doc.mediaType).toBe('application/pdf');
    expect(doc.warnings).toEqual([]);
    expect(doc.pages).toHaveLength(1);
    const page = doc.pages[0];
    // 300 x 200 pt at 200 dpi.
    expect([page.width, page.height]).toEqual([833, 556]);
    const lines = page.textLines!;
    expect(lines.map((l) => l.text)).toEqual(['TOTAL 12.50', 'Card VISA', '9.99']);
    const total = lines[0];
    expect(total.confidence).toBe(1);
    expect(total.words.map((w) => w.text)).toEqual(['TOTAL', '12.50']);
    // "TOTAL" starts at x = 20 pt of 300; the baseline is at y = 160 pt from the bottom of 200.
    expect(total.bounding_box.x).toBeCloseTo(20 / 300, 3);
    expect(total.bounding_box.y).toBeLessThan(40 / 200);
    expect(total.bounding_box.y + total.bounding_box.height).toBeGreaterThan(40 / 200);
    expect(total.words[0].bounding_box.x + total.words[0].bounding_box.width).toBeLessThan(total.words[1].bounding_box.x);
    for (const line of lines) {
      within01(line.bounding_box);
      for (const word of line.words) {
        expect(word.confidence).toBe(1);
        within01(word.bounding_box);
        inside(word.bounding_box, line.bounding_box);
      }
    }
    // "Card" and "VISA" are two runs joined into one line; "9.99", far along the same baseline, is its own line.
    expect(lines[1].bounding_box.y).toBeCloseTo(lines[2].bounding_box.y, 5);

    const image = await page.render();
    expect([image.width, image.height, image.data.length]).toEqual([833, 556, 833 * 556 * 3]);
    const scale = 833 / 300;
    // The widget (a black box in its appearance stream) at [150 20 290 80] is not drawn.
    expect(pixel(image, Math.round(220 * scale), Math.round((200 - 50) * scale))).toEqual([255, 255, 255]);
    // Text is drawn: some dark pixels inside the box of "TOTAL".
    const box = total.words[0].bounding_box;
    let dark = 0;
    for (let y = Math.floor(box.y * image.height); y < (box.y + box.height) * image.height; y++) {
      for (let x = Math.floor(box.x * image.width); x < (box.x + box.width) * image.width; x++) if (pixel(image, x, y)[0] < 100) dark++;
    }
    expect(dark).toBeGreaterThan(100);
    await doc.close();
    await expect(page.render()).rejects.toMatchObject({ code: 'unreadable_pdf' });
  });

  it('gives boxes of the upright page for a page with /Rotate 90', async () => {
    const doc = await readDocument(receiptPdf({ rotate: 90 }));
    const page = doc.pages[0];
    expect([page.width, page.height]).toEqual([556, 833]);
    const total = page.textLines!.find((l) => l.text === 'TOTAL 12.50')!;
    expect(total.bounding_box.height).toBeGreaterThan(total.bounding_box.width); // runs top to bottom
    for (const line of page.textLines!) {
      within01(line.bounding_box);
      for (const word of line.words) inside(word.bounding_box, line.bounding_box);
    }
    const image = await page.render();
    expect(image.data.length).toBe(556 * 833 * 3);
    await doc.close();
  });

  it('reads every page, each with its own text', async () => {
    const doc = await readDocument(textPdf(3));
    expect(doc.pages.map((p) => p.textLines?.map((l) => l.text))).toEqual([['Page 1'], ['Page 2'], ['Page 3']]);
    await doc.close();
  });

  it('refuses a PDF without pages with empty_pdf', async () => {
    expect(await refusal(zeroPagePdf())).toBe('empty_pdf');
  });

  it('refuses more pages than maxPages with too_many_pages', async () => {
    expect(await refusal(textPdf(31))).toBe('too_many_pages');
    expect(await refusal(textPdf(3), { limits: { maxPages: 2 } })).toBe('too_many_pages');
  });

  it('refuses a damaged PDF with unreadable_pdf', async () => {
    const garbage = Uint8Array.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 9 0 R >> garbage', (c) => c.charCodeAt(0));
    expect(await refusal(garbage)).toBe('unreadable_pdf');
    // The root points at an object that is not a catalog.
    expect(await refusal(buildPdf(['<< /Type /Pages /Kids [] /Count 0 >>', '(not a catalog)'], { root: 2 }))).toBe('unreadable_pdf');
  });

  it('refuses a password-protected PDF with pdf_encrypted, and reads one with owner restrictions only', async () => {
    // Made with qpdf: see test/fixtures/intake/README.md.
    expect(await refusal(fixture('encrypted-user-password.pdf'))).toBe('pdf_encrypted');
    const ownerOnly = await readDocument(fixture('encrypted-owner-only.pdf'));
    expect(ownerOnly.pages[0].textLines?.map((l) => l.text)).toEqual(['Receipt 1']);
    await ownerOnly.close();
  });

  it('turns a pdf.js operation over its time limit into unreadable_pdf', async () => {
    expect(await refusal(receiptPdf(), { pdfOperationTimeoutMs: 0 })).toBe('unreadable_pdf');
  });
});
