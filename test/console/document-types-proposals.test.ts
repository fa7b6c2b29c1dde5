// Console API: document type proposals from a description, asked of a local server that plays an
// OpenAI-compatible language model: the request it gets, proposals checked by the definition
// checker (invalid ones returned as rejected with their problems), nothing stored, the refusal
// without a configured model, an unreachable model, and 30 calls an hour per organization.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ConsoleClient } from '../support/console-client.js';
import { startChatServer, type ChatServer } from '../support/chat-server.js';
import { startTestServer, type TestServer } from '../support/server-harness.js';

let chat: ChatServer;
let s: TestServer;
let owner: ConsoleClient;

const PARKING = { name: 'Parking ticket', fields: { operator: { type: 'string', required: true }, fee: { type: 'money', minimum: 0 }, exit: { type: 'datetime' } } };
const RECEIPT = { name: 'Car park receipt', fields: { total: { type: 'money' }, currency: { type: 'currency' } } };

beforeAll(async () => {
  chat = await startChatServer();
  s = await startTestServer({ env: { DOCEX_LLM_BASE_URL: chat.baseUrl, DOCEX_LLM_MODEL: 'proposal-model' } });
  owner = await signIn(s.app, s.boot.console.email, s.boot.console.password);
});
afterAll(async () => {
  await s?.close();
  await chat?.close();
});

const proposals = (org = s.boot.tenant) => `/console/api/organizations/${org}/document-types/proposals`;
const err = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, code: (res.json() as { error?: { code: string } }).error?.code });
const storedTypes = () => s.app.services.db.prepare('SELECT COUNT(*) FROM document_types').pluck().get() as number;

describe('proposals from a description', () => {
  it('asks the configured model with the description and answers the proposals that pass the checker; stores nothing', async () => {
    chat.requests.length = 0;
    chat.reply = () => ({
      content: JSON.stringify({
        proposals: [
          { key: 'parking_ticket', definition: PARKING },
          { key: 'car_park_receipt', definition: RECEIPT },
          { key: 'broken', definition: { name: 'Broken', fields: { amount: { type: 'float' } } } },
          { key: 'Bad Key', definition: PARKING },
        ],
      }),
    });
    const before = storedTypes();
    const res = await owner.post(proposals(), { description: '  Pay-and-display tickets from car parks: operator, fee, exit time.  ' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.proposals).toEqual([
      { key: 'parking_ticket', definition: PARKING, key_taken: false },
      { key: 'car_park_receipt', definition: RECEIPT, key_taken: false },
    ]);
    // At most three proposals are read; the third breaks the language and is returned with its problems.
    expect(body.rejected).toEqual([{ key: 'broken', problems: [{ path: 'fields.amount.type', message: expect.any(String) }] }]);
    expect(storedTypes()).toBe(before);

    // One chat completion at the configured endpoint, with the model and the description.
    expect(chat.requests).toHaveLength(1);
    const [req] = chat.requests;
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.body?.model).toBe('proposal-model');
    expect(req.body?.messages?.[0]).toMatchObject({ role: 'system', content: expect.stringContaining('"proposals"') });
    expect(req.body?.messages?.[1]).toMatchObject({ role: 'user', content: expect.stringContaining('Pay-and-display tickets from car parks: operator, fee, exit time.') });
  });

  it('tells which proposed keys the organization already uses, and takes an answer wrapped in a code fence', async () => {
    await owner.post(`/console/api/organizations/${s.boot.tenant}/document-types`, { key: 'parking_ticket', definition: PARKING });
    chat.reply = () => ({ content: '```json\n' + JSON.stringify({ proposals: [{ key: 'parking_ticket', definition: PARKING }, { key: 'invoice', definition: RECEIPT }] }) + '\n```' });
    const body = (await owner.post(proposals(), { description: 'Parking tickets' })).json();
    expect(body.proposals.map((p: { key: string; key_taken: boolean }) => [p.key, p.key_taken])).toEqual([
      ['parking_ticket', true],
      ['invoice', true],
    ]);
  });

  it('answers an unusable model answer as no proposals with the problem', async () => {
    chat.reply = () => ({ content: 'Here is a definition: a parking ticket has an operator.' });
    const res = await owner.post(proposals(), { description: 'Parking tickets' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ proposals: [], rejected: [{ key: null, problems: [{ path: '', message: expect.any(String) }] }] });
  });

  it('answers 503 llm_unavailable with the reason when the model cannot be reached', async () => {
    chat.reply = () => ({ status: 500, body: '{"error":{"message":"model crashed"}}' });
    const res = await owner.post(proposals(), { description: 'Parking tickets' });
    expect(err(res)).toEqual({ status: 503, code: 'llm_unavailable' });
    expect(res.json().error.details).toEqual({ reason: 'http_status' });
    expect(res.json().error.message).not.toContain('model crashed');
  });

  it('refuses a missing or overlong description with invalid_parameters, without asking the model', async () => {
    chat.requests.length = 0;
    for (const description of [undefined, '   ', 42, 'x'.repeat(2001)]) {
      const res = await owner.post(proposals(), { description });
      expect(err(res)).toEqual({ status: 400, code: 'invalid_parameters' });
      expect(res.json().error.param).toBe('description');
    }
    expect(chat.requests).toHaveLength(0);
  });

  it('takes 30 proposals an hour per organization, then answers 429 rate_limited with Retry-After; other organizations go on', async () => {
    chat.reply = () => ({ content: JSON.stringify({ proposals: [{ key: 'parking_ticket', definition: PARKING }] }) });
    const other = s.bootAnother();
    const c = await signIn(s.app, other.console.email, other.console.password);
    chat.requests.length = 0;
    for (let i = 0; i < 30; i++) expect((await c.post(proposals(other.tenant), { description: `Parking tickets ${i}` })).statusCode).toBe(200);
    const refused = await c.post(proposals(other.tenant), { description: 'Parking tickets again' });
    expect(err(refused)).toEqual({ status: 429, code: 'rate_limited' });
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(chat.requests).toHaveLength(30);
    expect((await owner.post(proposals(), { description: 'Parking tickets' })).statusCode).toBe(200);
  });
});

describe('without a language model', () => {
  it('refuses proposals with 503 llm_unconfigured', async () => {
    const plain = await startTestServer();
    try {
      const c = await signIn(plain.app, plain.boot.console.email, plain.boot.console.password);
      const res = await c.post(proposals(plain.boot.tenant), { description: 'Parking tickets' });
      expect(err(res)).toEqual({ status: 503, code: 'llm_unconfigured' });
      expect(res.json().error.details ?? null).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
