import type { DesktopDocument } from '../../../main/src/preload-api.js';

/**
 * "reading page 3 of 12…" with a bar that fills page by page for long documents; one-page
 * documents (and the moment before the engine has opened one) get a bar without a value.
 */
export function ReadingProgress({ doc, announce = true }: { doc: Pick<DesktopDocument, 'name' | 'progress'>; announce?: boolean }) {
  const p = doc.progress && doc.progress.pages > 1 ? doc.progress : null;
  const text = p ? `reading page ${Math.min(p.pages_read + 1, p.pages)} of ${p.pages}…` : 'reading…';
  return (
    <span role={announce ? 'status' : undefined} data-reading={p ? `${p.pages_read}/${p.pages}` : ''}>
      {text} <progress aria-label={`Reading ${doc.name}`} value={p?.pages_read} max={p?.pages} />
    </span>
  );
}
