import { useState, type FormEvent } from 'react';
import { api, orgPath } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { useAction } from '../components/use-load.js';
import { atLeast, canManageApp, type Application } from '../types.js';
import { useOrg } from '../use-org.js';
import { useApp } from './application.js';

const MODES = ['fast', 'standard', 'verified'];

export function ApplicationSettings() {
  const { app, reload } = useApp();
  const { org, role } = useOrg();
  const editable = canManageApp(role, app.environment) && app.status !== 'archived';
  return (
    <>
      <SettingsForm key={`s${app.id}`} org={org} app={app} editable={editable} onSaved={reload} />
      <PolicyForm key={`p${app.id}`} org={org} app={app} editable={atLeast(role, 'admin') && app.status !== 'archived'} onSaved={reload} />
      <StatusActions org={org} app={app} editable={editable} onSaved={reload} />
    </>
  );
}

function SettingsForm({ org, app, editable, onSaved }: { org: string; app: Application; editable: boolean; onSaved: () => void }) {
  const [name, setName] = useState(app.name);
  const [mode, setMode] = useState(app.default_mode);
  const [defaultType, setDefaultType] = useState(app.default_document_type ?? '');
  const [assigned, setAssigned] = useState((app.document_types ?? []).join(', '));
  const [pinned, setPinned] = useState(app.pinned_version === null ? '' : String(app.pinned_version));
  const [saved, setSaved] = useState(false);
  const action = useAction(() =>
    api.patch<Application>(orgPath(org, `/applications/${app.id}`), {
      name,
      default_mode: mode,
      default_document_type: defaultType.trim() === '' ? null : defaultType.trim(),
      document_types: assigned.trim() === '' ? null : assigned.split(',').map((s) => s.trim()).filter(Boolean),
      pinned_version: pinned.trim() === '' ? null : Number(pinned),
    }),
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    if (await action.run()) {
      setSaved(true);
      onSaved();
    }
  };
  return (
    <form className="form" onSubmit={submit} aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <fieldset disabled={!editable}>
        <legend>Extraction defaults</legend>
        <div className="field">
          <label htmlFor="app-name">Name</label>
          <input id="app-name" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="app-mode">Default mode</label>
          <select id="app-mode" value={mode} onChange={(e) => setMode(e.target.value)}>
            {MODES.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="app-default-type">Default document type</label>
          <input id="app-default-type" value={defaultType} onChange={(e) => setDefaultType(e.target.value)} placeholder="payment_receipt" />
        </div>
        <div className="field">
          <label htmlFor="app-types">Assigned document types (comma-separated; empty for all)</label>
          <input id="app-types" value={assigned} onChange={(e) => setAssigned(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="app-pinned">Pinned version (empty to follow the latest)</label>
          <input id="app-pinned" inputMode="numeric" value={pinned} onChange={(e) => setPinned(e.target.value)} />
        </div>
      </fieldset>
      <ErrorMessage error={action.error} />
      {saved && <p className="notice" role="status">Saved.</p>}
      {editable && (
        <div className="actions">
          <button type="submit" className="primary" disabled={action.busy}>
            Save settings
          </button>
        </div>
      )}
    </form>
  );
}

function PolicyForm({ org, app, editable, onSaved }: { org: string; app: Application; editable: boolean; onSaved: () => void }) {
  const [retention, setRetention] = useState(app.data_policy.retention);
  const [llm, setLlm] = useState(app.data_policy.llm);
  const [saved, setSaved] = useState(false);
  const action = useAction(() => api.put<Application>(orgPath(org, `/applications/${app.id}/data-policy`), { retention, llm }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    if (await action.run()) {
      setSaved(true);
      onSaved();
    }
  };
  return (
    <form className="form" onSubmit={submit} aria-labelledby="policy-title">
      <h2 id="policy-title">Data policy</h2>
      <fieldset disabled={!editable}>
        <legend>Keep results and documents</legend>
        {(
          [
            ['1h', '1 hour'],
            ['24h', '24 hours'],
            ['30d', '30 days'],
            ['zero', 'Not at all (zero retention: results cannot be opened in the console)'],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input type="radio" name="retention" value={value} checked={retention === value} onChange={() => setRetention(value)} /> {label}
          </label>
        ))}
      </fieldset>
      <fieldset disabled={!editable}>
        <legend>Language models (verified mode)</legend>
        <label>
          <input type="radio" name="llm" checked={llm === 'enabled'} onChange={() => setLlm('enabled')} /> Allowed
        </label>
        <label>
          <input type="radio" name="llm" checked={llm === 'disabled'} onChange={() => setLlm('disabled')} /> Disabled
        </label>
      </fieldset>
      <ErrorMessage error={action.error} />
      {saved && <p className="notice" role="status">Data policy saved.</p>}
      {editable && (
        <div className="actions">
          <button type="submit" className="primary" disabled={action.busy}>
            Save data policy
          </button>
        </div>
      )}
    </form>
  );
}

function StatusActions({ org, app, editable, onSaved }: { org: string; app: Application; editable: boolean; onSaved: () => void }) {
  const action = useAction((status: string) => api.post<Application>(orgPath(org, `/applications/${app.id}/status`), { status }));
  const move = async (status: string) => {
    if (status === 'archived' && !window.confirm('Archive this application? Its keys are revoked, and it cannot be used again.')) return;
    if (await action.run(status)) onSaved();
  };
  if (!editable) return null;
  return (
    <section aria-labelledby="status-title">
      <h2 id="status-title">State</h2>
      <div className="actions">
        {app.status === 'active' ? (
          <button type="button" onClick={() => void move('disabled')}>
            Disable
          </button>
        ) : (
          <button type="button" onClick={() => void move('active')}>
            Enable
          </button>
        )}
        <button type="button" className="danger" onClick={() => void move('archived')}>
          Archive
        </button>
      </div>
      <ErrorMessage error={action.error} />
    </section>
  );
}
