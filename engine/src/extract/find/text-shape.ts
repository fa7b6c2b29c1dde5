/** Words rather than a code or a figure: more letters than digits, two letters in a row (`Lieferant GmbH`, not `GLN 4333741000005`). */
export function isWords(text: string): boolean {
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const digits = (text.match(/\p{N}/gu) ?? []).length;
  return letters > digits && /\p{L}{2}/u.test(text);
}
