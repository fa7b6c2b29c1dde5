// Integrity of the error catalogue, in the manner of fastify's test/internals/errors.test.js:
// the count is pinned, statuses follow types, docs/errors.md lists exactly the catalogue's codes,
// and, where the interface specification is at hand, the catalogue equals its error tables.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Value } from '@sinclair/typebox/value';
import { describe, it, expect } from 'vitest';
import { ErrorBody } from '../../engine/src/contracts/error-body.js';
import {
  DEFAULT_DOC_BASE_URL,
  ERROR_CATALOGUE,
  ServiceError,
  isServiceError,
  serializeError,
  type ErrorCode,
  type ErrorType,
} from '../../engine/src/errors/index.js';

// The spec's 112 codes, the HTTP layer's own five (`http_400`, `http_404`, `http_408`, `http_413`,
// `http_431`), and 9 console codes the spec does not name.
const EXPECTED_CODE_COUNT = 126;

/** The spec's Types table: each type has exactly one status. */
const TYPE_STATUS: Record<ErrorType, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  conflict_error: 409,
  rate_limit_error: 429,
  processing_error: 504,
  api_error: 500,
  service_unavailable_error: 503,
};

interface CodeRow {
  code: string;
  status: number;
  type: string;
}

const cells = (line: string): string[] => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());

/**
 * Rows of every table whose header is exactly `header` (e.g. `| Code | Status | Type | Message |`).
 * A row whose cells cannot be read fails the test rather than being skipped silently.
 */
function parseCodeTables(markdown: string, header: string[]): CodeRow[] {
  const rows: CodeRow[] = [];
  const lines = markdown.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim().startsWith('|') || cells(lines[i]).join('|') !== header.join('|')) continue;
    i += 2; // header and |---| separator
    for (; i < lines.length && lines[i].trim().startsWith('|'); i++) {
      const [first, status, type] = cells(lines[i]);
      const anchored = /^(?:<a id="([a-z0-9_]+)"><\/a>)?`?([a-z0-9_]+)`?$/.exec(first);
      if (!anchored || !/^\d{3}$/.test(status) || !/^[a-z_]+$/.test(type)) {
        throw new Error(`unreadable code row: ${lines[i]}`);
      }
      if (anchored[1] !== undefined && anchored[1] !== anchored[2]) {
        throw new Error(`anchor ${anchored[1]} does not match code ${anchored[2]}`);
      }
      rows.push({ code: anchored[2], status: Number(status), type });
    }
  }
  return rows;
}

const catalogueRows = (): CodeRow[] =>
  Object.entries(ERROR_CATALOGUE).map(([code, entry]) => ({ code, status: entry.status, type: entry.type }));

const byCode = (rows: CodeRow[]): Map<string, CodeRow> => new Map(rows.map((row) => [row.code, row]));

const codes = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

describe('error catalogue', () => {
  it('pins the number of codes', () => {
    expect(Object.keys(ERROR_CATALOGUE)).toHaveLength(EXPECTED_CODE_COUNT);
  });

  it('names every code in snake_case', () => {
    for (const code of codes) expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });

  it('gives every entry the status its type implies, and the HTTP layer\'s codes the status they name', () => {
    for (const code of codes) {
      const entry = ERROR_CATALOGUE[code];
      expect(TYPE_STATUS[entry.type], `type of ${code}`).toBeDefined();
      // `http_<status>` is the HTTP layer's own answer (the spec's form): its status is its name's,
      // of the type of its class (a 4xx the client's, invalid_request_error unless 404).
      const http = /^http_(\d{3})$/.exec(code);
      expect(entry.status, `status of ${code}`).toBe(http ? Number(http[1]) : TYPE_STATUS[entry.type]);
    }
  });

  it('has a non-empty message ending with a period for every code', () => {
    for (const code of codes) {
      const { message } = ERROR_CATALOGUE[code];
      expect(message.trim(), `message of ${code}`).not.toBe('');
      expect(message.endsWith('.'), `message of ${code} ends with a period`).toBe(true);
    }
  });
});

describe('docs/errors.md', () => {
  const doc = readFileSync(fileURLToPath(new URL('../../docs/errors.md', import.meta.url)), 'utf8');
  const docRows = parseCodeTables(doc, ['Code', 'Status', 'Type', 'Message']);

  it('lists every code once', () => {
    const seen = docRows.map((row) => row.code);
    expect(new Set(seen).size, 'duplicate code rows').toBe(seen.length);
    expect(docRows.length).toBe(EXPECTED_CODE_COUNT);
  });

  it('documents every catalogue code with the same status and type', () => {
    const documented = byCode(docRows);
    for (const row of catalogueRows()) {
      expect(documented.get(row.code), `${row.code} missing from docs/errors.md`).toEqual(row);
    }
  });

  it('documents no code the catalogue lacks', () => {
    for (const row of docRows) {
      expect(Object.hasOwn(ERROR_CATALOGUE, row.code), `${row.code} is documented but not in the catalogue`).toBe(true);
    }
  });

  it('gives each code an anchor so doc_url links resolve', () => {
    for (const code of codes) expect(doc).toContain(`<a id="${code}"></a>`);
  });

  it('states the same status for each type as the catalogue', () => {
    for (const [type, status] of Object.entries(TYPE_STATUS)) {
      expect(doc).toMatch(new RegExp(`^\\| ${type} \\| ${status} \\|`, 'm'));
    }
  });
});

const specUrl = new URL('../../../shared/spec/interface.md', import.meta.url);
const specExists = existsSync(fileURLToPath(specUrl));

describe('interface specification cross-check', () => {
  if (!specExists) console.log('skipped: ../shared/spec/interface.md not present (spec cross-check)');

  it.skipIf(!specExists)('has exactly the codes of the spec\'s error tables, in order, with the same status and type', () => {
    const spec = readFileSync(fileURLToPath(specUrl), 'utf8');
    const specRows = parseCodeTables(spec, ['Code', 'Status', 'Type', 'Condition']);
    expect(specRows.length).toBeGreaterThan(0);
    // `http_<status>` codes come from the HTTP layer, which the spec names only as a form; the
    // console's own codes are listed apart in docs/errors.md.
    const doc = readFileSync(fileURLToPath(new URL('../../docs/errors.md', import.meta.url)), 'utf8');
    const beyond = doc.slice(doc.indexOf('## Console codes beyond the spec'));
    const consoleOwn = new Set(parseCodeTables(beyond.slice(0, beyond.indexOf('\n## ', 1) >>> 0), ['Code', 'Status', 'Type', 'Message']).map((r) => r.code));
    expect(consoleOwn.size).toBe(9);
    expect(catalogueRows().filter((r) => !/^http_\d{3}$/.test(r.code) && !consoleOwn.has(r.code))).toEqual(specRows);
  });

  it.skipIf(!specExists)('uses the spec\'s status for every type', () => {
    const spec = readFileSync(fileURLToPath(specUrl), 'utf8');
    for (const [type, status] of Object.entries(TYPE_STATUS)) {
      expect(spec).toMatch(new RegExp(`^\\| ${type} \\| ${status} \\|`, 'm'));
    }
  });
});

describe('ServiceError', () => {
  it('takes status, type and message from the catalogue', () => {
    const error = new ServiceError('file_too_large');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ServiceError);
    expect(isServiceError(error)).toBe(true);
    expect(error.name).toBe('ServiceError');
    expect(error.code).toBe('file_too_large');
    expect(error.status).toBe(400);
    expect(error.type).toBe('invalid_request_error');
    expect(error.message).toBe(ERROR_CATALOGUE.file_too_large.message);
    expect(error.param).toBeUndefined();
    expect(error.details).toBeUndefined();
  });

  it('honours message, param, details and cause', () => {
    const cause = new Error('root');
    const error = new ServiceError('invalid_option', {
      message: 'The tiling option must be a boolean.',
      param: 'options.tiling',
      details: { errors: [{ param: 'options.tiling', message: 'Expected a boolean.' }] },
      cause,
    });
    expect(error.message).toBe('The tiling option must be a boolean.');
    expect(error.param).toBe('options.tiling');
    expect(error.details).toEqual({ errors: [{ param: 'options.tiling', message: 'Expected a boolean.' }] });
    expect(error.cause).toBe(cause);
    expect(error.status).toBe(400);
    expect(error.type).toBe('invalid_request_error');
  });

  it('is not confused with other errors', () => {
    expect(isServiceError(new Error('x'))).toBe(false);
    expect(isServiceError({ code: 'internal_error' })).toBe(false);
  });
});

describe('serializeError', () => {
  it('gives the full body of a ServiceError', () => {
    const error = new ServiceError('missing_capability', { param: 'mode', details: { missing: ['extractions.create'] } });
    const body = serializeError(error, { requestId: 'req_123' });
    expect(body).toEqual({
      error: {
        type: 'permission_error',
        code: 'missing_capability',
        message: ERROR_CATALOGUE.missing_capability.message,
        param: 'mode',
        details: { missing: ['extractions.create'] },
        request_id: 'req_123',
        doc_url: `${DEFAULT_DOC_BASE_URL}#missing_capability`,
      },
    });
    expect(Value.Check(ErrorBody, body)).toBe(true);
  });

  it('omits param and details when absent', () => {
    const body = serializeError(new ServiceError('empty_file'), { requestId: 'req_1' });
    expect(body.error).not.toHaveProperty('param');
    expect(body.error).not.toHaveProperty('details');
    expect(Object.keys(body.error).sort()).toEqual(['code', 'doc_url', 'message', 'request_id', 'type']);
    expect(Value.Check(ErrorBody, body)).toBe(true);
  });

  it('links to the code on a given documentation base', () => {
    const body = serializeError(new ServiceError('rate_limited'), { requestId: 'req_2', docBaseUrl: 'https://example.test/docs/errors' });
    expect(body.error.doc_url).toBe('https://example.test/docs/errors#rate_limited');
    expect(DEFAULT_DOC_BASE_URL).toBe('/docs/errors');
  });

  it('turns a plain Error into internal_error without leaking its message or stack', () => {
    const error = new Error('secret document text');
    const body = serializeError(error, { requestId: 'req_3' });
    expect(body).toEqual({
      error: {
        type: 'api_error',
        code: 'internal_error',
        message: ERROR_CATALOGUE.internal_error.message,
        request_id: 'req_3',
        doc_url: `${DEFAULT_DOC_BASE_URL}#internal_error`,
      },
    });
    expect(ERROR_CATALOGUE.internal_error.status).toBe(500);
    const text = JSON.stringify(body);
    expect(text).not.toContain('secret document text');
    expect(body.error).not.toHaveProperty('stack');
    expect(text).not.toContain(error.stack?.split('\n')[1]?.trim() ?? 'errors.test.ts');
  });

  it('turns a thrown string or other value into internal_error', () => {
    for (const thrown of ['secret document text', undefined, null, 42, { message: 'secret document text' }]) {
      const body = serializeError(thrown, { requestId: 'req_4' });
      expect(body.error.code).toBe('internal_error');
      expect(body.error.type).toBe('api_error');
      expect(JSON.stringify(body)).not.toContain('secret document text');
      expect(Value.Check(ErrorBody, body)).toBe(true);
    }
  });
});
