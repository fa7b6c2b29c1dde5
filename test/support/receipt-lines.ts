// Builds client_ocr pages from rows of text, as a device's recogniser would report them: each
// row at its own height, cells placed left to right at the given x (0 to 1).
export interface Cell {
  text: string;
  x?: number;
  confidence?: number;
}

export function receiptPage(rows: (string | Cell[])[], opts: { lineHeight?: number; top?: number } = {}) {
  const h = opts.lineHeight ?? 0.02;
  const top = opts.top ?? 0.03;
  const lines: { text: string; bounding_box: { x: number; y: number; width: number; height: number }; confidence?: number }[] = [];
  rows.forEach((row, i) => {
    const cells: Cell[] = typeof row === 'string' ? [{ text: row, x: 0.1 }] : row;
    const y = top + i * h * 1.4;
    for (const c of cells) {
      const x = c.x ?? 0.1;
      const width = Math.min(1 - x, c.text.length * 0.012);
      lines.push({ text: c.text, bounding_box: { x, y, width, height: h }, ...(c.confidence !== undefined ? { confidence: c.confidence } : {}) });
    }
  });
  return { width: 600, height: 1400, lines };
}
