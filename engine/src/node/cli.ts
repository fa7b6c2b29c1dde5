import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { OcrPage } from '../contracts/ocr.js';
import { ENGINE_VERSION } from '../version.js';
import { declaredTypeFromName } from './declared-type.js';
import { DOCTYPE_USAGE, runDoctypeCommand } from './doctype-command.js';
import { cliError, parsePositiveInteger, UNREADABLE_FILE } from './cli-outcome.js';
import { EXTRACT_USAGE } from './extract-command.js';
import type { DocumentText, OcrPool } from './ocr-pool.js';

const OCR_USAGE = `Usage: npm run --silent cli -- ocr [--json] FILE...

Reads each file (JPEG, PNG, WebP, TIFF, HEIC/HEIF, PDF) and prints its text lines.
  --json     one JSON object per file per line: {"file", "pages", "ms"} or {"file", "error"}
  --threads  threads for the models (default: all cores)
Exit status is 0 even when some files cannot be read; 2 for a usage error.`;
const USAGE = `${OCR_USAGE}\n\n${EXTRACT_USAGE}\n\n${DOCTYPE_USAGE}`;

type FileOutcome = { file: string; result: DocumentText; ms: number } | { file: string; error: { code: string; message: string } };

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      threads: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
      type: { type: 'string' },
      definition: { type: 'string' },
      mode: { type: 'string' },
      options: { type: 'string' },
    },
  });
  if (values.version) {
    process.stdout.write(`${ENGINE_VERSION}\n`);
    return 0;
  }
  const [command, ...files] = positionals;
  if (command === 'doctype' && !values.help) {
    const out = await runDoctypeCommand(files);
    if (out.json === null) process.stderr.write(out.text);
    else process.stdout.write(values.json ? `${JSON.stringify(out.json)}\n` : out.text);
    return out.code;
  }
  if (command === 'extract' && !values.help && files.length > 0) return runExtract(files, values);
  if (values.help || command !== 'ocr' || files.length === 0) {
    (values.help ? process.stdout : process.stderr).write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const threads = parsePositiveInteger(values.threads);
  if (threads === null) {
    process.stderr.write(`--threads must be a positive whole number\n${USAGE}\n`);
    return 2;
  }
  // One pool, so the models are loaded once for all files.
  // Loaded here, not at the top: `doctype` commands need none of the OCR stack.
  const { OcrPool } = await import('./ocr-pool.js');
  const pool = new OcrPool({ threads });
  try {
    // Load the models before the clock starts for the first file. Where OCR is unavailable the
    // files that need it report ocr_unavailable themselves; PDFs with a text layer still read.
    await pool.warmUp().catch(() => undefined);
    for (const file of files) {
      const outcome = await readOne(pool, file);
      process.stdout.write(values.json ? `${JSON.stringify(toJson(outcome))}\n` : toText(outcome));
    }
  } finally {
    await pool.close();
  }
  return 0;
}

async function runExtract(files: string[], values: { json?: boolean; threads?: string; type?: string; definition?: string; mode?: string; options?: string }): Promise<number> {
  const threads = parsePositiveInteger(values.threads);
  if (threads === null) {
    process.stderr.write(`--threads must be a positive whole number\n${EXTRACT_USAGE}\n`);
    return 2;
  }
  const { extractOne, resolveType, verificationFromEnv } = await import('./extract-command.js');
  const llm = verificationFromEnv(process.env);
  if ('error' in llm) {
    process.stderr.write(`${llm.error}\n${EXTRACT_USAGE}\n`);
    return 2;
  }
  const { Engine } = await import('./engine.js');
  const args = { type: values.type, definition: values.definition, mode: values.mode, options: values.options };
  let type;
  try {
    type = await resolveType(args);
  } catch (err) {
    // A bad type or definition fails every file the same way: one line per file, as the contract says.
    const error = cliError(err);
    for (const file of files) process.stdout.write(values.json ? `${JSON.stringify({ file, error })}\n` : `${file}: error ${error.code}: ${error.message}\n`);
    return 0;
  }
  const engine = new Engine({ threads, verification: llm.endpoint });
  try {
    // Models load once, before the first file's clock starts, and only when a file needs them.
    if (files.some((f) => !f.toLowerCase().endsWith('.json'))) await engine.warmUp().catch(() => undefined);
    for (const file of files) {
      const outcome = await extractOne(engine, file, type, args);
      process.stdout.write(values.json ? `${JSON.stringify(outcome)}\n` : extractText(outcome));
    }
  } finally {
    await engine.close();
  }
  return 0;
}

function extractText(outcome: import('./extract-command.js').ExtractOutcome): string {
  if ('error' in outcome) return `${outcome.file}: error ${outcome.error.code}: ${outcome.error.message}\n`;
  const ex = outcome.extraction as { data: Record<string, unknown>; review: { required: boolean } };
  const parts = [`${outcome.file} (${outcome.ms} ms)${ex.review.required ? ' review required' : ''}`];
  for (const [k, v] of Object.entries(ex.data)) if (v !== null && !(Array.isArray(v) && v.length === 0)) parts.push(`  ${k}: ${JSON.stringify(v)}`);
  return `${parts.join('\n')}\n`;
}

async function readOne(pool: OcrPool, file: string): Promise<FileOutcome> {
  const started = performance.now();
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch {
    return { file, error: UNREADABLE_FILE };
  }
  try {
    const result = await pool.read({ bytes, declaredType: declaredTypeFromName(file) });
    return { file, result, ms: Math.round(performance.now() - started) };
  } catch (err) {
    return { file, error: cliError(err) };
  }
}

/** The CLI's JSON contract: pages with page, width, height and lines (text, confidence, bounding_box, words). */
function toJson(outcome: FileOutcome) {
  if ('error' in outcome) return outcome;
  const pages = outcome.result.pages.map((p: OcrPage) => ({ page: p.page, width: p.width, height: p.height, lines: p.lines }));
  const warnings = outcome.result.warnings;
  return { file: outcome.file, pages, ...(warnings.length > 0 ? { warnings } : {}), ms: outcome.ms };
}

function toText(outcome: FileOutcome): string {
  if ('error' in outcome) return `${outcome.file}: error ${outcome.error.code}: ${outcome.error.message}\n`;
  const parts = [`${outcome.file} (${outcome.result.mediaType}, ${outcome.ms} ms)`];
  for (const w of outcome.result.warnings) parts.push(`  warning: ${w}`);
  for (const p of outcome.result.pages) {
    parts.push(`  page ${p.page} (${p.width}x${p.height}, ${p.source === 'pdf_text' ? 'PDF text' : 'OCR'})`);
    for (const l of p.lines) parts.push(`    ${l.text}`);
  }
  return `${parts.join('\n')}\n`;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
