import { Validator } from '@seriousme/openapi-schema-validator';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, type ErrorCode } from '../../engine/src/errors/error-catalogue.js';
import { SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';
import { listen } from '../support/server-transport.js';

/** Every /v1 route of the app, as OpenAPI paths and lower-case methods (HEAD and CORS's OPTIONS aside). */
const ROUTES: [string, string][] = [
  ['/v1/extractions', 'post'],
  ['/v1/extractions/{extraction_id}', 'get'],
  // An extension of the spec's API (docs/api.md, "Corrections").
  ['/v1/extractions/{extraction_id}/corrections', 'post'],
  ['/v1/client-tokens', 'post'],
  ['/v1/client-sessions', 'post'],
  ['/v1/me', 'get'],
  ['/v1/usage', 'get'],
  ['/v1/document-types', 'get'],
  ['/v1/document-types', 'post'],
  ['/v1/document-types/{key}', 'get'],
  ['/v1/document-types/{key}/draft', 'put'],
  ['/v1/document-types/{key}/publish', 'post'],
  ['/v1/document-types/{key}/archive', 'post'],
  ['/v1/document-types/{key}/versions/{version}', 'get'],
  ['/v1/schemas/{schema_id}', 'get'],
  ['/v1/openapi.json', 'get'],
];

/** Operations that answer with no 4xx of their own: the public description takes no credential. */
const NO_CLIENT_ERRORS = new Set(['/v1/openapi.json get']);

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('OpenAPI description', () => {
  let s: TestServer;
  let spec: Json;
  let baseUrl: string;

  beforeAll(async () => {
    s = await startTestServer();
    const res = await s.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    spec = res.json();
    baseUrl = await listen(s.app);
  });
  afterAll(async () => s?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(spec.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(spec);
    expect(result.errors ?? null, JSON.stringify(result.errors, null, 2)).toBeNull();
    expect(result.valid).toBe(true);
  });

  it('describes every route of the app, and nothing else', () => {
    for (const [path, method] of ROUTES) {
      expect(spec.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
      // The list is the app's: each route is registered under Fastify's path syntax.
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      expect(s.app.hasRoute({ method: method.toUpperCase() as 'GET', url }), `${method.toUpperCase()} ${url} is a route`).toBe(true);
    }
    const documented = Object.entries(spec.paths as Json).flatMap(([path, item]) => Object.keys(item as Json).filter((k) => METHODS.includes(k)).map((m) => `${path} ${m}`));
    expect(documented.sort()).toEqual(ROUTES.map(([p, m]) => `${p} ${m}`).sort());
    // And the routes printed by Fastify are the same set (one line per route path, with its methods).
    const printed = s.app.printRoutes({ commonPrefix: false });
    for (const [path] of ROUTES) expect(printed).toContain(path.replace(/\{(\w+)\}/g, ':$1').split('/').pop());
  });

  it('gives every operation an operationId and at least one 4xx answer with the Error schema', () => {
    const ids = new Set<string>();
    for (const [path, method] of ROUTES) {
      const op = spec.paths[path][method] as Json;
      expect(typeof op.operationId, `${method} ${path} operationId`).toBe('string');
      expect(ids.has(op.operationId), `operationId ${op.operationId} is unique`).toBe(false);
      ids.add(op.operationId);
      const errors = Object.entries(op.responses as Json).filter(([status]) => /^4\d\d$/.test(status));
      if (NO_CLIENT_ERRORS.has(`${path} ${method}`)) continue;
      expect(errors.length, `${method.toUpperCase()} ${path} documents a 4xx`).toBeGreaterThan(0);
      for (const [status, response] of errors) {
        expect(response.content?.['application/json']?.schema?.$ref, `${method.toUpperCase()} ${path} ${status}`).toBe('#/components/schemas/Error');
        expect(response.description).toMatch(/Error codes: /);
      }
    }
    expect(spec.components.schemas.Error).toBeDefined();
    expect(spec.components.schemas.Extraction).toBeDefined();
  });

  it('lists each error code under the status the route answers it with', () => {
    // The spec's one exception to the catalogue: an unusable type in a token's or session's list is a 400.
    const answeredAs: Record<string, Partial<Record<ErrorCode, number>>> = {
      createClientToken: { document_type_not_found: 400 },
      createClientSession: { document_type_not_found: 400 },
    };
    let listed = 0;
    for (const [path, method] of ROUTES) {
      const op = spec.paths[path][method] as Json;
      for (const [status, response] of Object.entries(op.responses as Json)) {
        if (!/^[45]\d\d$/.test(status)) continue;
        const codes = [...String(response.description).matchAll(/`(\w+)`/g)].map((m) => m[1] as ErrorCode);
        expect(codes.length, `${op.operationId} ${status} lists its codes`).toBeGreaterThan(0);
        for (const code of codes) {
          expect(ERROR_CATALOGUE[code], `${code} is a catalogue code`).toBeDefined();
          const expected = answeredAs[op.operationId]?.[code] ?? ERROR_CATALOGUE[code].status;
          expect(Number(status), `${op.operationId}: ${code}`).toBe(expected);
          listed++;
        }
      }
    }
    expect(listed).toBeGreaterThan(ROUTES.length);
    for (const id of Object.keys(answeredAs)) {
      const op = Object.values(spec.paths as Json).flatMap((item) => Object.values(item as Json)).find((o) => (o as Json).operationId === id) as Json;
      expect(op.responses['400'].description, id).toContain('`document_type_not_found`');
      expect(op.responses['404']?.description ?? '', id).not.toContain('`document_type_not_found`');
    }
  });

  it('generates TypeScript types that compile and a client that performs an extraction', { timeout: 180_000 }, async () => {
    const types = astToString(await openapiTS(spec as Parameters<typeof openapiTS>[0]));
    for (const [path] of ROUTES) expect(types).toContain(`"${path}"`);
    for (const id of ['createExtraction', 'getExtraction']) expect(types).toContain(id);

    // The generated types compile, and a typed client over them type-checks.
    const dir = mkdtempSync(join(tmpdir(), 'docex-openapi-'));
    try {
      writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
      writeFileSync(join(dir, 'api.d.ts'), types);
      writeFileSync(
        join(dir, 'use.ts'),
        [
          "import createClient from 'openapi-fetch';",
          "import type { paths } from './api.js';",
          "const client = createClient<paths>({ baseUrl: 'http://127.0.0.1' });",
          "export async function read(id: string): Promise<string | undefined> {",
          "  const { data } = await client.GET('/v1/extractions/{extraction_id}', { params: { path: { extraction_id: id } } });",
          '  return data?.status;',
          '}',
          '',
        ].join('\n'),
      );
      const program = ts.createProgram([join(dir, 'use.ts')], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        types: [],
        typeRoots: [],
        baseUrl: process.cwd(),
        paths: { 'openapi-fetch': [join(process.cwd(), 'node_modules/openapi-fetch/dist/index.d.mts')] },
      });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // A client at run time against the listening server (typed loosely: the types above are made at run time).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const client = createClient<any>({ baseUrl, headers: { authorization: `Bearer ${s.boot.secret_key}` } });
    const form = new FormData();
    form.append('client_ocr', JSON.stringify(SLIP_CLIENT_OCR));
    const created = await client.POST('/v1/extractions', { body: form, bodySerializer: (b: unknown) => b as FormData });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const body = created.data as Json;
    expect(body.object).toBe('extraction');
    expect(body.status).toBe('succeeded');
    expect(body.data.amount).toBe(12.5);

    const read = await client.GET('/v1/extractions/{extraction_id}', { params: { path: { extraction_id: body.id } } });
    expect(read.response.status).toBe(200);
    expect((read.data as Json).id).toBe(body.id);
    expect((read.data as Json).data).toEqual(body.data);

    // An error comes back as the Error schema's body.
    const missing = await client.GET('/v1/extractions/{extraction_id}', { params: { path: { extraction_id: 'svc_req_nope' } } });
    expect(missing.response.status).toBe(404);
    expect((missing.error as Json).error.code).toBe('extraction_not_found');
  });
});
