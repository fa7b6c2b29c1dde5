import type { Point, Rgba } from './document-outline.js';
import type { OutlineReply, OutlineRequest } from './outline-worker.js';

/** The edge-detection worker, asked with promises. OpenCV.js (~10 MB) loads when it is first made. */
export class OutlineWorker {
  private readonly worker = new Worker(new URL('./outline-worker.ts', import.meta.url), { type: 'module' });
  private readonly waiting = new Map<number, { resolve(r: OutlineReply): void; reject(e: Error): void }>();
  private next = 1;
  /** Settles when OpenCV.js is ready (or could not be loaded). */
  readonly ready: Promise<void>;

  constructor() {
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = ({ data }: MessageEvent<OutlineReply>) => {
        if ('ready' in data) return data.ready ? resolve() : reject(new Error(data.error));
        const pending = this.waiting.get(data.id);
        this.waiting.delete(data.id);
        if ('error' in data) pending?.reject(new Error(data.error));
        else pending?.resolve(data);
      };
      this.worker.onerror = (e) => {
        reject(new Error(e.message || 'The edge detection worker failed.'));
        for (const p of this.waiting.values()) p.reject(new Error('The edge detection worker failed.'));
        this.waiting.clear();
      };
    });
  }

  private ask(op: OutlineRequest['op'], frame: Rgba): Promise<OutlineReply & { quad: Point[] | null; pixels?: Rgba | null }> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (r: OutlineReply) => void, reject });
      // The frame's pixels move to the worker rather than being copied.
      this.worker.postMessage({ id, op, frame } satisfies OutlineRequest, [frame.data.buffer]);
    });
  }

  /** The document's corners in the frame, or null. */
  async find(frame: Rgba): Promise<Point[] | null> {
    return (await this.ask('find', frame)).quad;
  }

  /** The document straightened to its outline, or null when no outline is found. */
  async straighten(frame: Rgba): Promise<Rgba | null> {
    return (await this.ask('straighten', frame)).pixels ?? null;
  }

  terminate(): void {
    this.worker.terminate();
  }
}
