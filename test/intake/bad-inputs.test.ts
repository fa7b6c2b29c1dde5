import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../../engine/src/intake/node/read-document.js';
import { serviceErrorFrom } from '../support/service-error.js';

/**
 * The shared bad-input corpus (../shared/datasets/badinputs, see its MANIFEST.md): every file has
 * an expected outcome here, and a file without one fails the run. Outcomes were derived by running
 * intake and checking each against the MANIFEST and the spec; where they differ from a reading of
 * the MANIFEST, the reason is noted on the entry (see also docs/intake.md).
 *
 * Each file is read with the declared type its extension suggests, so a misnamed file must show
 * the `declared_type_mismatch` warning.
 */
const root = fileURLToPath(new URL('../../../shared/datasets/badinputs/', import.meta.url));
const present = existsSync(root);
if (!present) console.log('skipped: ../shared/datasets/badinputs not present');

type Code = 'empty_file' | 'unsupported_media_type' | 'unreadable_image' | 'unreadable_pdf' | 'pdf_encrypted' | 'too_many_pages' | 'image_too_large';

interface Read {
  pages: number;
  /** Size of page 1 as rendered. */
  size: [number, number];
  /** Text of the first text-layer line of page 1 (PDF), or null for a page without text. */
  firstLine?: string | null;
  warnings?: string[];
}

type Outcome = Code | Read;

const read = (pages: number, width: number, height: number, extra: Partial<Read> = {}): Read => ({ pages, size: [width, height], ...extra });

const EXPECTED: Record<string, Outcome> = {
  // derived/ (see derived/SOURCES.txt)
  'derived/header_only.pdf': 'unreadable_pdf',
  'derived/invoice_pdf_truncated_60pct.pdf': 'unreadable_pdf',
  'derived/png_named_as.jpg': read(1, 32, 32, { warnings: ['declared_type_mismatch'] }),
  'derived/random_bytes.pdf': 'unsupported_media_type', // no %PDF- header: the bytes are no PDF
  'derived/receipt_photo_intact.jpg': read(1, 336, 450),
  // Truncated photos are refused, not read as a partial image (sharp failOn 'error').
  'derived/receipt_photo_truncated_2KB.jpg': 'unreadable_image',
  'derived/receipt_photo_truncated_50pct.jpg': 'unreadable_image',
  'derived/zero_bytes.jpg': 'empty_file',
  'derived/zero_bytes.pdf': 'empty_file',

  // heif/
  'heif/L_exif_xmp_iptc.heic': read(1, 64, 64),
  'heif/RGB_8__128x128.heif': read(1, 128, 128),
  'heif/arrow.heic': read(1, 3024, 4032), // stored 4032 x 3024 with irot: turned upright by libheif
  'heif/corrupted.heic': 'unreadable_image',
  'heif/corrupted.hif': 'unreadable_image',
  'heif/empty.heic': 'empty_file',
  'heif/zPug_3.heic': read(1, 64, 64), // three top-level images: the primary one is the page

  // pdfjs/: password-protected files (pdf.js asks for a password for each)
  'pdfjs/pr6531_1.pdf': 'pdf_encrypted',
  'pdfjs/pr6531_2.pdf': 'pdf_encrypted', // user password asdfasdf; poppler also tries the empty owner password, pdf.js does not
  'pdfjs/issue6010_1.pdf': 'pdf_encrypted',
  'pdfjs/issue3371.pdf': 'pdf_encrypted',
  'pdfjs/issue21579.pdf': 'pdf_encrypted',
  'pdfjs/saslprep-r6.pdf': 'pdf_encrypted',
  'pdfjs/bug1782186.pdf': 'pdf_encrypted',
  'pdfjs/issue15893_reduced.pdf': 'pdf_encrypted',
  'pdfjs/print_protection.pdf': 'pdf_encrypted',
  'pdfjs/encrypted-attachment.pdf': 'pdf_encrypted', // has a user password (it guards the attachment); pdf.js and qpdf want it to open the file
  'pdfjs/empty_protected.pdf': read(1, 1700, 2200, { firstLine: null }), // owner restrictions only: opens without a password
  // pdfjs/: damaged beyond repair
  'pdfjs/bug1020226.pdf': 'unreadable_pdf',
  'pdfjs/REDHAT-1531897-0.pdf': 'unreadable_pdf',
  'pdfjs/poppler-395-0-fuzzed.pdf': 'unreadable_pdf',
  'pdfjs/poppler-742-0-fuzzed.pdf': 'unreadable_pdf', // opens, but its page cannot be parsed
  'pdfjs/poppler-937-0-fuzzed.pdf': 'unreadable_pdf',
  'pdfjs/Pages-tree-refs.pdf': 'unreadable_pdf', // cyclic page tree: pdf.js detects the cycle at page 2
  'pdfjs/bug1606566.pdf': 'unsupported_media_type', // no %PDF- header anywhere: not a PDF by its bytes
  // pdfjs/: damaged, but repaired by pdf.js (each is in pdf.js's own suite because it renders): read
  'pdfjs/GHOSTSCRIPT-698804-1-fuzzed.pdf': read(1, 1700, 2200),
  'pdfjs/PDFBOX-3148-2-fuzzed.pdf': read(1, 1700, 2200),
  'pdfjs/bad-PageLabels.pdf': read(1, 556, 139, { firstLine: 'PDF document with bad Page Labels.' }),
  'pdfjs/bug1250079.pdf': read(1, 556, 139),
  'pdfjs/helloworld-bad.pdf': read(1, 556, 556, { firstLine: 'Hello, world!' }),
  'pdfjs/issue12010_reduced.pdf': read(1, 1654, 2339),
  'pdfjs/issue15150.pdf': read(1, 28, 28),
  'pdfjs/issue9105_other.pdf': read(1, 1700, 2200),
  'pdfjs/issue9105_reduced.pdf': read(1, 556, 139),
  'pdfjs/pdfjsbad1586.pdf': read(1, 1700, 2200, { firstLine: 'pdf.js test' }),
  'pdfjs/scan-bad.pdf': read(1, 1700, 2200),
  'pdfjs/xref_command_missing.pdf': read(1, 556, 139),
  // /Count claims 213,804,087 pages, but the page tree holds one: pdf.js counts the real pages
  // (its /Count check) and the one page is read. Nothing walks 213 million pages.
  'pdfjs/poppler-85140-0.pdf': read(1, 1700, 2200, { firstLine: null }),
  // pdfjs/: valid controls
  'pdfjs/empty.pdf': read(1, 1700, 2200, { firstLine: null }),
  'pdfjs/doc_1_3_pages.pdf': read(3, 1700, 2200, { firstLine: 'Document 1:Page 1' }),

  // pillow/
  'pillow/truncated_jpeg.jpg': 'unreadable_image',
  // Junk between JPEG segments ("extraneous bytes before marker") is a decoder warning, not an
  // error: the pixels decode in full, so these are read.
  'pillow/truncated_app14.jpg': read(1, 100, 100),
  'pillow/photoshop-200dpi-broken.jpg': read(1, 200, 200),
  'pillow/hopper_bad_exif.jpg': read(1, 500, 500),
  'pillow/hopper_orientation_2.jpg': read(1, 128, 128), // mirrored: turned back by EXIF orientation 2
  'pillow/truncated_image.png': 'unreadable_image',
  'pillow/truncated_end_chunk.png': read(1, 128, 128), // only IEND is cut; all image data is there
  'pillow/broken.png': 'unreadable_image',
  'pillow/broken_data_stream.png': 'unreadable_image',
  'pillow/multipage.tiff': read(3, 10, 10),
  'pillow/multipage-mmap.tiff': read(3, 10, 10),
  'pillow/multipage-lastframe.tif': read(1, 20, 20), // despite the name, one IFD
  'pillow/crash-2020-10-test.tif': 'unreadable_image',
  'pillow/crash-0c7e0e8e11ce787078f00b5b0ca409a167f070e0.tif': 'unreadable_image',
  'pillow/hopper.avif': 'unsupported_media_type',
  'pillow/exif.avif': 'unsupported_media_type',
  'pillow/rot1mir0.avif': 'unsupported_media_type',
  'pillow/xmp_tags_orientation.avif': 'unsupported_media_type',
  'pillow/star.avifs': 'unsupported_media_type',
  // The MANIFEST calls it "AV1 in .heif", but its bytes are HEVC: brands heic/mif1/miaf and a
  // primary item of type hvc1 with an hvcC (no av01, no av1C). Read as the HEIC it is.
  'pillow/hopper.heif': read(1, 128, 128),
  'pillow/decompression_bomb.gif': 'unsupported_media_type', // GIF: refused by type before any size check
  'pillow/duplicate_xref_entry.pdf': read(2, 3, 3),
};

// PngSuite: the 14 x*.png are damaged (signature, IHDR CRC, colour type, bit depth, missing IDAT,
// IDAT CRC); the other 161 are valid edge cases. Sizes follow the suite's naming: sNN is NN x NN,
// cdfn/cdhn/cdsn have their own, all others are 32 x 32.
const PNGSUITE_DAMAGED = 'xc1n0g08 xc9n2c08 xcrn0g04 xcsn0g01 xd0n2c08 xd3n2c08 xd9n2c08 xdtn0g01 xhdn0g08 xlfn0g04 xs1n0g01 xs2n0g01 xs4n0g01 xs7n0g01';
const PNGSUITE_VALID = `
  basi0g01 basi0g02 basi0g04 basi0g08 basi0g16 basi2c08 basi2c16 basi3p01 basi3p02 basi3p04 basi3p08 basi4a08
  basi4a16 basi6a08 basi6a16 basn0g01 basn0g02 basn0g04 basn0g08 basn0g16 basn2c08 basn2c16 basn3p01 basn3p02
  basn3p04 basn3p08 basn4a08 basn4a16 basn6a08 basn6a16 bgai4a08 bgai4a16 bgan6a08 bgan6a16 bgbn4a08 bggn4a16
  bgwn6a08 bgyn6a16 ccwn2c08 ccwn3p08 cdfn2c08 cdhn2c08 cdsn2c08 cdun2c08 ch1n3p04 ch2n3p08 cm0n0g04 cm7n0g04
  cm9n0g04 cs3n2c16 cs3n3p08 cs5n2c08 cs5n3p08 cs8n2c08 cs8n3p08 ct0n0g04 ct1n0g04 cten0g04 ctfn0g04 ctgn0g04
  cthn0g04 ctjn0g04 ctzn0g04 exif2c08 f00n0g08 f00n2c08 f01n0g08 f01n2c08 f02n0g08 f02n2c08 f03n0g08 f03n2c08
  f04n0g08 f04n2c08 f99n0g04 g03n0g16 g03n2c08 g03n3p04 g04n0g16 g04n2c08 g04n3p04 g05n0g16 g05n2c08 g05n3p04
  g07n0g16 g07n2c08 g07n3p04 g10n0g16 g10n2c08 g10n3p04 g25n0g16 g25n2c08 g25n3p04 oi1n0g16 oi1n2c16 oi2n0g16
  oi2n2c16 oi4n0g16 oi4n2c16 oi9n0g16 oi9n2c16 pp0n2c16 pp0n6a08 ps1n0g08 ps1n2c16 ps2n0g08 ps2n2c16 s01i3p01
  s01n3p01 s02i3p01 s02n3p01 s03i3p01 s03n3p01 s04i3p01 s04n3p01 s05i3p02 s05n3p02 s06i3p02 s06n3p02 s07i3p02
  s07n3p02 s08i3p02 s08n3p02 s09i3p02 s09n3p02 s32i3p04 s32n3p04 s33i3p04 s33n3p04 s34i3p04 s34n3p04 s35i3p04
  s35n3p04 s36i3p04 s36n3p04 s37i3p04 s37n3p04 s38i3p04 s38n3p04 s39i3p04 s39n3p04 s40i3p04 s40n3p04 tbbn0g04
  tbbn2c16 tbbn3p08 tbgn2c16 tbgn3p08 tbrn2c08 tbwn0g16 tbwn3p08 tbyn3p08 tm3n3p02 tp0n0g08 tp0n2c08 tp0n3p08
  tp1n3p08 z00n2c08 z03n2c08 z06n2c08 z09n2c08`;
const PNGSUITE_SIZES: Record<string, [number, number]> = { cdfn2c08: [8, 32], cdhn2c08: [32, 8], cdsn2c08: [8, 8] };
for (const name of PNGSUITE_DAMAGED.split(/\s+/).filter(Boolean)) EXPECTED[`pngsuite/png/${name}.png`] = 'unreadable_image';
for (const name of PNGSUITE_VALID.split(/\s+/).filter(Boolean)) {
  const side = name.startsWith('s') ? Number(name.slice(1, 3)) : 32;
  const [width, height] = PNGSUITE_SIZES[name] ?? [side, side];
  EXPECTED[`pngsuite/png/${name}.png`] = read(1, width, height);
}

/** Documentation and licences of the corpus: not inputs. */
const isDocumentation = (file: string) => /(^|\/)(MANIFEST\.md|LICENSE[^/]*|[^/]*\.README|SOURCES\.txt)$/.test(file);

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(path.join(dir, entry.name), relative) : [relative];
  });
}

const DECLARED_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
  hif: 'image/heif',
  heif: 'image/heif',
  avif: 'image/avif',
  avifs: 'image/avif-sequence',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

const files = present ? listFiles(root).filter((f) => !isDocumentation(f)).sort() : [];

describe.skipIf(!present)('bad-input corpus (../shared/datasets/badinputs)', () => {
  it('has an expected outcome for every file, and every expectation names a file', () => {
    expect(files.filter((f) => !(f in EXPECTED)), 'files without an expected outcome').toEqual([]);
    expect(Object.keys(EXPECTED).filter((f) => !files.includes(f)), 'expectations without a file').toEqual([]);
    expect(files.filter((f) => f.startsWith('pngsuite/png/'))).toHaveLength(175);
  });

  it.each(files)('%s', { timeout: 30_000 }, async (file) => {
    const expected = EXPECTED[file];
    expect(expected, `no expected outcome for ${file}`).toBeDefined();
    const bytes = new Uint8Array(readFileSync(path.join(root, file)));
    const declaredType = DECLARED_BY_EXTENSION[path.extname(file).slice(1).toLowerCase()];

    if (typeof expected === 'string') {
      const error = await serviceErrorFrom(readDocument(bytes, { declaredType }), `${file} was read, expected ${expected}`);
      expect(error.code).toBe(expected);
      return;
    }

    const doc = await readDocument(bytes, { declaredType });
    try {
      expect(doc.warnings).toEqual(expected.warnings ?? []);
      expect(doc.pages).toHaveLength(expected.pages);
      expect(doc.pages.map((p) => p.number)).toEqual(Array.from({ length: expected.pages }, (_, i) => i + 1));
      const first = doc.pages[0];
      expect([first.width, first.height]).toEqual(expected.size);
      const image = await first.render();
      expect([image.width, image.height]).toEqual(expected.size);
      expect(image.data.length).toBe(image.width * image.height * 3);
      if (expected.firstLine !== undefined) expect(first.textLines?.[0]?.text ?? null).toBe(expected.firstLine);
    } finally {
      await doc.close();
    }
  });
});
