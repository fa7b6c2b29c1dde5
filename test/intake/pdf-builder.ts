/**
 * Minimal PDF writer for tests: numbered objects, a cross-reference table with the byte offsets
 * computed here, and a trailer. Strings are written as Latin-1.
 */
export interface PdfObject {
  /** The object's dictionary (or other value), e.g. `<< /Type /Catalog /Pages 2 0 R >>`. */
  body: string;
  /** Stream content; `/Length` is added to the dictionary. */
  stream?: string;
}

export function buildPdf(objects: (string | PdfObject)[], options: { root?: number } = {}): Uint8Array {
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    const { body, stream } = typeof object === 'string' ? { body: object, stream: undefined } : object;
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n`;
    if (stream === undefined) out += `${body}\n`;
    else out += `${body.replace(/>>\s*$/, `/Length ${stream.length} >>`)}\nstream\n${stream}\nendstream\n`;
    out += 'endobj\n';
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${options.root ?? 1} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(out, (c) => c.charCodeAt(0));
}

const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

/**
 * One page (300 x 200 pt) with text: "TOTAL 12.50" in one run; "Card" and "VISA" as two runs a
 * narrow gap apart (one line "Card VISA"); "9.99" far to the right on the same baseline (a line
 * of its own); and a form field (a text widget whose appearance is a black box) that must not be
 * drawn. `rotate` sets the page's /Rotate.
 */
export function receiptPdf(options: { rotate?: number } = {}): Uint8Array {
  const content = [
    'BT /F1 12 Tf 20 160 Td (TOTAL 12.50) Tj ET',
    'BT /F1 12 Tf 20 120 Td (Card) Tj 30 0 Td (VISA) Tj ET',
    'BT /F1 12 Tf 240 120 Td (9.99) Tj ET',
  ].join('\n');
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R] >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] ${options.rotate ? `/Rotate ${options.rotate} ` : ''}/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R /Annots [6 0 R] >>`,
    HELVETICA,
    { body: '<< >>', stream: content },
    '<< /Type /Annot /Subtype /Widget /FT /Tx /T (field) /V (X) /Rect [150 20 290 80] /F 4 /P 3 0 R /AP << /N 7 0 R >> >>',
    { body: '<< /Type /XObject /Subtype /Form /BBox [0 0 140 60] >>', stream: '0 0 0 rg 0 0 140 60 re f' },
  ]);
}

/** A PDF whose page tree has no pages. */
export function zeroPagePdf(): Uint8Array {
  return buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);
}

/** A plain one-page PDF with `pages` pages of one text line each. */
export function textPdf(pages: number, text = 'Page'): Uint8Array {
  const objects: (string | PdfObject)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${4 + 2 * i} 0 R`).join(' ')}] /Count ${pages} >>`,
    HELVETICA,
  ];
  for (let i = 0; i < pages; i++) {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`);
    objects.push({ body: '<< >>', stream: `BT /F1 10 Tf 10 50 Td (${text} ${i + 1}) Tj ET` });
  }
  return buildPdf(objects);
}

/** An embedded file for `attachmentPdf`: its name, its bytes (a string is written as UTF-8), and optionally a stream filter. */
export interface PdfAttachmentSpec {
  name: string;
  content: string | Uint8Array;
  /** A `/Filter` to declare on the embedded stream (e.g. one pdf.js cannot decode). */
  filter?: string;
}

/**
 * A one-page PDF ("TOTAL 12.50" in its text layer) with files embedded the way ZUGFeRD and
 * Factur-X embed their XML: a `/Filespec` for each in the catalog's `/Names /EmbeddedFiles` name
 * tree (sorted by name, as the tree requires), and an `/AF` array.
 */
export function attachmentPdf(files: PdfAttachmentSpec[]): Uint8Array {
  const first = 6;
  const specs = files.map((_, i) => `${first + 2 * i} 0 R`);
  const names = files
    .map((file, i) => ({ key: pdfString(file.name), ref: specs[i] }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ key, ref }) => `${key} ${ref}`)
    .join(' ');
  const objects: (string | PdfObject)[] = [
    `<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [${names}] >> >> /AF [${specs.join(' ')}] >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    HELVETICA,
    { body: '<< >>', stream: 'BT /F1 10 Tf 10 50 Td (TOTAL 12.50) Tj ET' },
  ];
  files.forEach((file, i) => {
    const bytes = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content;
    objects.push(`<< /Type /Filespec /F ${pdfString(file.name)} /UF ${pdfString(file.name)} /AFRelationship /Data /EF << /F ${first + 2 * i + 1} 0 R /UF ${first + 2 * i + 1} 0 R >> >>`);
    objects.push({
      body: `<< /Type /EmbeddedFile /Subtype /text#2Fxml ${file.filter ? `/Filter /${file.filter} ` : ''}/Params << /Size ${bytes.length} >> >>`,
      // buildPdf writes strings as Latin-1: one character per byte.
      stream: Array.from(bytes, (b) => String.fromCharCode(b)).join(''),
    });
  });
  return buildPdf(objects);
}

function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}
