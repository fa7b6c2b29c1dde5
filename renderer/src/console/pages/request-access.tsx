import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { Page } from '../components/page.js';
import { useAction } from '../components/use-load.js';

/** The public form for a new organization; the operator decides (`cli access-requests approve`). */
export function RequestAccess() {
  const [form, setForm] = useState({ email: '', password: '', organization: '', use_case: '' });
  const [sent, setSent] = useState(false);
  const action = useAction((body: typeof form) => api.post<{ id: string; status: string }>('/access-requests', body));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await action.run(form)) setSent(true);
  };
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value });
  return (
    <main id="main" className="narrow" tabIndex={-1}>
      <Page title="Request access">
        {sent ? (
          <p role="status">Your request is waiting for the operator. You can sign in with this email and password once it is approved.</p>
        ) : (
          <form onSubmit={submit} className="form">
            <label>
              Email
              <input type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
            </label>
            <label>
              Password (10 characters or more)
              <input type="password" autoComplete="new-password" required minLength={10} value={form.password} onChange={set('password')} />
            </label>
            <label>
              Organization name
              <input required value={form.organization} onChange={set('organization')} />
            </label>
            <label>
              What will you extract?
              <textarea required rows={3} value={form.use_case} onChange={set('use_case')} />
            </label>
            <ErrorMessage error={action.error} />
            <button type="submit" className="primary" disabled={action.busy}>
              Send the request
            </button>
          </form>
        )}
        <p>
          <Link to="/sign-in">Back to sign-in</Link>
        </p>
      </Page>
    </main>
  );
}
