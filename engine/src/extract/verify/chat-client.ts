/**
 * The one call verified mode makes: an OpenAI-compatible chat completion (llama.cpp's
 * llama-server, Ollama, vLLM, a hosted API) at an endpoint the operator configured. Global fetch
 * only, so it runs in Node 20 and in a browser alike. It never throws: every way the call can go
 * wrong comes back as a typed failure, because a failed check must not fail the extraction.
 */

/** Where verified mode's language model is, as the operator configures it (docs/verification.md). */
export interface VerificationEndpoint {
  /** The API root, e.g. `http://127.0.0.1:8080/v1`; `/chat/completions` is added to it. */
  baseUrl: string;
  /** The model name the server knows (`qwen2.5:3b` on Ollama; anything on llama-server). */
  model: string;
  /** Sent as `Authorization: Bearer <key>` when set; local servers usually need none. */
  apiKey?: string;
  /** Whole call, answer included (default 30 s). */
  timeoutMs?: number;
}

export const DEFAULT_VERIFICATION_TIMEOUT_MS = 30_000;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type ChatFailureKind = 'network' | 'timeout' | 'http_status' | 'malformed_response';

export interface ChatFailure {
  kind: ChatFailureKind;
  /** For logs and the `verification_failed` warning: never the key, the prompt or the answer. */
  message: string;
  /** `http_status`: the status the server answered. */
  status?: number;
}

export type ChatResult = { ok: true; content: string } | { ok: false; failure: ChatFailure };

/** `${baseUrl}/chat/completions`, whether or not the base URL ends in a slash. */
export function completionsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
}

/**
 * Asks for one completion and returns the assistant message's content. Temperature 0 so the same
 * document gets the same answer; `response_format: json_object` so servers that support it
 * constrain the answer to JSON (the reader still copes with those that do not).
 */
export async function completeChat(endpoint: VerificationEndpoint, messages: ChatMessage[]): Promise<ChatResult> {
  const fail = (kind: ChatFailureKind, message: string, status?: number): ChatResult => ({ ok: false, failure: { kind, message, ...(status !== undefined ? { status } : {}) } });
  let url: string;
  try {
    url = new URL(completionsUrl(endpoint.baseUrl)).href;
  } catch {
    return fail('network', 'The verification base URL is not a valid URL.');
  }
  const timeoutMs = endpoint.timeoutMs ?? DEFAULT_VERIFICATION_TIMEOUT_MS;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  const body = JSON.stringify({ model: endpoint.model, messages, temperature: 0, response_format: { type: 'json_object' } });

  let text: string;
  let status: number;
  try {
    // One signal for the request and the body: a server that stalls mid-answer times out too.
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    text = await response.text();
  } catch (err) {
    if (isTimeout(err)) return fail('timeout', `The language model did not answer within ${timeoutMs} ms.`);
    return fail('network', 'The language-model endpoint could not be reached.');
  }
  if (status < 200 || status > 299) return fail('http_status', `The language-model endpoint answered HTTP ${status}.`, status);

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('malformed_response', 'The language-model endpoint did not answer with JSON.');
  }
  const content = (json as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') return fail('malformed_response', 'The answer holds no assistant message.');
  return { ok: true, content };
}

function isTimeout(err: unknown): boolean {
  // AbortSignal.timeout rejects with a TimeoutError DOMException; undici may wrap it as the cause.
  const name = (e: unknown) => (e as { name?: unknown } | null)?.name;
  return name(err) === 'TimeoutError' || name((err as { cause?: unknown } | null)?.cause) === 'TimeoutError';
}
