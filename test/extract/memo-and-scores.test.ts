import { describe, expect, it } from 'vitest';
import { KeyIndex } from '../../engine/src/extract/layout/key-index.js';
import { memoByText } from '../../engine/src/extract/normalize/memo.js';
import { accuracyByField, median, reliability, reviewFigures, type Scored } from '../bench/extract-scores.js';

describe('memoByText', () => {
  it('reads a text once per options, shares a frozen result, and starts over when full', () => {
    const calls: string[] = [];
    const read = memoByText((text: string, opts: { upper?: boolean } | undefined) => {
      calls.push(`${text}:${opts?.upper ?? false}`);
      return [opts?.upper ? text.toUpperCase() : text];
    }, 2);
    const a = read('ab');
    expect(read('ab')).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(read('ab', { upper: true })).toEqual(['AB']);
    expect(calls).toEqual(['ab:false', 'ab:true']);
    read('cd'); // a third key: the memo is cleared first
    read('ab');
    expect(calls).toEqual(['ab:false', 'ab:true', 'cd:false', 'ab:false']);
  });
});

describe('KeyIndex', () => {
  it('gives the items whose key occurs in a text, once each, in the order given', () => {
    const index = new KeyIndex([
      { key: 'TOTAL', item: 'total' },
      { key: 'SUBTOTAL', item: 'subtotal' },
      { key: 'TAX', item: 'tax' },
      { key: 'X', item: 'x' },
      { key: '', item: 'never' },
      { key: 'TO', item: 'to' },
    ]);
    expect(index.in('SUBTOTALTOTAL')).toEqual(['total', 'subtotal', 'to']);
    expect(index.in('TAXTAX')).toEqual(['tax', 'x']);
    expect(index.in('TOTA')).toEqual(['to']);
    expect(index.in('')).toEqual([]);
    expect(index.in('T')).toEqual([]);
  });
});

const row = (field: string, correct: boolean, confidence: number, reviewed = true, found = true): Scored => ({ dataset: 'd', field, correct, found, confidence, reviewed });

describe('benchmark scores', () => {
  it('gives accuracy per field, and the median', () => {
    expect(accuracyByField([row('a', true, 0.9), row('a', false, 0.9), row('b', true, 0.9)])).toEqual({ a: 50, b: 100 });
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('buckets confidence against accuracy, and weighs the gaps by bucket size for the ECE', () => {
    // 0.95 bucket: 2 values, both right (gap 0.05); 0.55 bucket: 2 values, one right (gap 0.05); missing values left out.
    const { buckets, ece } = reliability([row('a', true, 0.95), row('a', true, 0.95), row('a', true, 0.55), row('a', false, 0.55), row('a', false, 0, true, false)]);
    expect(buckets).toEqual([
      { range: '0.5-0.6', fields: 2, mean_confidence: 0.55, accuracy: 0.5 },
      { range: '0.9-1.0', fields: 2, mean_confidence: 0.95, accuracy: 1 },
    ]);
    expect(ece).toBe(0.05);
    expect(reliability([row('a', true, 1)]).buckets[0].range).toBe('0.9-1.0');
  });

  it('counts wrong values that came without review, correct documents flagged, straight-through and silent errors', () => {
    const rows = [row('a', false, 0.9, false), row('a', false, 0.5, true), row('b', true, 0.9, false)];
    const docs = [
      { reviewed: false, allCorrect: true },
      { reviewed: true, allCorrect: true },
      { reviewed: true, allCorrect: false },
      { reviewed: false, allCorrect: false },
    ];
    expect(reviewFigures(rows, docs)).toEqual({
      wrong_fields: 2,
      wrong_without_review: 1,
      wrong_without_review_pct: 50,
      documents: 4,
      flagged_documents: 2,
      correct_documents: 2,
      correct_documents_flagged_pct: 50,
      straight_through_pct: 50,
      silent_error_pct: 25,
    });
  });
});
