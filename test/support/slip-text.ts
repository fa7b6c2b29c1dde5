/**
 * A slip's printed text (one printed line per line, spacing kept) as `client_ocr`, as a device's
 * recogniser reports a fixed-pitch print: each run of text parted from the next by two or more
 * spaces is a line of its own, placed by its column; single spaces stay inside a line.
 */
export function slipClientOcr(text: string): { width: number; height: number; lines: { text: string; bounding_box: { x: number; y: number; width: number; height: number } }[] } {
  const rows = text.replace(/\s+$/, '').split(/\r?\n/);
  const cols = Math.max(24, ...rows.map((r) => r.length));
  const lines = rows.flatMap((row, y) =>
    [...row.matchAll(/\S+(?: \S+)*/g)].map((m) => ({
      text: m[0],
      bounding_box: { x: (m.index ?? 0) / cols, y: (y + 0.1) / rows.length, width: m[0].length / cols, height: 0.8 / rows.length },
    })),
  );
  // A printer's character cell is about twice as high as wide.
  return { width: cols * 12, height: rows.length * 24, lines };
}
