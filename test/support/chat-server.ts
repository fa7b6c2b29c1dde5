// A small OpenAI-compatible chat-completions server on 127.0.0.1 for verified-mode tests: it
// records every request and answers as each test scripts it, so no language model is needed.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface ChatRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it is not JSON). */
  body: { model?: string; messages?: { role: string; content: string }[]; temperature?: number; response_format?: unknown } | undefined;
}

/** What a test answers: the assistant's content, or a raw status and body, or a delay first. */
export type ChatReply = { content: string } | { status: number; body: string } | { delayMs: number; then: ChatReply };

export interface ChatServer {
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string;
  requests: ChatRequest[];
  /** The reply to the next requests (default: an empty JSON object as content). */
  reply: (req: ChatRequest) => ChatReply;
  close: () => Promise<void>;
}

/** The protocol's answer body around an assistant message. */
export function completion(content: string): string {
  return JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  });
}

/**
 * A server for the tests of one `describe`: started before them, closed after, its requests
 * cleared and its reply reset to `reply` before each. The object is filled in once started.
 */
export function useChatServer(reply: ChatServer['reply']): ChatServer {
  const server = {} as ChatServer;
  beforeAll(() => startChatServer(server));
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.reply = reply;
  });
  return server;
}

/** Starts a server on a free port; `into` (optional) is the object filled in and returned. */
export async function startChatServer(into: Partial<ChatServer> = {}): Promise<ChatServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: ChatRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      const request: ChatRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      state.requests.push(request);
      // The protocol's own refusals, so a wrong method or path fails the test visibly.
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return send(res, { status: 404, body: '{"error":{"message":"not found"}}' });
      if (!body?.model || !Array.isArray(body.messages)) return send(res, { status: 400, body: '{"error":{"message":"model and messages are required"}}' });
      send(res, state.reply(request));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const state: ChatServer = Object.assign(into, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: [],
    reply: () => ({ content: '{}' }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return state;
}

function send(res: ServerResponse, reply: ChatReply): void {
  if ('delayMs' in reply) {
    const timer = setTimeout(() => send(res, reply.then), reply.delayMs);
    res.on('close', () => clearTimeout(timer));
    return;
  }
  const [status, body] = 'content' in reply ? [200, completion(reply.content)] : [reply.status, reply.body];
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body);
}
