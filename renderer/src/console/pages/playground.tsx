import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { request, orgPath, api } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { useAction, useLoad } from '../components/use-load.js';
import { canManageApp, type KeySummary, type ListOf } from '../types.js';
import { useOrg } from '../use-org.js';
import { useApp } from './application.js';

/** Runs one extraction with one of the application's keys and links to its review. */
export function Playground() {
  const { app } = useApp();
  const { org, role } = useOrg();
  const keys = useLoad(() => api.get<ListOf<KeySummary>>(orgPath(org, `/applications/${app.id}/keys`)), [org, app.id]);
  const active = (keys.data?.data ?? []).filter((k) => k.state === 'active');
  const [keyId, setKeyId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [documentType, setDocumentType] = useState('');
  const [mode, setMode] = useState('');
  const run = useAction(() => {
    const form = new FormData();
    if (documentType.trim()) form.append('document_type', documentType.trim());
    if (mode) form.append('mode', mode);
    if (file) form.append('file', file, file.name);
    return request<{ extraction: { id: string; status: string } }>('POST', orgPath(org, `/applications/${app.id}/playground${keyId ? `?key_id=${encodeURIComponent(keyId)}` : ''}`), form);
  });
  const [result, setResult] = useState<{ id: string; status: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    const answer = await run.run();
    if (!answer) return;
    setResult({ id: answer.extraction.id, status: answer.extraction.status });
  };
  if (!canManageApp(role, app.environment)) return <p>Your role cannot run the playground of a {app.environment} application.</p>;
  return (
    <section aria-labelledby="playground-title">
      <h2 id="playground-title">Playground</h2>
      <p className="muted">Runs an extraction as the application would, with one of its keys: it counts toward the key's and the organization's quotas.</p>
      <form className="form" onSubmit={submit}>
        <label>
          Key
          <select value={keyId} onChange={(e) => setKeyId(e.target.value)}>
            <option value="">The newest active secret key</option>
            {active.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name ?? 'unnamed'} ({k.kind}, {k.hint})
              </option>
            ))}
          </select>
        </label>
        <label>
          Document (JPEG, PNG, WebP, TIFF, HEIC or PDF)
          <input type="file" accept="image/*,application/pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <div className="row">
          <label>
            Document type <span className="hint">empty for the application's default</span>
            <input value={documentType} onChange={(e) => setDocumentType(e.target.value)} />
          </label>
          <label>
            Mode
            <select value={mode} onChange={(e) => setMode(e.target.value)}>
              <option value="">The application's default</option>
              <option>fast</option>
              <option>standard</option>
              <option>verified</option>
            </select>
          </label>
        </div>
        <ErrorMessage error={run.error ?? keys.error} />
        <div className="actions">
          <button type="submit" className="primary" disabled={run.busy}>
            {run.busy ? 'Reading…' : 'Run the extraction'}
          </button>
        </div>
      </form>
      {result && (
        <p className="notice" role="status">
          Extraction <code>{result.id}</code> {result.status}. <Link to={`/o/${org}/applications/${app.id}/extractions/${result.id}`}>Open the review</Link>
        </p>
      )}
    </section>
  );
}
