// client_ocr input and request options: both shapes, polygons, limits, and every refusal.
import { describe, expect, it } from 'vitest';
import { CLIENT_OCR_MAX_LINES, CLIENT_OCR_MAX_PAGES, parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { parseExtractOptions, parseMode } from '../../engine/src/extract/extract-options.js';
import { isServiceError } from '../../engine/src/errors/service-error.js';
import { Engine } from '../../engine/src/node/engine.js';
import { receiptPage } from '../support/receipt-lines.js';

const line = (text: string, y = 0.1) => ({ text, bounding_box: { x: 0.1, y, width: 0.5, height: 0.02 } });

function refusal(fn: () => unknown): { code: string; param?: string; message: string; details?: Record<string, unknown> } {
  try {
    fn();
  } catch (err) {
    if (isServiceError(err)) return { code: err.code, param: err.param, message: err.message, details: err.details };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('parseClientOcr', () => {
  it('reads {width, height, lines} as one page, lines with confidence 1 unless given', () => {
    const { pages, warnings } = parseClientOcr({ width: 600, height: 1400, lines: [line('SHOP'), { ...line('TOTAL 9.00', 0.5), confidence: 0.7 }] });
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ page: 1, width: 600, height: 1400, source: 'client_ocr' });
    expect(pages[0].lines.map((l) => [l.text, l.confidence])).toEqual([['SHOP', 1], ['TOTAL 9.00', 0.7]]);
    expect(warnings).toEqual([]);
  });

  it('reads {pages: [...]} and a JSON string of it', () => {
    const input = { pages: [receiptPage(['A']), receiptPage(['B', 'C'])] };
    const fromText = parseClientOcr(JSON.stringify(input));
    expect(fromText.pages.map((p) => [p.page, p.lines.length])).toEqual([[1, 1], [2, 2]]);
  });

  it('accepts a 4-point polygon, as [x, y] pairs or {x, y} points, as the box around it', () => {
    const { pages } = parseClientOcr({ width: 1, height: 1, lines: [
      { text: 'A', polygon: [[0.1, 0.2], [0.5, 0.21], [0.5, 0.25], [0.1, 0.24]] },
      { text: 'B', polygon: [{ x: 0.2, y: 0.3 }, { x: 0.4, y: 0.3 }, { x: 0.4, y: 0.35 }, { x: 0.2, y: 0.35 }] },
    ] });
    expect(pages[0].lines[0].bounding_box.x).toBeCloseTo(0.1);
    expect(pages[0].lines[0].bounding_box.width).toBeCloseTo(0.4);
    expect(pages[0].lines[0].bounding_box.height).toBeCloseTo(0.05);
    expect(pages[0].lines[1].bounding_box).toMatchObject({ x: 0.2, y: 0.3 });
  });

  it('keeps words with their boxes', () => {
    const { pages } = parseClientOcr({ width: 1, height: 1, lines: [{ ...line('TOTAL 9.00'), words: [{ text: 'TOTAL', bounding_box: { x: 0.1, y: 0.1, width: 0.2, height: 0.02 } }, { text: '9.00', confidence: 0.8, bounding_box: { x: 0.4, y: 0.1, width: 0.2, height: 0.02 } }] }] });
    expect(pages[0].lines[0].words.map((w) => [w.text, w.confidence])).toEqual([['TOTAL', 1], ['9.00', 0.8]]);
  });

  it('ignores lines past 2,500 a page and pages past 30, with a warning', () => {
    const many = Array.from({ length: CLIENT_OCR_MAX_LINES + 10 }, (_, i) => line(`L${i}`, (i % 40) / 41));
    const one = parseClientOcr({ width: 1, height: 1, lines: many });
    expect(one.pages[0].lines).toHaveLength(CLIENT_OCR_MAX_LINES);
    expect(one.warnings.map((w) => w.code)).toEqual(['client_ocr_truncated']);
    const pages = parseClientOcr({ pages: Array.from({ length: CLIENT_OCR_MAX_PAGES + 2 }, () => receiptPage(['X'])) });
    expect(pages.pages).toHaveLength(CLIENT_OCR_MAX_PAGES);
    expect(pages.warnings.map((w) => w.code)).toEqual(['client_ocr_truncated']);
  });

  it('drops blank lines; with no text line at all it is invalid_client_ocr', () => {
    expect(parseClientOcr({ width: 1, height: 1, lines: [line(' '), line('A')] }).pages[0].lines).toHaveLength(1);
    expect(refusal(() => parseClientOcr({ width: 1, height: 1, lines: [line('  ')] }))).toMatchObject({ code: 'invalid_client_ocr', param: 'client_ocr' });
    expect(refusal(() => parseClientOcr({ width: 1, height: 1, lines: [] })).code).toBe('invalid_client_ocr');
  });

  it('refuses malformed input with invalid_client_ocr and the place of the problem', () => {
    const cases: [unknown, string][] = [
      [null, '(root)'],
      [[], '(root)'],
      [42, '(root)'],
      [{ lines: [line('A')] }, 'width'],
      [{ width: 0, height: 1, lines: [line('A')] }, 'width'],
      [{ width: 1, height: 1 }, 'lines'],
      [{ pages: 'x' }, 'pages'],
      [{ pages: [] }, 'pages'],
      [{ pages: [null] }, 'pages[0]'],
      [{ width: 1, height: 1, lines: ['TOTAL'] }, 'lines[0]'],
      [{ width: 1, height: 1, lines: [{ text: 5, bounding_box: line('A').bounding_box }] }, 'lines[0].text'],
      [{ width: 1, height: 1, lines: [{ text: 'A' }] }, 'lines[0]'],
      [{ width: 1, height: 1, lines: [{ text: 'A', bounding_box: { x: 0.1, y: 0.1, width: 0.5 } }] }, 'lines[0].bounding_box.height'],
      [{ width: 1, height: 1, lines: [{ text: 'A', bounding_box: { x: 120, y: 40, width: 300, height: 20 } }] }, 'lines[0].bounding_box.x'],
      [{ width: 1, height: 1, lines: [{ text: 'A', bounding_box: { x: 0.8, y: 0.1, width: 0.5, height: 0.1 } }] }, 'lines[0].bounding_box'],
      [{ width: 1, height: 1, lines: [{ text: 'A', polygon: [[0, 0], [1, 0], [1, 1]] }] }, 'lines[0].polygon'],
      [{ width: 1, height: 1, lines: [{ ...line('A'), confidence: 1.5 }] }, 'lines[0].confidence'],
      [{ width: 1, height: 1, lines: [{ ...line('A'), words: [{ text: 'A' }] }] }, 'lines[0].words[0]'],
    ];
    for (const [input, path] of cases) {
      expect(refusal(() => parseClientOcr(input)), JSON.stringify(input)).toMatchObject({ code: 'invalid_client_ocr', details: { path } });
    }
  });

  it('JSON text that does not parse is invalid_json for client_ocr', () => {
    expect(refusal(() => parseClientOcr('{"width": 1,'))).toMatchObject({ code: 'invalid_json', param: 'client_ocr' });
  });
});

describe('options and mode', () => {
  it('defaults, and known_merchants cut to 250 names of 60 characters', () => {
    expect(parseExtractOptions(undefined)).toEqual({ known_merchants: [], embedded_data: true, include_ocr: false, tiling: 'auto' });
    for (const tiling of ['auto', 'off', 'adaptive']) expect(parseExtractOptions({ tiling }).tiling).toBe(tiling);
    const names = Array.from({ length: 300 }, (_, i) => `${'X'.repeat(70)}${i}`);
    const o = parseExtractOptions(JSON.stringify({ known_merchants: names, embedded_data: false, include_ocr: true, future_option: 1 }));
    expect(o.known_merchants).toHaveLength(250);
    expect(o.known_merchants.every((n) => n.length === 60)).toBe(true);
    expect(o).toMatchObject({ embedded_data: false, include_ocr: true });
  });

  it('refuses options that are not an object, do not parse, or have a known option of the wrong type', () => {
    expect(refusal(() => parseExtractOptions('[1]')).code).toBe('invalid_options');
    expect(refusal(() => parseExtractOptions(7)).code).toBe('invalid_options');
    expect(refusal(() => parseExtractOptions('{oops'))).toMatchObject({ code: 'invalid_json', param: 'options' });
    expect(refusal(() => parseExtractOptions({ known_merchants: 'ACME' }))).toMatchObject({ code: 'invalid_option', param: 'options.known_merchants' });
    expect(refusal(() => parseExtractOptions({ embedded_data: 'no' }))).toMatchObject({ code: 'invalid_option', param: 'options.embedded_data' });
    expect(refusal(() => parseExtractOptions({ review_below: 2 }))).toMatchObject({ code: 'invalid_option', param: 'options.review_below' });
    for (const tiling of ['Adaptive', true, 2, null]) {
      const err = refusal(() => parseExtractOptions({ tiling }));
      expect(err).toMatchObject({ code: 'invalid_option', param: 'options.tiling' });
      expect(err.message).toContain('auto, off, adaptive');
    }
  });

  it('reads the mode case-insensitively and refuses others', () => {
    expect(parseMode(undefined)).toBe('standard');
    expect(parseMode('FAST')).toBe('fast');
    expect(parseMode('verified')).toBe('verified');
    expect(refusal(() => parseMode('turbo'))).toMatchObject({ code: 'invalid_mode', param: 'mode' });
  });
});

describe('Engine with client_ocr', () => {
  const engine = new Engine();
  const receipt = receiptPage(['SHOP SDN BHD', 'Date: 01/02/2024', 'TOTAL 9.00']);

  it('extracts without loading any model, with the OCR lines when asked', async () => {
    const ex = await engine.extract({ client_ocr: receipt }, 'retail_receipt', { options: { include_ocr: true }, now: new Date('2026-01-01') });
    expect(ex.data).toMatchObject({ merchant: 'SHOP SDN BHD', transaction_date: '2024-02-01', amount: 9 });
    expect(ex.ocr?.pages).toHaveLength(1);
  });

  it('refuses verified mode without a configured endpoint, an unknown template, bad options', async () => {
    await expect(engine.extract({ client_ocr: receipt }, 'retail_receipt', { mode: 'verified' })).rejects.toMatchObject({ code: 'verification_disabled' });
    await expect(engine.extract({ client_ocr: receipt }, 'parking_ticket')).rejects.toMatchObject({ code: 'unknown_template' });
    await expect(engine.extract({ client_ocr: receipt }, 'retail_receipt', { options: '[]' })).rejects.toMatchObject({ code: 'invalid_options' });
    await expect(engine.extract({ client_ocr: { lines: [] } }, 'retail_receipt')).rejects.toMatchObject({ code: 'invalid_client_ocr' });
  });
});
