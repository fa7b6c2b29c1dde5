import { describe, expect, it } from 'vitest';
import { CALIBRATION } from '../../engine/src/extract/calibration-weights.js';
import { confidenceOf, featureVector, type ConfidenceFeatures } from '../../engine/src/extract/confidence.js';
import { completeParty } from '../../engine/src/extract/find/header-block.js';

const base: ConfidenceFeatures = { score: 0.9, margin: 0.3, support: 1, rule: false, ocr: 0.99, labelled: true, page: 0.97, complete: true, characters: 10 };

describe('confidence features', () => {
  it('gives every group a weight per feature', () => {
    const n = featureVector(base).length;
    for (const [group, w] of Object.entries(CALIBRATION)) expect(w.weights.length, group).toBe(n);
  });

  it('puts recognition confidences on a log scale, 0.99 halfway to 0.9999', () => {
    const at = (ocr: number) => featureVector({ ...base, ocr })[4];
    expect(at(0.9)).toBeCloseTo(0.25, 6);
    expect(at(0.99)).toBeCloseTo(0.5, 6);
    expect(at(0.9999)).toBeCloseTo(1, 6);
    expect(at(1)).toBe(1);
    expect(featureVector({ ...base, page: 0.99 })[6]).toBeCloseTo(0.5, 6);
  });

  it('caps support at three and codes flags as 0 or 1', () => {
    expect(featureVector({ ...base, support: 9 })[2]).toBe(1);
    expect(featureVector({ ...base, rule: true, labelled: false, complete: false }).slice(3)).toEqual([1, expect.any(Number), 0, expect.any(Number), 0, expect.any(Number)]);
  });

  it('reads the chance of a whole value read right as the line confidence to the power of its characters', () => {
    expect(featureVector({ ...base, ocr: 0.99, characters: 80 })[8]).toBeCloseTo(0.99 ** 80, 9);
    expect(featureVector({ ...base, ocr: 1, characters: 80 })[8]).toBe(1);
    // A long address read at a given confidence is less sure than a short one.
    const address = (characters: number) => confidenceOf('party_address', { ...base, ocr: 0.98, characters });
    expect(address(90)).toBeLessThan(address(20));
  });

  it('stays between 0 and the square root of the line confidence', () => {
    for (const kind of ['total', 'date', 'party_name', 'party_address', 'text'] as const) {
      for (const ocr of [0.3, 0.55, 0.9, 1]) {
        const c = confidenceOf(kind, { ...base, ocr });
        expect(c).toBeGreaterThanOrEqual(0);
        // Rounded to three places.
        expect(c).toBeLessThanOrEqual(Math.sqrt(ocr) + 5e-4);
      }
    }
  });
});

describe('completeParty', () => {
  it.each([
    ['party_name', 'FOUR QUARTERS SDN BHD', true],
    ['party_name', 'Lieferant GmbH', true],
    ['party_name', 'TEO HENG STATIONERY', false],
    ['party_address', '12, Jalan Besar, 45600 Batang Berjuntai', true],
    ['party_address', '1 Main Street, Springfield, IL 62704', true],
    ['party_address', 'Lot 3, Jalan Pelabur 23/1', false],
  ] as const)('%s %j -> %s', (kind, text, complete) => {
    expect(completeParty(kind, text)).toBe(complete);
  });
});
