import type { KitApi } from '../../../main/src/preload-api.js';

const toBase64 = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

const replace = (_key: string, value: unknown) => (value instanceof Uint8Array ? { $bytes: toBase64(value) } : value);
const revive = (_key: string, value: unknown) => (value && typeof value === 'object' && typeof (value as { $bytes?: unknown }).$bytes === 'string' ? fromBase64((value as { $bytes: string }).$bytes) : value);

/** The kit over HTTP to the Node web host (main/src/web-host.ts): the same channels and answers as Electron's IPC. */
export function webKit(): KitApi {
  return {
    engineVersion: 'web host',
    invoke: async (channel, input) => {
      try {
        const res = await fetch(`/kit/${channel}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input, replace) });
        return JSON.parse(await res.text(), revive);
      } catch {
        return { ok: false, error: { type: 'api_error', code: 'internal_error', message: 'The app backend could not be reached.' } };
      }
    },
    onChanged: (listener) => {
      const events = new EventSource('/kit/events');
      events.onmessage = (e) => listener(JSON.parse(e.data as string) as string);
      return () => events.close();
    },
  };
}
