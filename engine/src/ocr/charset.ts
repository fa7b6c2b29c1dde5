/**
 * Recogniser dictionaries. PP-OCR lists one character per line for classes 1..n (class 0 is the
 * CTC blank) and appends a space class when trained with spaces.
 */
export function parseCharset(dictionary: string, appendSpace: boolean): string[] {
  const lines = dictionary.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return (appendSpace ? [...lines, ' '] : lines).map(toLatinForm);
}

// Punctuation of CJK typesetting that NFKC leaves alone, written as its Latin counterpart.
const CJK_PUNCTUATION: Record<string, string> = { '。': '.', '、': ',', '「': '"', '」': '"', '『': '"', '』': '"', '〈': '<', '〉': '>', '《': '<', '》': '>', '【': '[', '】': ']', '〔': '(', '〕': ')', '“': '"', '”': '"', '‘': "'", '’': "'", '—': '-', '–': '-', '～': '~', '·': '.' };

/**
 * The multilingual recogniser has full-width twins of ASCII punctuation ('：' beside ':'); on a
 * receipt the model often prefers the twin after a space. Reading them as their Latin forms keeps
 * those colons and commas instead of losing them.
 */
function toLatinForm(ch: string): string {
  return CJK_PUNCTUATION[ch] ?? ch.normalize('NFKC');
}

/**
 * Which output classes an English reader may emit: blank, printable ASCII, Latin-1 letters and
 * common currency signs. The multilingual PP-OCRv4 recogniser reads Latin text better and faster
 * than the English-only one; masking keeps it from answering with look-alike CJK glyphs.
 */
export function latinClassMask(charset: readonly string[]): Uint8Array {
  const mask = new Uint8Array(charset.length + 1);
  mask[0] = 1;
  charset.forEach((ch, i) => {
    if (isLatin(ch)) mask[i + 1] = 1;
  });
  return mask;
}

/**
 * The classes the reader keeps (`keep`: original class indices, blank first) and the characters of
 * kept classes 1..n, in the order the restricted recogniser emits them.
 */
export function readerClasses(fullCharset: readonly string[]): { keep: number[]; charset: string[] } {
  const mask = latinClassMask(fullCharset);
  const keep = [...mask.keys()].filter((c) => mask[c] === 1);
  return { keep, charset: keep.slice(1).map((c) => fullCharset[c - 1]) };
}

function isLatin(ch: string): boolean {
  if (ch.length !== 1) return false;
  const c = ch.charCodeAt(0);
  if (c >= 0x20 && c <= 0x7e) return true;
  if (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7) return true; // Latin-1 and Latin Extended-A/B letters
  return '€£¥°§µ'.includes(ch);
}
