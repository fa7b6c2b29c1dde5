import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { Page } from '../components/page.js';
import { useAction } from '../components/use-load.js';
import { useSession } from '../session.js';
import type { SessionInfo } from '../types.js';

export function SignIn() {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const action = useAction((body: { email: string; password: string }) => api.post<SessionInfo>('/session', body));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const info = await action.run({ email, password });
    if (!info) return;
    signedIn(info);
    navigate(info.organizations[0] ? `/o/${info.organizations[0].id}/applications` : '/');
  };
  return (
    <main id="main" className="narrow" tabIndex={-1}>
      <Page title="Sign in">
        <form onSubmit={submit} className="form">
          <label>
            Email
            <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <label>
            Password
            <input type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
          <ErrorMessage error={action.error} />
          <button type="submit" className="primary" disabled={action.busy}>
            Sign in
          </button>
        </form>
        <p>
          No organization yet? <Link to="/request-access">Request access</Link>.
        </p>
      </Page>
    </main>
  );
}
