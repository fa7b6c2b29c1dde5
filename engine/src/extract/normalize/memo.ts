/**
 * Remembers what a text-reading function returned for recent texts. One document asks for the
 * dates or amounts of the same line several times (its header, its fields, the document's date
 * order), and receipts of one shop repeat lines; results are frozen and shared.
 */
export function memoByText<T, O = undefined>(read: (text: string, opts: O) => T[], size = 4096): (text: string, opts?: O) => readonly T[] {
  const seen = new Map<string, readonly T[]>();
  return (text, opts) => {
    const key = opts === undefined ? text : `${JSON.stringify(opts)}\u0000${text}`;
    let out = seen.get(key);
    if (out === undefined) {
      out = Object.freeze(read(text, opts as O));
      // Cleared, not evicted one by one: cheap, and a new document soon refills it.
      if (seen.size >= size) seen.clear();
      seen.set(key, out);
    }
    return out;
  };
}
