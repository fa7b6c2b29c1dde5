import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { definitionVersion, templateVersion, type DocumentTypeVersion } from '../extract/document-type.js';
import type { VerificationEndpoint } from '../extract/verify/chat-client.js';
import { ServiceError } from '../errors/service-error.js';
import { cliError, parsePositiveInteger, UNREADABLE_FILE } from './cli-outcome.js';
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
Verified mode asks an OpenAI-compatible chat-completions endpoint (docs/verification.md):
  DOCEX_LLM_BASE_URL    its API root, e.g. http://127.0.0.1:8080/v1 (llama-server) or
                        http://127.0.0.1:11434/v1 (Ollama); unset: verified mode is refused
  DOCEX_LLM_MODEL       the model name, e.g. qwen2.5:3b
  DOCEX_LLM_API_KEY     sent as a Bearer token (optional)
  DOCEX_LLM_TIMEOUT_MS  per document (optional, default 30000)
Exit status is 0 even when some files cannot be read; 2 for a usage error.`;

export interface ExtractArgs {
  type?: string;
  definition?: string;
  mode?: string;
  options?: string;
}

export type ExtractOutcome = { file: string; extraction: unknown; ms: number } | { file: string; error: { code: string; message: string } };

/**
 * Verified mode's endpoint from `DOCEX_LLM_BASE_URL`, `DOCEX_LLM_MODEL`, `DOCEX_LLM_API_KEY` and
 * `DOCEX_LLM_TIMEOUT_MS`. Neither base URL nor model set: no endpoint (verified mode is refused
 * per file with `verification_disabled`). A half or malformed setting is a usage error (`error`),
 * so a typo does not pass for "no language model".
 */
export function verificationFromEnv(env: Record<string, string | undefined>): { endpoint: VerificationEndpoint | null } | { error: string } {
  const baseUrl = env.DOCEX_LLM_BASE_URL?.trim() || undefined;
  const model = env.DOCEX_LLM_MODEL?.trim() || undefined;
  const apiKey = env.DOCEX_LLM_API_KEY?.trim() || undefined;
  const timeout = env.DOCEX_LLM_TIMEOUT_MS?.trim() || undefined;
  if (!baseUrl && !model) return { endpoint: null };
  if (!baseUrl || !model) return { error: 'DOCEX_LLM_BASE_URL and DOCEX_LLM_MODEL must be set together' };
  let protocol: string;
  try {
    protocol = new URL(baseUrl).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'http:' && protocol !== 'https:') return { error: 'DOCEX_LLM_BASE_URL must be an http or https URL' };
  const timeoutMs = parsePositiveInteger(timeout);
  if (timeoutMs === null) return { error: 'DOCEX_LLM_TIMEOUT_MS must be a positive whole number of milliseconds' };
  return { endpoint: { baseUrl, model, ...(apiKey ? { apiKey } : {}), ...(timeoutMs !== undefined ? { timeoutMs } : {}) } };
}

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
