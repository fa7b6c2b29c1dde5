import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { FieldResult } from '../../../../engine/src/contracts/extraction.js';
import type { BoundingBox } from '../../../../engine/src/contracts/ocr.js';
import { api, orgPath } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { Page } from '../components/page.js';
import { TableRegion } from '../components/table-region.js';
import { useAction, useLoad } from '../components/use-load.js';
import { atLeast } from '../types.js';
import { confidenceClass, flatten, showValue as show, typedValue, type FlatField } from '../../shared/review-fields.js';
import { useOrg } from '../use-org.js';

interface ReviewData {
  extraction: {
    id: string;
    status: string;
    document_type?: string;
    fields?: Record<string, FieldResult>;
    review?: { required: boolean; reasons: { code: string; path: string; message: string }[] };
    error?: { code: string; message: string };
  };
  corrections: { id: string; field: string; previous_value: unknown; value: unknown; by: string; created_at: string }[];
  pages: { number: number; width: number; height: number; image_url: string | null }[];
  ocr?: { pages: { number: number; lines: { text: string; bounding_box: BoundingBox }[] }[] } | null;
}

/** The review view: the page image with every field's box, the fields by confidence, corrections. */
export function Review() {
  const { org, role } = useOrg();
  const { app = '', id = '' } = useParams();
  const base = orgPath(org, `/applications/${app}/extractions/${id}`);
  const loaded = useLoad(() => api.get<ReviewData>(base), [base]);
  const [selected, setSelected] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const correct = useAction((field: string, value: unknown) => api.post(`${base}/corrections`, { field, value }));
  const canCorrect = atLeast(role, 'developer');

  if (loaded.error)
    return (
      <Page title="Review">
        <ErrorMessage error={loaded.error} />
      </Page>
    );
  if (!loaded.data) return <p role="status">Loading…</p>;
  const { extraction, corrections, pages } = loaded.data;
  const fields = flatten(extraction.fields);
  const choose = (f: FlatField) => {
    setSelected(f.path);
    setDraft(show(f.result.value));
    setSaved(null);
    correct.clear();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const field = fields.find((f) => f.path === selected);
    if (!field) return;
    const typed = typedValue(field.result.type, draft);
    if ((await correct.run(field.path, typed)) !== undefined) {
      setSaved(`Corrected ${field.path}.`);
      loaded.reload();
    }
  };
  const linesOf = (page: number) => loaded.data?.ocr?.pages.find((p) => p.number === page)?.lines ?? [];

  return (
    <Page title={`Review ${extraction.document_type ?? ''}`.trim()}>
      <p>
        <Link to={`/o/${org}/extractions?application=${app}`}>All extractions</Link> · <code>{extraction.id}</code> · {extraction.status}
      </p>
      {extraction.error && (
        <p className="error">
          {extraction.error.message} <code>{extraction.error.code}</code>
        </p>
      )}
      {extraction.review?.required && (
        <section className="warning" aria-labelledby="reasons-title">
          <h2 id="reasons-title">Why a person must look</h2>
          <ul>
            {extraction.review.reasons.map((r, i) => (
              <li key={i}>
                <code>{r.path}</code>: {r.message} (<code>{r.code}</code>)
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="split">
        <section aria-labelledby="document-title">
          <h2 id="document-title">Document</h2>
          {pages.map((p) => (
            <figure key={p.number} className="document-view" style={{ aspectRatio: `${p.width} / ${p.height}` }}>
              {p.image_url ? <img src={p.image_url} alt={`Page ${p.number} of the document`} /> : <p className="muted">No image is kept for page {p.number}.</p>}
              <svg viewBox="0 0 1 1" preserveAspectRatio="none" role="group" aria-label={`Fields and text on page ${p.number}`}>
                {fields
                  .filter((f) => f.result.bounding_box && (f.result.page ?? 1) === p.number)
                  .map((f) => {
                    const b = f.result.bounding_box!;
                    return (
                      <rect key={f.path} className={`box ${confidenceClass(f.result.confidence)}${selected === f.path ? ' selected' : ''}`} x={b.x} y={b.y} width={b.width} height={b.height} data-field={f.path}>
                        <title>{`${f.path}: ${show(f.result.value)}`}</title>
                      </rect>
                    );
                  })}
                {selected && canCorrect &&
                  linesOf(p.number).map((l, i) => (
                    <rect
                      key={`l${i}`}
                      className="ocr-line"
                      x={l.bounding_box.x}
                      y={l.bounding_box.y}
                      width={l.bounding_box.width}
                      height={l.bounding_box.height}
                      role="button"
                      tabIndex={0}
                      aria-label={`Use the text “${l.text}” for ${selected}`}
                      onClick={() => setDraft(l.text)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter' || e.key === ' ') {
                          e.preventDefault();
                          setDraft(l.text);
                        }
                      }}
                    />
                  ))}
              </svg>
              <figcaption className="muted">Page {p.number}</figcaption>
            </figure>
          ))}
        </section>
        <section aria-labelledby="fields-title">
          <h2 id="fields-title">Fields</h2>
          {selected && canCorrect && (
            <form className="form card" onSubmit={submit} aria-labelledby="correct-title">
              <h3 id="correct-title">Correct {selected}</h3>
              <p className="hint">Type the value, or choose a line of text on the page.</p>
              <label>
                Value of {selected}
                <input value={draft} onChange={(e) => setDraft(e.target.value)} />
              </label>
              <ErrorMessage error={correct.error} />
              <div className="actions">
                <button type="submit" className="primary" disabled={correct.busy}>
                  Save correction
                </button>
                <button type="button" onClick={() => setSelected(null)}>
                  Cancel
                </button>
              </div>
            </form>
          )}
          {saved && (
            <p className="notice" role="status">
              {saved}
            </p>
          )}
          <TableRegion label="Fields">
            <table>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Value</th>
                  <th scope="col" className="num">
                    Confidence
                  </th>
                  <th scope="col">Checks</th>
                </tr>
              </thead>
              <tbody>
                {fields.map((f) => (
                  <tr key={f.path}>
                    <th scope="row">
                      <code>{f.path}</code>
                    </th>
                    <td>
                      {show(f.result.value) || <span className="muted">missing</span>}
                      {f.result.status === 'corrected' ? <span className="badge ok"> corrected</span> : null}
                      {canCorrect && (
                        <div>
                          <button type="button" className="small" onClick={() => choose(f)} aria-label={`Correct ${f.path}`}>
                            Correct
                          </button>
                        </div>
                      )}
                    </td>
                    <td className={`num conf ${confidenceClass(f.result.confidence)}`}>{Math.round(f.result.confidence * 100)}%</td>
                    <td>
                      {f.result.checks
                        .filter((c) => c.status !== 'ok')
                        .map((c, i) => (
                          <div key={i}>
                            <span className={`badge ${c.status === 'failed' ? 'bad' : 'warn'}`}>{c.name}</span> {c.message}
                          </div>
                        ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <h2>Corrections</h2>
          {corrections.length === 0 ? (
            <p>None yet.</p>
          ) : (
            <ul>
              {corrections.map((c) => (
                <li key={c.id}>
                  <code>{c.field}</code>: {show(c.previous_value) || '(empty)'} → {show(c.value) || '(empty)'}, by {c.by} on {new Date(c.created_at).toLocaleString()}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Page>
  );
}
