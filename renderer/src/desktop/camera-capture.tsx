import { useEffect, useRef, useState } from 'react';
import type { Point, Rgba } from './document-outline.js';
import { OutlineWorker } from './outline-client.js';

/** The outline is looked for five times a second, on a frame this wide at most (enough for edges). */
const LOOK_EVERY_MS = 200;
const LOOK_SIDE = 640;

type CameraState = { state: 'off' } | { state: 'starting' } | { state: 'live' } | { state: 'error'; message: string };

export interface CameraPhoto {
  bytes: Uint8Array;
  mediaType: string;
  /** Whether the document's outline was found and the photo straightened to it. */
  straightened: boolean;
}

/** What a refused or missing camera means, in words a counter clerk can act on. */
function cameraProblem(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'The camera was not allowed. Allow it for this app, or open files instead.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found. Connect one, or open files instead.';
  if (name === 'NotReadableError') return 'The camera is in use by another program.';
  return 'The camera could not be started.';
}

/** The frame's pixels, scaled so that its longer side is at most `side` (0: full size). */
function grab(video: HTMLVideoElement, canvas: HTMLCanvasElement, side: number): Rgba {
  const scale = side ? Math.min(1, side / Math.max(video.videoWidth, video.videoHeight)) : 1;
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

function drawOutline(overlay: HTMLCanvasElement, width: number, height: number, quad: Point[] | null) {
  overlay.width = width;
  overlay.height = height;
  const ctx = overlay.getContext('2d')!;
  ctx.clearRect(0, 0, width, height);
  if (!quad) return;
  ctx.strokeStyle = '#2ecc71';
  ctx.lineWidth = Math.max(3, width / 200);
  ctx.beginPath();
  quad.forEach((p, i) => (i ? ctx.lineTo(p.x, p.y) : ctx.moveTo(p.x, p.y)));
  ctx.closePath();
  ctx.stroke();
}

/** A canvas holding the pixels. */
function canvasOf(pixels: Rgba): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = pixels.width;
  canvas.height = pixels.height;
  canvas.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(pixels.data), pixels.width, pixels.height), 0, 0);
  return canvas;
}

/** The canvas as JPEG (a photo: a tenth of PNG's size, and the engine reads it as well). */
function encode(canvas: HTMLCanvasElement): Promise<Uint8Array> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? blob.arrayBuffer().then((b) => resolve(new Uint8Array(b)), reject) : reject(new Error('encode'))), 'image/jpeg', 0.95),
  );
}

/**
 * The camera: a live view with the document's outline drawn over it as it is found, and a
 * button that takes the photo, straightened to the outline when there is one.
 */
export function CameraCapture({ onPhoto }: { onPhoto: (photo: CameraPhoto) => Promise<void> }) {
  const [camera, setCamera] = useState<CameraState>({ state: 'off' });
  const [found, setFound] = useState(false);
  const [edges, setEdges] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const [straighten, setStraighten] = useState(true);
  const [taking, setTaking] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const work = useRef<HTMLCanvasElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const outline = useRef<OutlineWorker | null>(null);

  const stop = () => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    setCamera({ state: 'off' });
    setFound(false);
  };
  useEffect(
    () => () => {
      stream.current?.getTracks().forEach((t) => t.stop());
      outline.current?.terminate();
    },
    [],
  );

  const start = async () => {
    setCamera({ state: 'starting' });
    // Edge detection (OpenCV.js, ~10 MB) loads only when the camera is first used; without it
    // the camera still takes photos, as they are.
    if (!outline.current) {
      try {
        outline.current = new OutlineWorker();
        outline.current.ready.then(
          () => setEdges('ready'),
          () => setEdges('unavailable'),
        );
      } catch {
        setEdges('unavailable');
      }
    }
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false });
      stream.current = media;
      video.current!.srcObject = media;
      await video.current!.play();
      setCamera({ state: 'live' });
    } catch (err) {
      stream.current?.getTracks().forEach((t) => t.stop());
      stream.current = null;
      setCamera({ state: 'error', message: cameraProblem(err) });
    }
  };

  // The outline, five times a second while the camera is live (a frame at a time: one that
  // arrives while the last is still being looked at is skipped).
  useEffect(() => {
    if (camera.state !== 'live' || edges !== 'ready') return;
    let busy = false;
    let stopped = false;
    const timer = setInterval(() => {
      const v = video.current;
      if (busy || !v || !overlay.current || !outline.current || v.readyState < 2 || !v.videoWidth) return;
      busy = true;
      work.current ??= document.createElement('canvas');
      const frame = grab(v, work.current, LOOK_SIDE);
      const up = v.videoWidth / frame.width;
      outline.current
        .find(frame)
        .then((quad) => {
          if (stopped || !overlay.current) return;
          drawOutline(overlay.current, v.videoWidth, v.videoHeight, quad && quad.map((p) => ({ x: p.x * up, y: p.y * up })));
          setFound(quad !== null);
        })
        .catch(() => setEdges('unavailable'))
        .finally(() => (busy = false));
    }, LOOK_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [camera.state, edges]);

  const take = async () => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    setTaking(true);
    try {
      const full = document.createElement('canvas');
      const frame = grab(v, full, 0);
      const straight = straighten && edges === 'ready' && outline.current ? await outline.current.straighten(frame).catch(() => null) : null;
      await onPhoto({ bytes: await encode(straight ? canvasOf(straight) : full), mediaType: 'image/jpeg', straightened: straight !== null });
    } finally {
      setTaking(false);
    }
  };

  const live = camera.state === 'live';
  return (
    <section className="camera" aria-labelledby="camera-heading">
      <h2 id="camera-heading">Camera</h2>
      {camera.state === 'error' && (
        <p className="error" role="alert">
          {camera.message}
        </p>
      )}
      <div className="camera-view" hidden={!live && camera.state !== 'starting'} data-outline={live ? (found ? 'found' : 'searching') : 'off'}>
        <video ref={video} muted playsInline aria-label="Camera view" />
        <canvas ref={overlay} aria-hidden="true" />
      </div>
      {live && (
        <p role="status">
          {edges === 'loading'
            ? 'Loading edge detection…'
            : edges === 'unavailable'
              ? 'Edge detection is unavailable: photos are taken as they are.'
              : found
                ? 'Document found: take the photo.'
                : 'Looking for the document’s edges: lay it flat on a darker surface.'}
        </p>
      )}
      <div className="actions">
        {live ? (
          <>
            <button type="button" className="primary" onClick={() => void take()} disabled={taking}>
              {taking ? 'Taking…' : 'Take photo'}
            </button>
            <label>
              <input type="checkbox" checked={straighten} onChange={(e) => setStraighten(e.target.checked)} /> Straighten to the outline
            </label>
            <button type="button" onClick={stop}>
              Stop camera
            </button>
          </>
        ) : (
          <button type="button" className="primary" onClick={() => void start()} disabled={camera.state === 'starting'}>
            {camera.state === 'starting' ? 'Starting camera…' : 'Use camera'}
          </button>
        )}
      </div>
    </section>
  );
}
