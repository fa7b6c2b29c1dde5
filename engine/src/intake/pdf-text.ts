import type { BoundingBox, OcrLine, OcrWord } from '../contracts/ocr.js';

/** A text run of a PDF page's text layer, as pdf.js `getTextContent()` gives it (plain data). */
export interface PdfTextItem {
  str: string;
  /** Text matrix in PDF user space: [a, b, c, d, e, f]; (e, f) is the origin on the baseline. */
  transform: number[];
  /** Advance of the run in user-space units, along the text direction. */
  width: number;
  /** Font size in user-space units. */
  height: number;
  fontName?: string;
}

/** Font metrics pdf.js reports per font name (`textContent.styles`), as fractions of the font size. */
export interface PdfFontStyle {
  ascent?: number;
  descent?: number;
}

/** The page's viewport: maps user space to pixels of the upright page (origin top-left). */
export interface PdfViewportGeometry {
  /** [a, b, c, d, e, f] from user space to viewport pixels (includes the page's /Rotate). */
  transform: number[];
  width: number;
  height: number;
}

/** Runs on one baseline join when the gap between them is at most this many font heights. */
export const LINE_JOIN_GAP_EM = 1.5;
/** A gap wider than this (in font heights) between two runs is a space. */
const SPACE_GAP_EM = 0.15;
const DEFAULT_ASCENT = 0.8;
const DEFAULT_DESCENT = -0.2;

interface Glyph {
  char: string;
  box?: Rect;
}

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface Run {
  glyphs: Glyph[];
  /** Orientation bucket: 0, 90, 180, 270 (degrees in viewport space), or NaN for skewed text. */
  orientation: number;
  /** Position along the text direction, in viewport pixels. */
  along0: number;
  along1: number;
  /** Baseline position across the text direction, in viewport pixels. */
  across: number;
  /** Font height in viewport pixels. */
  size: number;
  order: number;
}

/**
 * Groups a page's text runs into OCR-shaped lines: runs on the same baseline (within half a font
 * height) and close along it (gap up to 1.5 font heights) join into one line, a space inserted
 * where the gap is wider than a letter's spacing. Words split on whitespace; each word's box is
 * the union of its characters' boxes, each character given an equal share of its run's width
 * (pdf.js does not give per-glyph positions). Boxes are fractions of the page (0 to 1, origin
 * top-left) of the upright (rotated-for-display) page; confidence is 1. Text rotated by 90, 180
 * or 270 degrees is grouped the same way along its own direction; skewed runs stay a line each.
 * Runs entirely off the page are dropped. Returns lines top to bottom, left to right.
 */
export function groupTextLines(items: readonly PdfTextItem[], styles: Readonly<Record<string, PdfFontStyle>>, viewport: PdfViewportGeometry): OcrLine[] {
  const runs: Run[] = [];
  items.forEach((item, order) => {
    const run = toRun(item, styles, viewport, order);
    if (run) runs.push(run);
  });

  const lines: OcrLine[] = [];
  const buckets = new Map<number, Run[]>();
  for (const run of runs) {
    if (Number.isNaN(run.orientation)) {
      pushLine(lines, [run], viewport);
      continue;
    }
    const bucket = buckets.get(run.orientation) ?? [];
    bucket.push(run);
    buckets.set(run.orientation, bucket);
  }

  for (const bucket of buckets.values()) {
    bucket.sort((a, b) => a.across - b.across || a.along0 - b.along0 || a.order - b.order);
    // Baseline clusters: a run joins while its baseline is within half a font height of the anchor's.
    const clusters: Run[][] = [];
    for (const run of bucket) {
      const cluster = clusters[clusters.length - 1];
      const anchor = cluster?.[0];
      if (anchor && Math.abs(run.across - anchor.across) <= 0.5 * Math.min(run.size, anchor.size)) cluster.push(run);
      else clusters.push([run]);
    }
    for (const cluster of clusters) {
      cluster.sort((a, b) => a.along0 - b.along0 || a.order - b.order);
      let segment: Run[] = [];
      let reach = -Infinity;
      for (const run of cluster) {
        const last = segment[segment.length - 1];
        if (last && run.along0 - reach > LINE_JOIN_GAP_EM * Math.max(run.size, last.size)) {
          pushLine(lines, segment, viewport);
          segment = [];
          reach = -Infinity;
        }
        segment.push(run);
        reach = Math.max(reach, run.along1);
      }
      if (segment.length > 0) pushLine(lines, segment, viewport);
    }
  }

  return lines.sort((a, b) => a.bounding_box.y - b.bounding_box.y || a.bounding_box.x - b.bounding_box.x);
}

function toRun(item: PdfTextItem, styles: Readonly<Record<string, PdfFontStyle>>, viewport: PdfViewportGeometry, order: number): Run | undefined {
  if (typeof item.str !== 'string' || !/\S/.test(item.str)) return undefined;
  const [a, b, c, d, e, f] = item.transform;
  if (![a, b, c, d, e, f, item.width, item.height].every(Number.isFinite)) return undefined;
  const dirLength = Math.hypot(a, b);
  if (dirLength === 0) return undefined;
  const dir = { x: a / dirLength, y: b / dirLength };
  const upLength = Math.hypot(c, d);
  // Up is the text's vertical axis; with a degenerate matrix, the direction turned by 90 degrees.
  const up = upLength > 0 ? { x: c / upLength, y: d / upLength } : { x: -dir.y, y: dir.x };
  const size = item.height > 0 ? item.height : upLength;
  if (!(size > 0)) return undefined;
  const style = item.fontName ? styles[item.fontName] : undefined;
  const ascent = style?.ascent !== undefined && style.ascent > 0 && style.ascent <= 1.5 ? style.ascent : DEFAULT_ASCENT;
  const descent = style?.descent !== undefined && style.descent <= 0 && style.descent >= -1 ? style.descent : DEFAULT_DESCENT;
  const width = Math.max(0, item.width);

  const vt = viewport.transform;
  const toViewport = (x: number, y: number) => ({ x: vt[0] * x + vt[2] * y + vt[4], y: vt[1] * x + vt[3] * y + vt[5] });
  const userPoint = (along: number, across: number) => ({
    x: e + dir.x * along + up.x * across * size,
    y: f + dir.y * along + up.y * across * size,
  });

  const chars = Array.from(item.str);
  const glyphs: Glyph[] = chars.map((char, k) => {
    if (/\s/.test(char)) return { char: ' ' };
    const t0 = (width * k) / chars.length;
    const t1 = (width * (k + 1)) / chars.length;
    const corners = [userPoint(t0, descent), userPoint(t1, descent), userPoint(t0, ascent), userPoint(t1, ascent)].map((p) => toViewport(p.x, p.y));
    return {
      char,
      box: {
        x0: Math.min(...corners.map((p) => p.x)),
        y0: Math.min(...corners.map((p) => p.y)),
        x1: Math.max(...corners.map((p) => p.x)),
        y1: Math.max(...corners.map((p) => p.y)),
      },
    };
  });

  // Direction and position in viewport space.
  const origin = toViewport(e, f);
  const end = toViewport(e + dir.x * width, f + dir.y * width);
  const vdir = { x: vt[0] * dir.x + vt[2] * dir.y, y: vt[1] * dir.x + vt[3] * dir.y };
  const vdirLength = Math.hypot(vdir.x, vdir.y);
  if (vdirLength === 0) return undefined;
  const u = { x: vdir.x / vdirLength, y: vdir.y / vdirLength };
  const n = { x: -u.y, y: u.x };
  const angle = ((Math.atan2(u.y, u.x) * 180) / Math.PI + 360) % 360;
  const nearest = (Math.round(angle / 90) * 90) % 360;
  const skew = Math.min(Math.abs(angle - nearest), 360 - Math.abs(angle - nearest));
  const along0 = origin.x * u.x + origin.y * u.y;
  const along1 = end.x * u.x + end.y * u.y;
  const upViewport = { x: vt[0] * up.x + vt[2] * up.y, y: vt[1] * up.x + vt[3] * up.y };

  return {
    glyphs,
    orientation: skew <= 10 ? nearest : Number.NaN,
    along0: Math.min(along0, along1),
    along1: Math.max(along0, along1),
    across: origin.x * n.x + origin.y * n.y,
    size: size * Math.hypot(upViewport.x, upViewport.y),
    order,
  };
}

function pushLine(lines: OcrLine[], runs: Run[], viewport: PdfViewportGeometry): void {
  const glyphs: Glyph[] = [];
  let previous: Run | undefined;
  for (const run of runs) {
    if (previous && run.along0 - previous.along1 > SPACE_GAP_EM * Math.max(run.size, previous.size)) glyphs.push({ char: ' ' });
    glyphs.push(...run.glyphs);
    previous = run;
  }

  const words: OcrWord[] = [];
  let text = '';
  let box: Rect | undefined;
  const flush = () => {
    if (text && box) {
      const bounding = normalise(box, viewport);
      if (bounding) words.push({ text, confidence: 1, bounding_box: bounding });
    }
    text = '';
    box = undefined;
  };
  for (const glyph of glyphs) {
    if (!glyph.box) {
      flush();
      continue;
    }
    text += glyph.char;
    box = box ? union(box, glyph.box) : glyph.box;
  }
  flush();
  if (words.length === 0) return;

  const lineBox = words.map((w) => w.bounding_box).reduce((acc, b) => ({
    x: Math.min(acc.x, b.x),
    y: Math.min(acc.y, b.y),
    width: Math.max(acc.x + acc.width, b.x + b.width) - Math.min(acc.x, b.x),
    height: Math.max(acc.y + acc.height, b.y + b.height) - Math.min(acc.y, b.y),
  }));
  lines.push({ text: words.map((w) => w.text).join(' '), confidence: 1, bounding_box: lineBox, words });
}

function union(a: Rect, b: Rect): Rect {
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}

/** Pixel rectangle to a 0..1 box clipped to the page; undefined when it lies entirely off the page. */
function normalise(rect: Rect, viewport: PdfViewportGeometry): BoundingBox | undefined {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const x0 = clamp(rect.x0 / viewport.width);
  const x1 = clamp(rect.x1 / viewport.width);
  const y0 = clamp(rect.y0 / viewport.height);
  const y1 = clamp(rect.y1 / viewport.height);
  if (rect.x1 <= 0 || rect.y1 <= 0 || rect.x0 >= viewport.width || rect.y0 >= viewport.height) return undefined;
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}
