import { useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { call, KitError } from './kit.js';
import { SYNC_LABEL, useDocuments } from './use-documents.js';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/tiff,image/heic,image/heif,application/pdf';

/** Capture: open files or drop them (images, PDFs, multi-page TIFF); each is kept and read at once. */
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
                <span role="status">
                  reading <progress aria-label={`Reading ${d.name}`} />
                </span>
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
