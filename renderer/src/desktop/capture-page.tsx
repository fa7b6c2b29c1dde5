import { useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { CameraCapture, type CameraPhoto } from './camera-capture.js';
import { call, KitError } from './kit.js';
import { ReadingProgress } from './reading-progress.js';
import { SYNC_LABEL, useDocuments } from './use-documents.js';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/tiff,image/heic,image/heif,application/pdf';

/** `camera-2026-11-23T10-15-02.jpg`: a name that sorts by time and is valid on every file system. */
const photoName = () => `camera-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.jpg`;

/** Capture: the camera, or files opened or dropped (images, PDFs, multi-page TIFF); each is kept and read at once. */
export function CapturePage() {
  const [errors, setErrors] = useState<string[]>([]);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { documents } = useDocuments();
  const take = async (files: FileList | File[]) => {
    const problems: string[] = [];
    for (const file of Array.from(files)) {
      try {
        await call('capture', { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name, media_type: file.type || undefined, source: 'file' });
      } catch (err) {
        problems.push(`${file.name}: ${err instanceof KitError ? `${err.message} (${err.code})` : 'could not be kept'}`);
      }
    }
    setErrors(problems);
  };
  const photo = async ({ bytes, mediaType }: CameraPhoto) => {
    const name = photoName();
    try {
      await call('capture', { bytes, name, media_type: mediaType, source: 'camera' });
      setErrors([]);
    } catch (err) {
      setErrors([`${name}: ${err instanceof KitError ? `${err.message} (${err.code})` : 'could not be kept'}`]);
    }
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void take(e.dataTransfer.files);
  };
  const recent = documents.slice(0, 10);
  return (
    <>
      <h1 tabIndex={-1}>Capture</h1>
      <div
        className={`drop-zone${over ? ' over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <p>Drop receipts, slips or invoices here, or</p>
        <label className="button-like">
          Open files
          <input ref={input} type="file" multiple accept={ACCEPT} className="visually-hidden" onChange={(e) => e.target.files && void take(e.target.files).then(() => input.current && (input.current.value = ''))} />
        </label>
      </div>
      <CameraCapture onPhoto={photo} />
      {errors.length > 0 && (
        <div className="error" role="alert">
          <ul>
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      <h2>Just captured</h2>
      {recent.length === 0 ? (
        <p>Nothing yet.</p>
      ) : (
        <ul className="doc-list" aria-live="polite">
          {recent.map((d) => (
            <li key={d.id} data-document={d.id}>
              <Link to={`/review/${d.id}`}>{d.name}</Link> ·{' '}
              {d.reading ? (
                <ReadingProgress doc={d} />
              ) : (
                <span className={`badge ${d.status === 'failed' ? 'bad' : 'ok'}`}>{d.status === 'failed' ? 'could not be read' : d.status}</span>
              )}{' '}
              {d.review === 'needed' ? <span className="badge warn">needs review</span> : null} <span className="badge sync">{SYNC_LABEL[d.sync]}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
