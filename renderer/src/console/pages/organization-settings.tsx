import { useState, type FormEvent } from 'react';
import { api, orgPath } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { Page } from '../components/page.js';
import { useAction, useLoad } from '../components/use-load.js';
import { useSession } from '../session.js';
import { atLeast, type Organization } from '../types.js';
import { useOrg } from '../use-org.js';

export function OrganizationSettings() {
  const { org, role } = useOrg();
  const { refresh } = useSession();
  const loaded = useLoad(() => api.get<Organization>(orgPath(org)), [org]);
  const [name, setName] = useState<string | null>(null);
  const rename = useAction(() => api.patch<Organization>(orgPath(org), { name }));
  const deletion = useAction((schedule: boolean) => (schedule ? api.post(orgPath(org, '/deletion')) : api.delete(orgPath(org, '/deletion'))));
  if (loaded.error) return <ErrorMessage error={loaded.error} />;
  if (!loaded.data) return <p role="status">Loading…</p>;
  const o = loaded.data;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await rename.run()) {
      loaded.reload();
      void refresh();
    }
  };
  const changeDeletion = async (schedule: boolean) => {
    if (schedule && !window.confirm('Schedule the deletion of this organization? Its keys stop working at once; everything is deleted in 30 days unless an owner cancels.')) return;
    await deletion.run(schedule);
    loaded.reload();
    void refresh();
  };
  return (
    <Page title="Organization">
      <dl className="facts">
        <dt>Id</dt>
        <dd>
          <code>{o.id}</code>
        </dd>
        <dt>Status</dt>
        <dd>
          {o.status.replaceAll('_', ' ')}
          {o.deletion_due_at ? ` (deletion on ${new Date(o.deletion_due_at).toLocaleString()})` : ''}
        </dd>
        <dt>Documents this month</dt>
        <dd>
          {o.documents_this_month}
          {o.monthly_quota !== null ? ` of ${o.monthly_quota}` : ' (no quota)'}
        </dd>
        <dt>Your role</dt>
        <dd>{o.role}</dd>
      </dl>
      {atLeast(role, 'admin') && o.status === 'active' && (
        <form className="form" onSubmit={submit} aria-labelledby="rename-title">
          <h2 id="rename-title">Name</h2>
          <label>
            Organization name
            <input value={name ?? o.name} onChange={(e) => setName(e.target.value)} />
          </label>
          <ErrorMessage error={rename.error} />
          <div className="actions">
            <button type="submit" className="primary" disabled={rename.busy}>
              Rename
            </button>
          </div>
        </form>
      )}
      {role === 'owner' && (
        <section aria-labelledby="deletion-title">
          <h2 id="deletion-title">Deletion</h2>
          {o.status === 'scheduled_for_deletion' ? (
            <button type="button" className="primary" onClick={() => void changeDeletion(false)}>
              Cancel the deletion
            </button>
          ) : (
            <button type="button" className="danger" onClick={() => void changeDeletion(true)}>
              Schedule deletion
            </button>
          )}
          <ErrorMessage error={deletion.error} />
        </section>
      )}
    </Page>
  );
}
