/**
 * Characters that recognition confused between letters and digits, read back from the
 * characters around them, in names and addresses:
 * - digits inside words: `SELANG0R` -> `SELANGOR`, `FL00R` -> `FLOOR`, `Kep0ng` -> `Kepong`,
 *   `A1am` -> `Alam`, `AEON C0.` -> `AEON CO.`, `D.1.Y.` -> `D.I.Y.`;
 * - letters inside numbers: `B-F-1l` -> `B-F-11`, `10l Boulevard` -> `101 Boulevard`,
 *   `7/1l8B` -> `7/118B`, `56o00` -> `56000`.
 *
 * Read back are only: zeros between letters, ending a word of letters or opening one of capitals
 * (`EL 0LIVAR`; not a postcode's `0JT`), or alone between two words (`Restaurante 0
 * Marinheiro`); a one before a lower-case letter or standing for an initial between points;
 * an l, I or | after a digit and not before a letter; an o or O between digits. Codes keep
 * their mix (`U13/X`, `SS4C`, `PJU6A`, `K1A 0B1`, `10lb`), and an upper-case `1` between capitals
 * stays: it could be an I or an L.
 */
export function digitsInWords(text: string): string {
  return text
    .replace(/(?<=\p{L})0+(?=\p{L})/gu, (zeros, at: number, all: string) => letterO(zeros, all[at - 1], all[at + zeros.length]))
    .replace(/(?<!\p{N}\p{L}*)(?<=\p{L})0+(?![\p{L}\p{N}])/gu, (zeros, at: number, all: string) => letterO(zeros, all[at - 1], all[at - 1]))
    .replace(/(?<=\p{L})1(?=\p{Ll})/gu, 'l')
    .replace(/(?<=(?:^|[^\p{L}\p{N}])\p{L}\.)1(?=\.)/gu, 'I')
    .replace(/(?<=\d)[lI|](?!\p{L})/gu, '1')
    .replace(/(?<=\d)[oO](?=\d)/gu, '0')
    .replace(/(?<=\p{L}{2} )0(?= \p{L}{2})/gu, 'O')
    .replace(/(?<![\p{L}\p{N}])0(?=\p{Lu}{3,}(?![\p{N}]))/gu, 'O');
}

/** Zeros as the letter O, lower-case between lower-case letters. */
function letterO(zeros: string, before: string | undefined, after: string | undefined): string {
  return (isLower(before) && isLower(after) ? 'o' : 'O').repeat(zeros.length);
}

function isLower(ch: string | undefined): boolean {
  return ch !== undefined && ch !== ch.toUpperCase();
}
