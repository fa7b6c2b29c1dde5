// Verified mode's chat-completions client against a local server speaking the protocol: the
// request it sends, and every way the call fails coming back as a typed failure, never thrown.
import { describe, expect, it } from 'vitest';
import { completeChat, completionsUrl } from '../../engine/src/extract/verify/chat-client.js';
import { startChatServer, useChatServer } from '../support/chat-server.js';

const MESSAGES = [
  { role: 'system' as const, content: 'Answer in JSON.' },
  { role: 'user' as const, content: 'Fields: ...' },
];

describe('completeChat', () => {
  const server = useChatServer(() => ({ content: '{"fields":{}}' }));

  it('POSTs model, messages, temperature 0 and a JSON response format to <base>/chat/completions', async () => {
    const result = await completeChat({ baseUrl: server.baseUrl, model: 'qwen2.5:3b' }, MESSAGES);
    expect(result).toEqual({ ok: true, content: '{"fields":{}}' });
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({ model: 'qwen2.5:3b', messages: MESSAGES, temperature: 0, response_format: { type: 'json_object' } });
  });

  it('tolerates a trailing slash on the base URL', async () => {
    expect(completionsUrl('http://127.0.0.1:8080/v1/')).toBe('http://127.0.0.1:8080/v1/chat/completions');
    expect(completionsUrl('http://127.0.0.1:8080/v1')).toBe('http://127.0.0.1:8080/v1/chat/completions');
    const result = await completeChat({ baseUrl: `${server.baseUrl}/`, model: 'm' }, MESSAGES);
    expect(result.ok).toBe(true);
    expect(server.requests[0].url).toBe('/v1/chat/completions');
  });

  it('sends the key as a Bearer token when one is set, and no Authorization header otherwise', async () => {
    await completeChat({ baseUrl: server.baseUrl, model: 'm', apiKey: 'sk-local-123' }, MESSAGES);
    await completeChat({ baseUrl: server.baseUrl, model: 'm' }, MESSAGES);
    await completeChat({ baseUrl: server.baseUrl, model: 'm', apiKey: '' }, MESSAGES);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sk-local-123', undefined, undefined]);
  });

  it('reports a non-2xx answer with its status', async () => {
    server.reply = () => ({ status: 500, body: '{"error":{"message":"model crashed"}}' });
    const result = await completeChat({ baseUrl: server.baseUrl, model: 'm' }, MESSAGES);
    expect(result).toEqual({ ok: false, failure: { kind: 'http_status', status: 500, message: expect.stringContaining('500') } });
    server.reply = () => ({ status: 401, body: 'unauthorized' });
    expect(await completeChat({ baseUrl: server.baseUrl, model: 'm', apiKey: 'wrong' }, MESSAGES)).toMatchObject({ ok: false, failure: { kind: 'http_status', status: 401 } });
  });

  it('reports a body that is not JSON or holds no assistant message as malformed', async () => {
    server.reply = () => ({ status: 200, body: '<html>proxy error</html>' });
    expect(await completeChat({ baseUrl: server.baseUrl, model: 'm' }, MESSAGES)).toMatchObject({ ok: false, failure: { kind: 'malformed_response' } });
    server.reply = () => ({ status: 200, body: '{"choices":[]}' });
    expect(await completeChat({ baseUrl: server.baseUrl, model: 'm' }, MESSAGES)).toMatchObject({ ok: false, failure: { kind: 'malformed_response' } });
    server.reply = () => ({ status: 200, body: '{"choices":[{"message":{"role":"assistant","content":null}}]}' });
    expect(await completeChat({ baseUrl: server.baseUrl, model: 'm' }, MESSAGES)).toMatchObject({ ok: false, failure: { kind: 'malformed_response' } });
    server.reply = () => ({ status: 200, body: 'null' });
    expect(await completeChat({ baseUrl: server.baseUrl, model: 'm' }, MESSAGES)).toMatchObject({ ok: false, failure: { kind: 'malformed_response' } });
  });

  it('gives up after timeoutMs', async () => {
    server.reply = () => ({ delayMs: 2_000, then: { content: '{}' } });
    const started = performance.now();
    const result = await completeChat({ baseUrl: server.baseUrl, model: 'm', timeoutMs: 150 }, MESSAGES);
    expect(result).toMatchObject({ ok: false, failure: { kind: 'timeout', message: expect.stringContaining('150 ms') } });
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('reports an unreachable endpoint or a malformed base URL as a network failure', async () => {
    const closed = await startChatServer();
    const baseUrl = closed.baseUrl;
    await closed.close();
    expect(await completeChat({ baseUrl, model: 'm', timeoutMs: 5_000 }, MESSAGES)).toMatchObject({ ok: false, failure: { kind: 'network' } });
    expect(await completeChat({ baseUrl: 'not a url', model: 'm' }, MESSAGES)).toMatchObject({ ok: false, failure: { kind: 'network' } });
  });

  it('never puts the key into a failure message', async () => {
    server.reply = () => ({ status: 403, body: '{"error":"bad key sk-secret-9"}' });
    const result = await completeChat({ baseUrl: server.baseUrl, model: 'm', apiKey: 'sk-secret-9' }, MESSAGES);
    expect(JSON.stringify(result)).not.toContain('sk-secret-9');
  });
});
