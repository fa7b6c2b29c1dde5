/**
 * Small PDFs whose pages ask pdf.js for unbounded work (issue 35): a page of 40 MB of `q Q `, a
 * page of 200 MB of spaces, a form drawn many times, and the first one encrypted (so its content
 * cannot be measured before pdf.js decrypts it). Each is tens or hundreds of kilobytes, built
 * here; the content is compressed as it is generated, never held whole.
 */
import { createHash } from 'node:crypto';
import { createDeflate, deflateSync } from 'node:zlib';
import { buildPdf } from './pdf-builder.js';

/** `unit` repeated to `bytes` bytes, Flate-compressed a megabyte at a time. */
export function deflateRepeated(unit: string, bytes: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1 << 20, unit);
  return new Promise((resolve, reject) => {
    const deflate = createDeflate({ level: 9 });
    const out: Buffer[] = [];
    deflate.on('data', (b: Buffer) => out.push(b));
    deflate.on('end', () => resolve(Buffer.concat(out)));
    deflate.on('error', reject);
    let left = bytes;
    const write = () => {
      while (left > 0) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= part.length;
        if (!deflate.write(part)) return void deflate.once('drain', write);
      }
      deflate.end();
    };
    write();
  });
}

const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');

/** One page (200 x 100 pt) whose content stream is `compressed` (Flate). */
export function onePagePdf(compressed: Uint8Array): Uint8Array {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>',
    { body: '<< /Filter /FlateDecode >>', stream: latin1(compressed) },
  ]);
}

/** A page drawing one form `uses` times; the form holds `formOps` operators (`q Q` pairs). */
export function formReusePdf(uses: number, formOps: number): Uint8Array {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Resources << /XObject << /X0 5 0 R >> >> /Contents 4 0 R >>',
    { body: '<< /Filter /FlateDecode >>', stream: latin1(deflateSync('/X0 Do\n'.repeat(uses))) },
    { body: '<< /Type /XObject /Subtype /Form /BBox [0 0 200 100] /Filter /FlateDecode >>', stream: latin1(deflateSync(Buffer.alloc(formOps * 2, 'q Q '))) },
  ]);
}

/** One page whose `/Contents` lists the same stream (`compressed`) `times` times. */
export function repeatedContentPdf(compressed: Uint8Array, times: number): Uint8Array {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents [${'4 0 R '.repeat(times)}] >>`,
    { body: '<< /Filter /FlateDecode >>', stream: latin1(compressed) },
  ]);
}

/** `pdf` with an incremental update that replaces its object 4 (a page's content) with `compressed`. */
export function updatedContentPdf(pdf: Uint8Array, compressed: Uint8Array): Uint8Array {
  const base = Buffer.from(pdf).toString('latin1');
  const previous = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(base)![1]);
  const object = `4 0 obj\n<< /Filter /FlateDecode /Length ${compressed.length} >>\nstream\n${latin1(compressed)}\nendstream\nendobj\n`;
  const xref = base.length + object.length;
  const update = `${object}xref\n0 1\n0000000000 65535 f \n4 1\n${String(base.length).padStart(10, '0')} 00000 n \ntrailer\n<< /Size 5 /Root 1 0 R /Prev ${previous} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(Buffer.from(base + update, 'latin1'));
}

const PASSWORD_PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
const FILE_ID = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');

/**
 * `onePagePdf` encrypted with the standard security handler (revision 2, RC4, 40-bit key) and an
 * empty user password: pdf.js opens it without asking, but its streams are ciphertext to anyone
 * who does not decrypt them.
 */
export function encryptedOnePagePdf(compressed: Uint8Array): Uint8Array {
  const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
  const permissions = -4;
  const owner = rc4(md5(PASSWORD_PAD).subarray(0, 5), PASSWORD_PAD); // owner password "" too
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(PASSWORD_PAD, owner, p, FILE_ID).subarray(0, 5);
  const user = rc4(key, PASSWORD_PAD);
  const objectKey = (num: number) => md5(key, Buffer.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, 0, 0])).subarray(0, 10);
  const hex = (b: Buffer) => `<${b.toString('hex')}>`;
  const pdf = buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>',
    { body: '<< /Filter /FlateDecode >>', stream: latin1(rc4(objectKey(4), Buffer.from(compressed))) },
    `<< /Filter /Standard /V 1 /R 2 /O ${hex(owner)} /U ${hex(user)} /P ${permissions} >>`,
  ]);
  // buildPdf writes the trailer; the encryption dictionary and file ID go into it.
  const text = Buffer.from(pdf).toString('latin1').replace('/Root 1 0 R >>', `/Root 1 0 R /Encrypt 5 0 R /ID [${hex(FILE_ID)} ${hex(FILE_ID)}] >>`);
  return Uint8Array.from(Buffer.from(text, 'latin1'));
}

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 0xff;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]) & 0xff;
    [s[i], s[j]] = [s[j], s[i]];
    out[n] = data[n] ^ s[(s[i] + s[j]) & 0xff];
  }
  return out;
}
