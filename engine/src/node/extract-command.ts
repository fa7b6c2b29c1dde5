import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { definitionVersion, templateVersion, type DocumentTypeVersion } from '../extract/document-type.js';
import { ServiceError } from '../errors/service-error.js';
import { cliError, UNREADABLE_FILE } from './cli-outcome.js';
import { declaredTypeFromName } from './declared-type.js';
import type { Engine } from './engine.js';

export const EXTRACT_USAGE = `Usage: npm run --silent cli -- extract --json [--type KEY] [--definition FILE] [--mode fast|standard|verified] [--options JSON] FILE...

Extracts each file's fields (JPEG, PNG, WebP, TIFF, HEIC/HEIF, PDF, or a .json file holding
client_ocr lines) and prints one JSON object per file per line:
{"file", "extraction": {document_type, schema_version, mode, data, fields, review, processing, warnings}, "ms"}
or {"file", "error": {code, message}}.
  --type        built-in template (payment_receipt, retail_receipt, invoice; default retail_receipt),
                or the key to report for --definition
  --definition  a document type definition (JSON file) to extract with instead of a template
  --mode        fast, standard (default) or verified
  --options     the request's options as JSON, e.g. '{"known_merchants":["ACME"]}'
  --threads     threads for the models (default: all cores)
Exit status is 0 even when some files cannot be read; 2 for a usage error.`;

export interface ExtractArgs {
  type?: string;
  definition?: string;
  mode?: string;
  options?: string;
}

export type ExtractOutcome = { file: string; extraction: unknown; ms: number } | { file: string; error: { code: string; message: string } };

/** The document type the command extracts with; a ServiceError when it cannot be had. */
export async function resolveType(args: ExtractArgs): Promise<DocumentTypeVersion> {
  if (args.definition) {
    let text: string;
    try {
      text = await readFile(args.definition, 'utf8');
    } catch {
      throw new ServiceError('invalid_parameters', { message: 'The definition file does not exist or cannot be read.', param: 'definition' });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ServiceError('invalid_json', { param: 'definition' });
    }
    const key = args.type ?? basename(args.definition, extname(args.definition)).toLowerCase().replace(/[^a-z0-9_]/g, '_');
    return definitionVersion(key, json);
  }
  return templateVersion(args.type ?? 'retail_receipt');
}

/** Extracts one file; never throws. `.json` files are client_ocr input. */
export async function extractOne(engine: Engine, file: string, type: DocumentTypeVersion, args: ExtractArgs): Promise<ExtractOutcome> {
  const started = performance.now();
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return { file, error: UNREADABLE_FILE };
  }
  try {
    const input = extname(file).toLowerCase() === '.json' ? { client_ocr: bytes.toString('utf8') } : { file: new Uint8Array(bytes), declaredType: declaredTypeFromName(file) };
    const extraction = await engine.extract(input, type, { mode: args.mode, options: args.options });
    return { file, extraction, ms: Math.round(performance.now() - started) };
  } catch (err) {
    return { file, error: cliError(err) };
  }
}
