/**
 * The desktop app's IPC contract: what the preload script exposes to the renderer as
 * `window.kit`, and what main's handlers answer (main/src/ipc/ipc-handlers.ts checks its handler
 * map against `DesktopChannels` with `satisfies`). Types only: the renderer sees this file and
 * the engine's contracts, nothing else of main.
 */
import type { ExtractionContent, FieldResult } from '../../engine/src/contracts/extraction.js';

export type SyncState = 'local' | 'pending' | 'synced' | 'failed';

export interface DesktopDocument {
  id: string;
  name: string;
  media_type: string | null;
  bytes: number;
  source: 'camera' | 'file' | 'folder';
  status: 'captured' | 'extracted' | 'failed';
  review: 'pending' | 'needed' | 'done';
  created_at: string;
  updated_at: string;
  sync: SyncState;
  server_id: string | null;
  /** True while the engine reads it. */
  reading: boolean;
  /** While it is read: pages read so far of how many (null before the engine has opened it, and once read). */
  progress: { pages_read: number; pages: number } | null;
}

export interface DesktopCorrection {
  id: string;
  document_id: string;
  field: string;
  previous_value: unknown;
  value: unknown;
  created_at: string;
}

export interface DesktopReview {
  document: DesktopDocument;
  result: ExtractionContent | null;
  error: { code: string; message: string } | null;
  corrections: DesktopCorrection[];
  pages: { number: number; width: number; height: number }[];
}

export interface DesktopSettings {
  server_url: string | null;
  publishable_key_hint: string | null;
  send: 'lines' | 'file';
  document_type: string;
  corrected_by: string;
  watch_folder: string | null;
}

/** Each channel: its input and its answer. */
export interface DesktopChannels {
  capture: { input: { bytes: Uint8Array; name: string; media_type?: string; source: 'camera' | 'file' }; output: DesktopDocument };
  documents: { input: { review?: 'pending' | 'needed' | 'done' }; output: DesktopDocument[] };
  review: { input: { id: string }; output: DesktopReview };
  page_image: { input: { id: string; page: number }; output: { type: string; bytes: Uint8Array } };
  correct: { input: { id: string; field: string; value: unknown }; output: { correction: DesktopCorrection; field: FieldResult } };
  accept: { input: { id: string }; output: DesktopDocument };
  settings: { input: Record<string, never>; output: DesktopSettings };
  configure: { input: { server_url?: string; publishable_key?: string; send?: 'lines' | 'file'; document_type?: string; corrected_by?: string; watch_folder?: string }; output: DesktopSettings };
  sync_now: { input: Record<string, never>; output: { sent: number } };
}

export type Channel = keyof DesktopChannels;

/** An answer across the process boundary: errors travel as the API's error body. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: { type: string; code: string; message: string; param?: string; details?: Record<string, unknown> } };

/** What the preload script exposes to the renderer as `window.kit`. */
export interface KitApi {
  engineVersion: string;
  invoke<C extends Channel>(channel: C, input: DesktopChannels[C]['input']): Promise<IpcResult<DesktopChannels[C]['output']>>;
  /** Called with a document's id whenever it moves (read, corrected, synced); returns the unsubscribe. */
  onChanged(listener: (documentId: string) => void): () => void;
}

declare global {
  interface Window {
    kit?: KitApi;
  }
}
