import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, orgPath } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { Page } from '../components/page.js';
import { TableRegion } from '../components/table-region.js';
import { useLoad } from '../components/use-load.js';
import type { Application, ListOf } from '../types.js';
import { useOrg } from '../use-org.js';

interface ExtractionRow {
  id: string;
  status: string;
  document_type: string | null;
  mode: string;
  created_at: string;
  review_required: boolean | null;
  pages: number | null;
  error_code: string | null;
}

/** Extractions of one application, filtered by status, type, review and date. */
export function Extractions() {
  const { org } = useOrg();
  const [params, setParams] = useSearchParams();
  const apps = useLoad(() => api.get<ListOf<Application>>(orgPath(org, '/applications')), [org]);
  const application = params.get('application') ?? apps.data?.data[0]?.id ?? '';
  const [cursor, setCursor] = useState<string | null>(null);
  const filters = ['status', 'document_type', 'review_required', 'from', 'to'].filter((f) => params.get(f)).map((f) => `${f}=${encodeURIComponent(params.get(f)!)}`);
  const query = [...filters, ...(cursor ? [`cursor=${encodeURIComponent(cursor)}`] : [])].join('&');
  const list = useLoad(
    () => (application ? api.get<ListOf<ExtractionRow>>(orgPath(org, `/applications/${application}/extractions${query ? `?${query}` : ''}`)) : Promise.resolve({ data: [] } as ListOf<ExtractionRow>)),
    [org, application, query],
  );
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name === 'application' || !next.get('application')) next.set('application', name === 'application' ? value : application);
    setCursor(null);
    setParams(next);
  };
  const dateValue = (name: string) => (params.get(name) ?? '').slice(0, 10);
  return (
    <Page title="Extractions">
      <form className="row" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <label className="field">
          Application
          <select value={application} onChange={(e) => set('application', e.target.value)}>
            {apps.data?.data.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Status
          <select value={params.get('status') ?? ''} onChange={(e) => set('status', e.target.value)}>
            <option value="">Any</option>
            {['queued', 'processing', 'succeeded', 'failed'].map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label className="field">
          Document type
          <input value={params.get('document_type') ?? ''} onChange={(e) => set('document_type', e.target.value.trim())} placeholder="any" />
        </label>
        <label className="field">
          Review
          <select value={params.get('review_required') ?? ''} onChange={(e) => set('review_required', e.target.value)}>
            <option value="">Any</option>
            <option value="true">Review required</option>
            <option value="false">No review needed</option>
          </select>
        </label>
        <label className="field">
          From
          <input type="date" value={dateValue('from')} onChange={(e) => set('from', e.target.value ? `${e.target.value}T00:00:00.000Z` : '')} />
        </label>
        <label className="field">
          To
          <input type="date" value={dateValue('to')} onChange={(e) => set('to', e.target.value ? `${e.target.value}T23:59:59.999Z` : '')} />
        </label>
      </form>
      <ErrorMessage error={apps.error ?? list.error} />
      {list.data && list.data.data.length === 0 && <p>No extractions match.</p>}
      {list.data && list.data.data.length > 0 && (
        <TableRegion label="Extractions">
          <table>
            <thead>
              <tr>
                <th scope="col">Extraction</th>
                <th scope="col">When</th>
                <th scope="col">Status</th>
                <th scope="col">Type</th>
                <th scope="col">Review</th>
                <th scope="col" className="num">
                  Pages
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((x) => (
                <tr key={x.id}>
                  <td>
                    <Link to={`/o/${org}/applications/${application}/extractions/${x.id}`}>
                      <code>{x.id}</code>
                    </Link>
                  </td>
                  <td>{new Date(x.created_at).toLocaleString()}</td>
                  <td>
                    <span className={`badge ${x.status === 'succeeded' ? 'ok' : x.status === 'failed' ? 'bad' : 'warn'}`}>{x.status}</span>
                    {x.error_code ? <code> {x.error_code}</code> : null}
                  </td>
                  <td>{x.document_type ?? '–'}</td>
                  <td>{x.review_required ? <span className="badge warn">review required</span> : x.review_required === false ? 'no' : '–'}</td>
                  <td className="num">{x.pages ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {list.data?.next_cursor && (
        <button type="button" onClick={() => setCursor(list.data!.next_cursor!)}>
          Older
        </button>
      )}
    </Page>
  );
}
