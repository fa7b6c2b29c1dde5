/**
 * Words recognition read with one letter wrong, lost or added (`TorAL`, `KAIWASAN`, `MALAYSIAL`):
 * how near a text must be to a known word to be read as it.
 */

/** Words this long are read back from one misread letter; shorter ones name too many others. */
export const NEAR_MISS_MIN_LETTERS = 8;

/** Two texts one substitution, insertion or deletion apart. */
export function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
