import { useState } from 'react';
import { Link } from 'react-router';
import { call, KitError } from './kit.js';
import { SYNC_LABEL, useDocuments } from './use-documents.js';
import { ReadingProgress } from './reading-progress.js';

/** Every document on this device with its reading, review and sync state; sync on demand. */
export function DocumentsPage({ review }: { review?: 'needed' }) {
  const { documents } = useDocuments(review);
  const [note, setNote] = useState<string | null>(null);
  const syncNow = async () => {
    try {
      const { sent } = await call('sync_now', {});
      setNote(`${sent} sent.`);
    } catch (err) {
      setNote(err instanceof KitError ? err.message : 'The sync failed.');
    }
  };
  const waiting = documents.filter((d) => d.sync === 'pending').length;
  return (
    <>
      <div className="page-head">
        <h1 tabIndex={-1}>{review ? 'Review queue' : 'Documents'}</h1>
        {!review && (
          <div className="actions">
            <span>{waiting} waiting to sync</span>
            <button type="button" onClick={() => void syncNow()}>
              Sync now
            </button>
          </div>
        )}
      </div>
      {note && <p role="status">{note}</p>}
      {documents.length === 0 ? (
        <p>{review ? 'Nothing needs review.' : 'No documents yet.'}</p>
      ) : (
        <div className="table-region" role="region" aria-label="Documents" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Document</th>
                <th scope="col">Captured</th>
                <th scope="col">Read</th>
                <th scope="col">Review</th>
                <th scope="col">Sync</th>
              </tr>
            </thead>
            <tbody>
              {documents.map((d) => (
                <tr key={d.id} data-document={d.id}>
                  <td>
                    <Link to={`/review/${d.id}`}>{d.name}</Link>
                  </td>
                  <td>{new Date(d.created_at).toLocaleString()}</td>
                  <td>{d.reading ? <ReadingProgress doc={d} announce={false} /> : d.status}</td>
                  <td>{d.review}</td>
                  <td data-sync={d.sync}>{SYNC_LABEL[d.sync]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
