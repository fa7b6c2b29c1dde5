import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, orgPath } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { Page } from '../components/page.js';
import { TableRegion } from '../components/table-region.js';
import { useAction, useLoad } from '../components/use-load.js';
import { atLeast, type Application, type Environment, type ListOf } from '../types.js';
import { useOrg } from '../use-org.js';

export function Applications() {
  const { org, role } = useOrg();
  const apps = useLoad(() => api.get<ListOf<Application>>(orgPath(org, '/applications')), [org]);
  const [creating, setCreating] = useState(false);
  return (
    <Page
      title="Applications"
      actions={
        atLeast(role, 'developer') && !creating ? (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New application
          </button>
        ) : null
      }
    >
      {creating && <CreateApplication org={org} onCancel={() => setCreating(false)} />}
      <ErrorMessage error={apps.error} />
      {apps.data && (
        <TableRegion label="Applications">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Environment</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Active keys
                </th>
                <th scope="col">Data policy</th>
              </tr>
            </thead>
            <tbody>
              {apps.data.data.map((a) => (
                <tr key={a.id}>
                  <td>
                    <Link to={`/o/${org}/applications/${a.id}`}>{a.name}</Link>
                  </td>
                  <td>{a.environment}</td>
                  <td>
                    <span className={`badge ${a.status === 'active' ? 'ok' : 'bad'}`}>{a.status}</span>
                  </td>
                  <td className="num">{a.active_keys}</td>
                  <td>
                    {retentionLabel(a.data_policy.retention)}
                    {a.data_policy.llm === 'disabled' ? ', no language model' : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {apps.data?.data.length === 0 && <p>No applications yet.</p>}
    </Page>
  );
}

export const retentionLabel = (r: string) => ({ zero: 'zero retention', '1h': 'kept 1 hour', '24h': 'kept 24 hours', '30d': 'kept 30 days' })[r] ?? r;

function CreateApplication({ org, onCancel }: { org: string; onCancel: () => void }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [environment, setEnvironment] = useState<Environment>('development');
  const action = useAction(() => api.post<Application>(orgPath(org, '/applications'), { name, environment }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const app = await action.run();
    if (app) navigate(`/o/${org}/applications/${app.id}`);
  };
  return (
    <form className="form card" onSubmit={submit} aria-labelledby="new-app">
      <h2 id="new-app">New application</h2>
      <label>
        Name
        <input autoFocus value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Environment
        <select value={environment} onChange={(e) => setEnvironment(e.target.value as Environment)}>
          <option value="development">development</option>
          <option value="test">test</option>
          <option value="production">production</option>
        </select>
      </label>
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
