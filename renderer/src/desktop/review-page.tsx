import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { BoundingBox } from '../../../engine/src/contracts/ocr.js';
import type { DesktopReview } from '../../../main/src/preload-api.js';
import { confidenceClass, flatten, showValue, typedValue } from '../shared/review-fields.js';
import { call, kit, KitError } from './kit.js';
import { SYNC_LABEL } from './use-documents.js';
import { ReadingProgress } from './reading-progress.js';

interface OcrPage {
  page: number;
  lines: { text: string; bounding_box: BoundingBox }[];
}

/**
 * Review, keyboard first for counter speed: ↓/↑ (or J/K) move between fields, Enter edits the
 * field (Enter again saves, Escape leaves), A accepts the document and opens the next one that
 * needs review, N skips to it. Clicking a text line on the page puts its text in the field being edited.
 */
export function ReviewPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [view, setView] = useState<DesktopReview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [images, setImages] = useState<Record<number, string>>({});
  const [selected, setSelected] = useState(0);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);

  const load = () =>
    call('review', { id }).then(
      (v) => {
        setView(v);
        setError(null);
      },
      (err: unknown) => setError(err instanceof KitError ? err.message : 'The document could not be opened.'),
    );
  useEffect(() => {
    void load();
    setSelected(0);
    setEditing(false);
    setStatus(null);
    return kit.onChanged((changed) => changed === id && void load());
  }, [id]);
  useEffect(() => {
    const made: string[] = [];
    for (const p of view?.pages ?? []) {
      if (images[p.number]) continue;
      void call('page_image', { id, page: p.number }).then((img) => {
        const url = URL.createObjectURL(new Blob([img.bytes as BlobPart], { type: img.type }));
        made.push(url);
        setImages((prev) => ({ ...prev, [p.number]: url }));
      }, () => undefined);
    }
  }, [view?.pages.length, id]);
  useEffect(() => {
    if (editing) input.current?.focus();
    else list.current?.querySelector<HTMLElement>(`[data-index="${selected}"]`)?.focus();
  }, [editing, selected]);

  if (error) return <p className="error" role="alert">{error}</p>;
  if (!view) return <p role="status">Opening…</p>;
  const fields = flatten(view.result?.fields);
  const current = fields[selected];
  const ocrPages = ((view.result as { ocr?: { pages?: OcrPage[] } } | null)?.ocr?.pages ?? []) as OcrPage[];

  const nextInQueue = async () => {
    const queue = await call('documents', { review: 'needed' });
    const next = queue.find((d) => d.id !== id);
    navigate(next ? `/review/${next.id}` : '/queue');
  };
  const save = async () => {
    if (!current) return;
    try {
      await call('correct', { id, field: current.path, value: typedValue(current.result.type, draft) });
      setStatus(`Corrected ${current.path}.`);
      setEditing(false);
      await load();
    } catch (err) {
      setStatus(err instanceof KitError ? `${err.message} (${err.code})` : 'Not saved.');
    }
  };
  const accept = async () => {
    await call('accept', { id });
    await nextInQueue();
  };
  const onKey = (e: KeyboardEvent) => {
    if (editing) {
      if (e.key === 'Escape') setEditing(false);
      if (e.key === 'Enter') {
        e.preventDefault();
        void save();
      }
      return;
    }
    if (e.target instanceof HTMLButtonElement && (e.key === 'Enter' || e.key === ' ')) return;
    const k = e.key.toLowerCase();
    if (k === 'arrowdown' || k === 'j') setSelected((i) => Math.min(fields.length - 1, i + 1));
    else if (k === 'arrowup' || k === 'k') setSelected((i) => Math.max(0, i - 1));
    else if (k === 'enter' && current) {
      setDraft(showValue(current.result.value));
      setEditing(true);
    } else if (k === 'a') void accept();
    else if (k === 'n') void nextInQueue();
    else return;
    e.preventDefault();
  };

  return (
    <div onKeyDown={onKey}>
      <div className="page-head">
        <h1 tabIndex={-1}>{view.document.name}</h1>
        <div className="actions">
          <span className="badge sync">{SYNC_LABEL[view.document.sync]}</span>
          <button type="button" className="primary" onClick={() => void accept()}>
            Accept (A)
          </button>
          <button type="button" onClick={() => void nextInQueue()}>
            Next document (N)
          </button>
        </div>
      </div>
      {view.document.reading && (
        <p>
          <ReadingProgress doc={view.document} />
        </p>
      )}
      {view.error && (
        <p className="error" role="alert">
          {view.error.message} <code>{view.error.code}</code>
        </p>
      )}
      {view.result?.review.required && (
        <ul className="warning" aria-label="Why a person must look">
          {view.result.review.reasons.map((r, i) => (
            <li key={i}>
              <code>{r.path}</code>: {r.message}
            </li>
          ))}
        </ul>
      )}
      {status && <p role="status">{status}</p>}
      <div className="split">
        <section aria-label="Document">
          {view.pages.map((p) => (
            <figure key={p.number} className="document-view" style={{ aspectRatio: `${p.width} / ${p.height}` }}>
              {images[p.number] ? <img src={images[p.number]} alt={`Page ${p.number}`} /> : null}
              <svg viewBox="0 0 1 1" preserveAspectRatio="none" role="group" aria-label={`Fields and text on page ${p.number}`}>
                {fields
                  .filter((f) => f.result.bounding_box && (f.result.page ?? 1) === p.number)
                  .map((f, i) => (
                    <rect key={f.path} className={`box ${confidenceClass(f.result.confidence)}${current?.path === f.path ? ' selected' : ''}`} x={f.result.bounding_box!.x} y={f.result.bounding_box!.y} width={f.result.bounding_box!.width} height={f.result.bounding_box!.height} data-i={i} />
                  ))}
                {editing &&
                  (ocrPages.find((o) => o.page === p.number)?.lines ?? []).map((l, i) => (
                    <rect key={`l${i}`} className="ocr-line" role="button" tabIndex={-1} aria-label={`Use the text “${l.text}”`} x={l.bounding_box.x} y={l.bounding_box.y} width={l.bounding_box.width} height={l.bounding_box.height} onMouseDown={(e) => e.preventDefault()} onClick={() => setDraft(l.text)} />
                  ))}
              </svg>
            </figure>
          ))}
        </section>
        <section aria-label="Fields">
          <p className="hint">↓ ↑ choose · Enter edit · A accept · N next</p>
          <ol className="field-list" ref={list}>
            {fields.map((f, i) => (
              <li key={f.path} data-index={i} tabIndex={i === selected ? 0 : -1} aria-current={i === selected} className={i === selected ? 'current' : ''} onClick={() => setSelected(i)}>
                <code>{f.path}</code>{' '}
                {editing && i === selected ? (
                  <input ref={input} aria-label={`Value of ${f.path}`} value={draft} onChange={(e) => setDraft(e.target.value)} />
                ) : (
                  <span>{showValue(f.result.value) || <span className="muted">missing</span>}</span>
                )}{' '}
                <span className={`conf ${confidenceClass(f.result.confidence)}`}>{Math.round(f.result.confidence * 100)}%</span>
                {f.result.status === 'corrected' ? <span className="badge ok"> corrected</span> : null}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
