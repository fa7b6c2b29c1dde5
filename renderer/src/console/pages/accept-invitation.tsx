import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { Page } from '../components/page.js';
import { useAction } from '../components/use-load.js';
import { useSession } from '../session.js';
import type { SessionInfo } from '../types.js';

/** The invitation link's page: choose a password (or give yours, if you have one), and join. */
export function AcceptInvitation() {
  const [params] = useSearchParams();
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const action = useAction((body: { token: string; password: string }) => api.post<SessionInfo>('/invitations/accept', body));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const info = await action.run({ token: params.get('token') ?? '', password });
    if (!info) return;
    signedIn(info);
    navigate(info.organizations[0] ? `/o/${info.organizations[0].id}/applications` : '/');
  };
  return (
    <main id="main" className="narrow" tabIndex={-1}>
      <Page title="Join the organization">
        <form onSubmit={submit} className="form">
          <label>
            Password (a new one of 10 characters or more, or yours if you already have an account)
            <input type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
          <ErrorMessage error={action.error} />
          <button type="submit" className="primary" disabled={action.busy}>
            Join
          </button>
        </form>
      </Page>
    </main>
  );
}
