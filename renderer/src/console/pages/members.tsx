import { useState, type FormEvent } from 'react';
import { api, orgPath } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { Page } from '../components/page.js';
import { SecretOnce } from '../components/secret-once.js';
import { TableRegion } from '../components/table-region.js';
import { useAction, useLoad } from '../components/use-load.js';
import { atLeast, type ListOf, type Role } from '../types.js';
import { useOrg } from '../use-org.js';

interface MemberRow {
  id: string;
  email: string;
  role: Role;
  status: 'active' | 'invited';
  created_at: string;
}

const ROLES: Role[] = ['owner', 'admin', 'developer', 'viewer'];

export function Members() {
  const { org, role } = useOrg();
  const base = orgPath(org, '/members');
  const members = useLoad(() => api.get<ListOf<MemberRow>>(base), [base]);
  const [email, setEmail] = useState('');
  const [newRole, setNewRole] = useState<Role>('developer');
  const [link, setLink] = useState<string | null>(null);
  const invite = useAction(() => api.post<{ invitation_url: string }>(base, { email, role: newRole }));
  const change = useAction((m: MemberRow, body: { role: Role } | null) => (body ? api.patch(`${base}/${m.id}`, body) : api.delete(`${base}/${m.id}`)));
  const manage = atLeast(role, 'admin');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const made = await invite.run();
    if (!made) return;
    setLink(new URL(made.invitation_url, window.location.origin).href);
    setEmail('');
    members.reload();
  };
  const act = async (m: MemberRow, body: { role: Role } | null) => {
    if (!body && !window.confirm(`Remove ${m.email} from the organization?`)) return;
    await change.run(m, body);
    members.reload();
  };
  return (
    <Page title="Members">
      {manage && (
        <form className="form card" onSubmit={submit} aria-labelledby="invite-title">
          <h2 id="invite-title">Invite someone</h2>
          <div className="row">
            <label>
              Email
              <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </label>
            <label>
              Role
              <select value={newRole} onChange={(e) => setNewRole(e.target.value as Role)}>
                {ROLES.map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            </label>
            <button type="submit" className="primary" disabled={invite.busy}>
              Invite
            </button>
          </div>
          <ErrorMessage error={invite.error} />
        </form>
      )}
      {link && <SecretOnce label="Invitation link: pass it on to the person (valid 7 days)" value={link} onDone={() => setLink(null)} />}
      <ErrorMessage error={members.error ?? change.error} />
      {members.data && (
        <TableRegion label="Members">
          <table>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                {manage && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {members.data.data.map((m) => (
                <tr key={m.id}>
                  <td>{m.email}</td>
                  <td>
                    {manage ? (
                      <select aria-label={`Role of ${m.email}`} value={m.role} onChange={(e) => void act(m, { role: e.target.value as Role })}>
                        {ROLES.map((r) => (
                          <option key={r}>{r}</option>
                        ))}
                      </select>
                    ) : (
                      m.role
                    )}
                  </td>
                  <td>{m.status}</td>
                  {manage && (
                    <td>
                      <button type="button" className="danger" onClick={() => void act(m, null)} aria-label={`Remove ${m.email}`}>
                        Remove
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </Page>
  );
}
