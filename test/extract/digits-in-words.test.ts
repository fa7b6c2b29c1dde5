import { describe, expect, it } from 'vitest';
import { digitsInWords } from '../../engine/src/extract/find/digits-in-words.js';

describe('digitsInWords', () => {
  it.each([
    // Digits read inside words.
    ['SELANGOR', 'SELANGOR'],
    ['SELANG0R', 'SELANGOR'],
    ['GROUND FL00R', 'GROUND FLOOR'],
    ['L0T 5, J1N MAWAR', 'LOT 5, J1N MAWAR'],
    ['Kep0ng', 'Kepong'],
    ['40150 Shah A1am', '40150 Shah Alam'],
    ['AEON C0. (M) BHD', 'AEON CO. (M) BHD'],
    ['MR. D.1.Y. (M) SDN BHD', 'MR. D.I.Y. (M) SDN BHD'],
    // Letters read inside numbers.
    ['Lot B-F-1l, Block B', 'Lot B-F-11, Block B'],
    ['Lot 38, 10l Boulevard', 'Lot 38, 101 Boulevard'],
    ['Jalan 7/1l8B', 'Jalan 7/118B'],
    ['56o00 Kuala Lumpur', '56000 Kuala Lumpur'],
    // Codes keep their mix of letters and digits.
    ['JALAN SETIA INDAH X ,U13/X', 'JALAN SETIA INDAH X ,U13/X'],
    ['NO.12,JALAN SS4C/5', 'NO.12,JALAN SS4C/5'],
    ['PJU6A, 47400', 'PJU6A, 47400'],
    ['Ottawa ON K1A 0B1', 'Ottawa ON K1A 0B1'],
    ['Unit 2B0', 'Unit 2B0'],
    ['PJU10', 'PJU10'],
    ['Flour 10lb', 'Flour 10lb'],
    ['No.1, Jalan 1', 'No.1, Jalan 1'],
    // A zero alone between two words is the letter; one beside a number stays.
    ['Restaurante 0 Marinheiro', 'Restaurante O Marinheiro'],
    ['Jalan 0 1', 'Jalan 0 1'],
    ['Lot 10 0 Jalan', 'Lot 10 0 Jalan'],
  ])('%j -> %j', (text, fixed) => {
    expect(digitsInWords(text)).toBe(fixed);
  });
});
