import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, orgPath } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { Page } from '../components/page.js';
import { TableRegion } from '../components/table-region.js';
import { useAction, useLoad } from '../components/use-load.js';
import { atLeast } from '../types.js';
import { useOrg } from '../use-org.js';

export interface DocumentTypeRow {
  key: string;
  /** `builtin`: one of the kit's templates (read-only); otherwise the organization's. */
  source: 'builtin' | 'template' | 'custom';
  name: string | null;
  status: 'active' | 'archived';
  latest_version: number | null;
  has_draft: boolean;
}

export function DocumentTypes() {
  const { org, role } = useOrg();
  const list = useLoad(() => api.get<{ data: DocumentTypeRow[]; limit: { active: number; max: number } }>(orgPath(org, '/document-types')), [org]);
  const [creating, setCreating] = useState(false);
  const rows = list.data?.data ?? [];
  return (
    <Page
      title="Document types"
      actions={
        atLeast(role, 'developer') && !creating ? (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New document type
          </button>
        ) : null
      }
    >
      {creating && <CreateType org={org} templates={rows.filter((r) => r.source === 'builtin').map((r) => r.key)} onCancel={() => setCreating(false)} />}
      {atLeast(role, 'developer') && <Proposals org={org} />}
      {list.data && (
        <p className="muted">
          {list.data.limit.active} of {list.data.limit.max} active document types.
        </p>
      )}
      <ErrorMessage error={list.error} />
      <TableRegion label="Document types">
        <table>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Name</th>
              <th scope="col">Kind</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Latest version
              </th>
              <th scope="col">Draft</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr key={`${t.source}${t.key}`}>
                <td>{t.source === 'builtin' ? <code>{t.key}</code> : <Link to={`/o/${org}/document-types/${t.key}`}>{t.key}</Link>}</td>
                <td>{t.name}</td>
                <td>{t.source === 'builtin' ? 'built-in template' : t.source === 'template' ? 'from a template' : 'own definition'}</td>
                <td>{t.status}</td>
                <td className="num">{t.latest_version ?? '–'}</td>
                <td>{t.has_draft ? 'yes' : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </Page>
  );
}

function CreateType({ org, templates, onCancel }: { org: string; templates: string[]; onCancel: () => void }) {
  const navigate = useNavigate();
  const [key, setKey] = useState('');
  const [from, setFrom] = useState<'template' | 'definition'>('template');
  const [template, setTemplate] = useState(templates[0] ?? '');
  const [definition, setDefinition] = useState('{\n  "fields": {}\n}');
  const action = useAction(() => {
    let parsed: unknown = definition;
    try {
      parsed = JSON.parse(definition);
    } catch {
      /* the server answers invalid_definition */
    }
    return api.post<{ key: string }>(orgPath(org, '/document-types'), from === 'template' ? { key, template } : { key, definition: parsed });
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const made = await action.run();
    if (made) navigate(`/o/${org}/document-types/${made.key ?? key}`);
  };
  return (
    <form className="form card" onSubmit={submit} aria-labelledby="new-type">
      <h2 id="new-type">New document type</h2>
      <label>
        Key <span className="hint">2 to 64 of a-z, 0-9 and _, starting with a letter</span>
        <input autoFocus value={key} onChange={(e) => setKey(e.target.value)} />
      </label>
      <fieldset>
        <legend>Start from</legend>
        <label>
          <input type="radio" name="from" checked={from === 'template'} onChange={() => setFrom('template')} /> A template
        </label>
        <label>
          <input type="radio" name="from" checked={from === 'definition'} onChange={() => setFrom('definition')} /> A definition
        </label>
      </fieldset>
      {from === 'template' ? (
        <label>
          Template
          <select value={template} onChange={(e) => setTemplate(e.target.value)}>
            {templates.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
      ) : (
        <label>
          Definition (JSON)
          <textarea className="code-editor" value={definition} onChange={(e) => setDefinition(e.target.value)} spellCheck={false} />
        </label>
      )}
      <ErrorMessage error={action.error} />
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy}>
          Create
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Proposals from a description, by the configured language model; nothing is saved until chosen. */
function Proposals({ org }: { org: string }) {
  const navigate = useNavigate();
  const [description, setDescription] = useState('');
  const create = useAction((key: string, definition: unknown) => api.post<{ key: string }>(orgPath(org, '/document-types'), { key, definition, publish: false }));
  const action = useAction(() => api.post<{ proposals: { key: string; definition: unknown; key_taken: boolean }[] }>(orgPath(org, '/document-types/proposals'), { description }));
  const [proposals, setProposals] = useState<{ key: string; definition: unknown; key_taken: boolean }[] | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const answer = await action.run();
    if (answer) setProposals(answer.proposals);
  };
  return (
    <details className="card">
      <summary>Propose a definition from a description</summary>
      <form className="form" onSubmit={submit}>
        <label>
          Describe the document and the fields you need
          <textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <ErrorMessage error={action.error} />
        <div className="actions">
          <button type="submit" disabled={action.busy}>
            Propose
          </button>
        </div>
      </form>
      {proposals?.map((p) => (
        <section key={p.key}>
          <h3>
            {p.key}
            {p.key_taken ? <span className="badge warn"> key taken: choose another when creating</span> : null}
          </h3>
          <pre className="json" tabIndex={0} aria-label={`Proposed definition ${p.key}`}>
            {JSON.stringify(p.definition, null, 2)}
          </pre>
          {!p.key_taken && (
            <button
              type="button"
              onClick={() =>
                void create.run(p.key, p.definition).then((made) => {
                  if (made) navigate(`/o/${org}/document-types/${made.key}`);
                })
              }
            >
              Start a draft of {p.key} from this proposal
            </button>
          )}
        </section>
      ))}
      <ErrorMessage error={create.error} />
    </details>
  );
}
