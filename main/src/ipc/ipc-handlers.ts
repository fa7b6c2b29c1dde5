import { Type, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import { serializeError } from '../../../engine/src/errors/serialize-error.js';
import type { Channel, DesktopChannels, IpcResult } from '../preload-api.js';
import type { DesktopBackend } from '../backend/desktop-backend.js';

/** The spec's largest file (20 MB): a capture past it is refused before it is kept. */
export const MAX_CAPTURE_BYTES = 20 * 1024 * 1024;

const Id = Type.String({ minLength: 1, maxLength: 100 });
const Empty = Type.Object({}, { additionalProperties: false });

/** What each channel takes: the renderer is not trusted, so main checks every input. */
export const IPC_INPUTS = {
  capture: Type.Object(
    {
      bytes: Type.Uint8Array({ minByteLength: 1 }),
      name: Type.String({ minLength: 1, maxLength: 255 }),
      media_type: Type.Optional(Type.String({ maxLength: 100 })),
      source: Type.Union([Type.Literal('camera'), Type.Literal('file')]),
    },
    { additionalProperties: false },
  ),
  documents: Type.Object({ review: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('needed'), Type.Literal('done')])) }, { additionalProperties: false }),
  review: Type.Object({ id: Id }, { additionalProperties: false }),
  page_image: Type.Object({ id: Id, page: Type.Integer({ minimum: 1, maximum: 10_000 }) }, { additionalProperties: false }),
  correct: Type.Object({ id: Id, field: Type.String({ minLength: 1, maxLength: 300 }), value: Type.Unknown() }, { additionalProperties: false }),
  accept: Type.Object({ id: Id }, { additionalProperties: false }),
  settings: Empty,
  configure: Type.Object(
    {
      server_url: Type.Optional(Type.String({ maxLength: 2000 })),
      publishable_key: Type.Optional(Type.String({ maxLength: 200 })),
      send: Type.Optional(Type.Union([Type.Literal('lines'), Type.Literal('file')])),
      document_type: Type.Optional(Type.String({ minLength: 2, maxLength: 64, pattern: '^[a-z][a-z0-9_]*$' })),
      corrected_by: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      watch_folder: Type.Optional(Type.String({ maxLength: 1000 })),
    },
    { additionalProperties: false },
  ),
  sync_now: Empty,
} satisfies Record<Channel, TSchema>;

/** One handler per channel, typed by the contract the renderer compiles against. */
export type IpcHandlers = { [C in Channel]: (input: DesktopChannels[C]['input']) => Promise<DesktopChannels[C]['output']> | DesktopChannels[C]['output'] };

export function createHandlers(backend: DesktopBackend): IpcHandlers {
  return {
    capture: (i) => {
      if (i.bytes.length > MAX_CAPTURE_BYTES) throw new ServiceError('file_too_large');
      const doc = backend.capture({ bytes: i.bytes, name: i.name, mediaType: i.media_type ?? null, source: i.source });
      return backend.live(doc);
    },
    documents: (i) => backend.documents(i),
    review: (i) => {
      const view = backend.review(i.id);
      return { ...view, document: backend.live(view.document) };
    },
    page_image: async (i) => {
      const image = await backend.pageImage(i.id, i.page);
      return { type: image.type, bytes: new Uint8Array(image.bytes) };
    },
    correct: (i) => backend.correct(i.id, i.field, i.value),
    accept: (i) => backend.live(backend.accept(i.id)),
    settings: () => backend.settings(),
    configure: (i) => backend.configure(i),
    sync_now: async () => ({ sent: await backend.syncOnce() }),
  } satisfies IpcHandlers;
}

const isChannel = (c: unknown): c is Channel => typeof c === 'string' && Object.hasOwn(IPC_INPUTS, c);

/**
 * One IPC call: the channel and its input checked, the handler run, the answer or the error body
 * returned as data (an Error thrown across Electron's IPC loses its code).
 */
export async function dispatch(handlers: IpcHandlers, channel: unknown, input: unknown): Promise<IpcResult<unknown>> {
  try {
    if (!isChannel(channel)) throw new ServiceError('invalid_parameters', { param: 'channel', message: 'No such channel.' });
    const schema = IPC_INPUTS[channel];
    const value = input ?? {};
    if (!Value.Check(schema, value)) {
      const first = Value.Errors(schema, value).First();
      const param = first?.path.replace(/^\//, '').replace(/\//g, '.') || 'input';
      throw new ServiceError('invalid_parameters', { param, message: `The ${channel} input is not valid at ${param}: ${first?.message ?? 'unexpected value'}.` });
    }
    const handler = handlers[channel] as (i: unknown) => unknown;
    return { ok: true, value: await handler(value) };
  } catch (err) {
    const { request_id: _r, doc_url: _d, ...error } = serializeError(err, { requestId: '' }).error;
    return { ok: false, error };
  }
}
