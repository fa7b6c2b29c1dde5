/**
 * Remembers what a text-reading function returned for recent texts. One document asks for the
 * dates or amounts of the same line several times (its header, its fields, the document's date
 * order), and receipts of one shop repeat lines; results are frozen and shared.
 */
export function memoByText<T, O = undefined>(read: (text: string, opts: O) => T[], size = 4096): (text: string, opts?: O) => readonly T[] {
  // One map per options value, keyed by the text itself: a line's string keeps its hash, where a
  // key built by joining options and text would be hashed again on every call.
  const byOptions = new Map<string, Map<string, readonly T[]>>();
  let count = 0;
  return (text, opts) => {
    const optionsKey = opts === undefined ? '' : JSON.stringify(opts);
    let seen = byOptions.get(optionsKey);
    if (!seen) byOptions.set(optionsKey, (seen = new Map()));
    let out = seen.get(text);
    if (out === undefined) {
      out = Object.freeze(read(text, opts as O));
      // Cleared, not evicted one by one: cheap, and a new document soon refills it.
      if (count >= size) {
        for (const m of byOptions.values()) m.clear();
        count = 0;
      }
      seen.set(text, out);
      count++;
    }
    return out;
  };
}
