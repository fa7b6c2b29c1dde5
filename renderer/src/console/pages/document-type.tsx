import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { api, orgPath } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { Page } from '../components/page.js';
import { TableRegion } from '../components/table-region.js';
import { useAction, useLoad } from '../components/use-load.js';
import { atLeast } from '../types.js';
import { useOrg } from '../use-org.js';

interface Change {
  kind: string;
  path: string;
  breaking: boolean;
}

interface VersionRow {
  version: number;
  schema_id: string;
  created_at: string;
  breaking?: boolean;
  changes?: Change[];
}

interface TypeDetail {
  key: string;
  source: 'builtin' | 'template' | 'custom';
  status: 'active' | 'archived';
  draft: { definition: unknown; updated_at: string } | null;
  latest_definition: unknown;
  versions: VersionRow[];
}

interface Problem {
  path: string;
  message: string;
}

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

/** One document type: the definition editor with live validation, publication, versions. */
export function DocumentTypePage() {
  const { org, role } = useOrg();
  const { key = '' } = useParams();
  const base = orgPath(org, `/document-types/${key}`);
  const loaded = useLoad(() => api.get<TypeDetail>(base), [base]);
  const [text, setText] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[] | null>(null);
  const [changes, setChanges] = useState<{ changes: Change[]; breaking: boolean } | null>(null);
  const [acknowledge, setAcknowledge] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [shownVersion, setShownVersion] = useState<number | null>(null);
  const save = useAction((definition: unknown) => api.put(`${base}/draft`, { definition }));
  const publish = useAction(() => api.post<{ version: number }>(`${base}/publish`, { acknowledge_breaking: acknowledge }));
  const archive = useAction(() => api.post(`${base}/archive`));
  const editable = atLeast(role, 'developer') && loaded.data?.status === 'active' && loaded.data.source !== 'builtin';

  const detail = loaded.data;
  const initial = detail ? pretty(detail.draft?.definition ?? detail.latest_definition ?? {}) : '';
  const current = text ?? initial;

  // Live validation: each edit is checked (after a pause in typing) and every problem is shown at its path.
  useEffect(() => {
    if (!detail) return;
    const timer = setTimeout(() => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(current);
      } catch (err) {
        setProblems([{ path: '(JSON)', message: (err as Error).message }]);
        return;
      }
      api
        .post<{ valid: boolean; problems: Problem[] }>(orgPath(org, '/document-types/validate'), { definition: parsed })
        .then((r) => setProblems(r.problems))
        .catch(() => setProblems(null));
    }, 400);
    return () => clearTimeout(timer);
  }, [current, detail, org]);

  const loadChanges = () =>
    api
      .get<{ changes: Change[]; breaking: boolean }>(`${base}/draft/changes`)
      .then(setChanges)
      .catch(() => setChanges(null));
  useEffect(() => {
    if (detail?.draft) void loadChanges();
  }, [detail]);

  if (loaded.error) return <ErrorMessage error={loaded.error} />;
  if (!detail) return <p role="status">Loading…</p>;

  const saveDraft = async () => {
    setMessage(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(current);
    } catch {
      parsed = current;
    }
    if (await save.run(parsed)) {
      setMessage('Draft saved.');
      await loadChanges();
    }
  };
  const doPublish = async () => {
    setMessage(null);
    const made = await publish.run();
    if (made) {
      setMessage(`Published as version ${made.version}.`);
      setChanges(null);
      setAcknowledge(false);
      setText(null);
      loaded.reload();
    } else await loadChanges();
  };
  const doArchive = async () => {
    if (!window.confirm(`Archive ${key}? It cannot be edited afterwards.`)) return;
    if (await archive.run()) loaded.reload();
  };
  const version = detail.versions.find((v) => v.version === shownVersion);

  return (
    <Page title={`Document type ${key}`}>
      <p className="muted">
        {detail.status} · {detail.versions.length} published {detail.versions.length === 1 ? 'version' : 'versions'}
        {detail.draft ? ' · draft pending' : ''}
      </p>
      <div className="split">
        <section aria-labelledby="editor-title">
          <h2 id="editor-title">Definition</h2>
          <label className="field">
            Definition (JSON) of the draft
            <textarea className="code-editor" value={current} readOnly={!editable} onChange={(e) => setText(e.target.value)} spellCheck={false} aria-describedby="problems" />
          </label>
          <div id="problems" aria-live="polite">
            {problems === null ? null : problems.length === 0 ? (
              <p className="notice">The definition is valid.</p>
            ) : (
              <div className="error">
                <p>
                  {problems.length} {problems.length === 1 ? 'problem' : 'problems'} (<code>invalid_definition</code>):
                </p>
                <ul>
                  {problems.map((p, i) => (
                    <li key={i}>
                      <code>{p.path}</code>: {p.message}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
          <ErrorMessage error={save.error ?? archive.error} />
          {message && (
            <p className="notice" role="status">
              {message}
            </p>
          )}
          {editable && (
            <div className="actions">
              <button type="button" className="primary" onClick={() => void saveDraft()} disabled={save.busy}>
                Save draft
              </button>
              <button type="button" className="danger" onClick={() => void doArchive()}>
                Archive
              </button>
            </div>
          )}
        </section>
        <section aria-labelledby="publish-title">
          <h2 id="publish-title">Publish</h2>
          {changes ? (
            <>
              <p>Changes from the latest version{changes.breaking ? ', some of them breaking' : ''}:</p>
              {changes.changes.length === 0 ? (
                <p>None.</p>
              ) : (
                <ul>
                  {changes.changes.map((c, i) => (
                    <li key={i}>
                      <code>{c.kind}</code> at <code>{c.path}</code>
                      {c.breaking ? <strong className="badge bad"> breaking</strong> : null}
                    </li>
                  ))}
                </ul>
              )}
              {changes.breaking && editable && (
                <label>
                  <input type="checkbox" checked={acknowledge} onChange={(e) => setAcknowledge(e.target.checked)} /> I understand that this is a breaking change and publish it as a new version
                </label>
              )}
            </>
          ) : (
            <p>Save a draft to see what publishing it would change.</p>
          )}
          <ErrorMessage error={publish.error} />
          {editable && (
            <div className="actions">
              <button type="button" className="primary" onClick={() => void doPublish()} disabled={publish.busy}>
                Publish the draft
              </button>
            </div>
          )}
          <h2>Versions</h2>
          {detail.versions.length === 0 ? (
            <p>None published yet.</p>
          ) : (
            <TableRegion label="Versions">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Version</th>
                    <th scope="col">Published</th>
                    <th scope="col">Breaking</th>
                    <th scope="col">Schema</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.versions.map((v) => (
                    <tr key={v.version}>
                      <td>{v.version}</td>
                      <td>{new Date(v.created_at).toLocaleString()}</td>
                      <td>{v.breaking ? 'yes' : 'no'}</td>
                      <td>
                        <button type="button" onClick={() => setShownVersion(v.version === shownVersion ? null : v.version)} aria-expanded={v.version === shownVersion}>
                          {v.version === shownVersion ? 'Hide' : 'Show'} version {v.version}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
          {version && <VersionView base={base} version={version.version} />}
        </section>
      </div>
    </Page>
  );
}

function VersionView({ base, version }: { base: string; version: number }) {
  const loaded = useLoad(() => api.get<{ schema: unknown; changes: Change[]; definition: unknown }>(`${base}/versions/${version}`), [base, version]);
  if (loaded.error) return <ErrorMessage error={loaded.error} />;
  if (!loaded.data) return <p role="status">Loading…</p>;
  return (
    <section aria-label={`Version ${version}`}>
      <h3>JSON Schema of version {version}</h3>
      <pre className="json" tabIndex={0} aria-label={`JSON Schema of version ${version}`}>
        {pretty(loaded.data.schema)}
      </pre>
    </section>
  );
}
