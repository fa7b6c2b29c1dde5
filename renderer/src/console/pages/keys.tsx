import { useState, type FormEvent } from 'react';
import { api, orgPath } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { SecretOnce } from '../components/secret-once.js';
import { TableRegion } from '../components/table-region.js';
import { useAction, useLoad } from '../components/use-load.js';
import { canManageApp, type KeySummary, type ListOf } from '../types.js';
import { useOrg } from '../use-org.js';
import { useApp } from './application.js';

const SERVER_ONLY = ['schemas.write', 'webhooks.receive', 'usage.read', 'client_tokens.create'];

const lines = (text: string) => text.split(/[\n,]/).map((s) => s.trim()).filter(Boolean);
const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

export function Keys() {
  const { app } = useApp();
  const { org, role } = useOrg();
  const base = orgPath(org, `/applications/${app.id}/keys`);
  const keys = useLoad(() => api.get<ListOf<KeySummary>>(base), [base]);
  const [shown, setShown] = useState<{ label: string; value: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const manage = canManageApp(role, app.environment) && app.status === 'active';
  const change = useAction((path: string, body: unknown) => api.post<{ key?: string }>(path, body));

  const rotate = async (k: KeySummary) => {
    const answer = window.prompt('Grace period in hours before the old key expires (0 to 168; 0 revokes it at once)', '24');
    if (answer === null) return;
    const made = await change.run(`${base}/${k.id}/rotate`, { grace_hours: Number(answer) });
    if (made?.key) setShown({ label: `New key replacing ${k.hint}`, value: made.key });
    keys.reload();
  };
  const revoke = async (k: KeySummary) => {
    if (!window.confirm(`Revoke the key ${k.name ?? k.hint}? Requests with it are refused at once.`)) return;
    await change.run(`${base}/${k.id}/revoke`, {});
    keys.reload();
  };

  return (
    <section aria-labelledby="keys-title">
      <div className="page-head">
        <h2 id="keys-title">Keys</h2>
        {manage && !creating && (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New key
          </button>
        )}
      </div>
      {shown && <SecretOnce label={shown.label} value={shown.value} onDone={() => setShown(null)} />}
      {creating && (
        <CreateKey
          base={base}
          capabilities={app.capabilities}
          onCreated={(key, name) => {
            setCreating(false);
            setShown({ label: `Key ${name || ''} created`.replace('  ', ' '), value: key });
            keys.reload();
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      <ErrorMessage error={keys.error ?? change.error} />
      {keys.data && keys.data.data.length === 0 && <p>No keys yet.</p>}
      {keys.data && keys.data.data.length > 0 && (
        <TableRegion label="Keys">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Kind</th>
                <th scope="col">Key</th>
                <th scope="col">State</th>
                <th scope="col">Expires</th>
                <th scope="col">Created</th>
                {manage && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {keys.data.data.map((k) => (
                <tr key={k.id}>
                  <td>{k.name ?? <span className="muted">unnamed</span>}</td>
                  <td>
                    {k.kind}
                    {k.livemode ? ' (live)' : ' (test)'}
                  </td>
                  <td>
                    <code>{k.hint}</code>
                  </td>
                  <td>
                    <span className={`badge ${k.state === 'active' ? 'ok' : 'bad'}`}>{k.state}</span>
                  </td>
                  <td>{k.expires_at ? new Date(k.expires_at).toLocaleString() : 'never'}</td>
                  <td>{new Date(k.created_at).toLocaleDateString()}</td>
                  {manage && (
                    <td>
                      {k.state === 'active' && (
                        <div className="actions">
                          <button type="button" onClick={() => void rotate(k)} aria-label={`Rotate ${k.name ?? k.hint}`}>
                            Rotate
                          </button>
                          <button type="button" className="danger" onClick={() => void revoke(k)} aria-label={`Revoke ${k.name ?? k.hint}`}>
                            Revoke
                          </button>
                        </div>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}

function CreateKey({ base, capabilities, onCreated, onCancel }: { base: string; capabilities: string[]; onCreated: (key: string, name: string) => void; onCancel: () => void }) {
  const [kind, setKind] = useState<'secret' | 'publishable'>('secret');
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[] | null>(null);
  const [origins, setOrigins] = useState('');
  const [bundles, setBundles] = useState('');
  const [ips, setIps] = useState('');
  const [rate, setRate] = useState('');
  const [quota, setQuota] = useState('');
  const [expiry, setExpiry] = useState('');
  const offered = capabilities.filter((c) => kind === 'secret' || !SERVER_ONLY.includes(c));
  const chosen = scopes ?? offered;
  const action = useAction(() =>
    api.post<{ key: string }>(base, {
      kind,
      name: name || undefined,
      scopes: chosen,
      allowed_origins: kind === 'publishable' && origins.trim() ? lines(origins) : undefined,
      allowed_bundle_ids: kind === 'publishable' && bundles.trim() ? lines(bundles) : undefined,
      allowed_ips: ips.trim() ? lines(ips) : undefined,
      rate_limit_per_minute: optionalNumber(rate),
      monthly_quota: optionalNumber(quota),
      expires_in_days: optionalNumber(expiry),
    }),
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const made = await action.run();
    if (made) onCreated(made.key, name);
  };
  return (
    <form className="form card" onSubmit={submit} aria-labelledby="new-key">
      <h3 id="new-key">New key</h3>
      <fieldset>
        <legend>Kind</legend>
        <label>
          <input type="radio" name="kind" autoFocus checked={kind === 'secret'} onChange={() => (setKind('secret'), setScopes(null))} /> Secret (servers)
        </label>
        <label>
          <input type="radio" name="kind" checked={kind === 'publishable'} onChange={() => (setKind('publishable'), setScopes(null))} /> Publishable (web pages and apps)
        </label>
      </fieldset>
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <fieldset>
        <legend>Capabilities</legend>
        {offered.map((c) => (
          <label key={c}>
            <input type="checkbox" checked={chosen.includes(c)} onChange={(e) => setScopes(e.target.checked ? [...chosen, c] : chosen.filter((s) => s !== c))} /> <code>{c}</code>
          </label>
        ))}
      </fieldset>
      {kind === 'publishable' && (
        <>
          <label>
            Allowed origins <span className="hint">one per line, e.g. https://shop.example.com or https://*.example.com</span>
            <textarea rows={2} value={origins} onChange={(e) => setOrigins(e.target.value)} />
          </label>
          <label>
            Allowed bundle ids <span className="hint">one per line, e.g. com.example.app</span>
            <textarea rows={2} value={bundles} onChange={(e) => setBundles(e.target.value)} />
          </label>
        </>
      )}
      <label>
        Allowed IP addresses or ranges <span className="hint">one per line</span>
        <textarea rows={2} value={ips} onChange={(e) => setIps(e.target.value)} />
      </label>
      <div className="row">
        <label>
          Requests a minute <span className="hint">1 to 100000</span>
          <input inputMode="numeric" value={rate} onChange={(e) => setRate(e.target.value)} />
        </label>
        <label>
          Documents a month
          <input inputMode="numeric" value={quota} onChange={(e) => setQuota(e.target.value)} />
        </label>
        <label>
          Expires in days <span className="hint">1 to 3650</span>
          <input inputMode="numeric" value={expiry} onChange={(e) => setExpiry(e.target.value)} />
        </label>
      </div>
      <ErrorMessage error={action.error} />
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy}>
          Create key
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
