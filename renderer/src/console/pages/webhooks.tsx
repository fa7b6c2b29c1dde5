import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { api, orgPath } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { SecretOnce } from '../components/secret-once.js';
import { TableRegion } from '../components/table-region.js';
import { useAction, useLoad } from '../components/use-load.js';
import { canManageApp, EVENT_TYPES, type ListOf, type WebhookDelivery, type WebhookEndpoint } from '../types.js';
import { useOrg } from '../use-org.js';
import { useApp } from './application.js';

export function Webhooks() {
  const { app } = useApp();
  const { org, role } = useOrg();
  const base = orgPath(org, `/applications/${app.id}/webhooks`);
  const endpoints = useLoad(() => api.get<ListOf<WebhookEndpoint>>(base), [base]);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const add = useAction(() => api.post<{ secret: string }>(base, { url, events }));
  const manage = canManageApp(role, app.environment);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const made = await add.run();
    if (!made) return;
    setSecret(made.secret);
    setUrl('');
    endpoints.reload();
  };
  return (
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhook endpoints</h2>
      {secret && <SecretOnce label="Signing secret of the new endpoint" value={secret} onDone={() => setSecret(null)} />}
      <ErrorMessage error={endpoints.error} />
      {endpoints.data && endpoints.data.data.length === 0 && <p>No endpoints yet.</p>}
      {endpoints.data && endpoints.data.data.length > 0 && (
        <TableRegion label="Webhook endpoints">
          <table>
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Events</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Failures in a row
                </th>
              </tr>
            </thead>
            <tbody>
              {endpoints.data.data.map((w) => (
                <tr key={w.id}>
                  <td>
                    <Link to={`/o/${org}/applications/${app.id}/webhooks/${w.id}`}>{w.url}</Link>
                  </td>
                  <td>{w.events.length === 0 ? 'all events' : w.events.join(', ')}</td>
                  <td>
                    <span className={`badge ${w.status === 'enabled' ? 'ok' : 'bad'}`}>{w.status}</span>
                    {w.disabled_reason ? <span className="muted"> ({w.disabled_reason})</span> : null}
                  </td>
                  <td className="num">{w.consecutive_failures}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {manage && (
        <form className="form card" onSubmit={submit} aria-labelledby="add-endpoint">
          <h3 id="add-endpoint">Add an endpoint</h3>
          <label>
            HTTPS URL
            <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/hooks/docex" />
          </label>
          <fieldset>
            <legend>Events (none chosen: all)</legend>
            {EVENT_TYPES.map((t) => (
              <label key={t}>
                <input type="checkbox" checked={events.includes(t)} onChange={(e) => setEvents(e.target.checked ? [...events, t] : events.filter((x) => x !== t))} /> <code>{t}</code>
              </label>
            ))}
          </fieldset>
          <ErrorMessage error={add.error} />
          <div className="actions">
            <button type="submit" className="primary" disabled={add.busy}>
              Add endpoint
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

export function WebhookDetail() {
  const { app } = useApp();
  const { org, role } = useOrg();
  const { endpoint = '' } = useParams();
  const base = orgPath(org, `/applications/${app.id}/webhooks/${endpoint}`);
  const loaded = useLoad(() => api.get<WebhookEndpoint & { deliveries: WebhookDelivery[] }>(base), [base]);
  const [secret, setSecret] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const act = useAction((path: string) => api.post<Record<string, unknown>>(`${base}${path}`));
  const manage = canManageApp(role, app.environment);
  const run = async (path: string) => {
    setOutcome(null);
    const answer = await act.run(path);
    if (answer && typeof answer.secret === 'string') setSecret(answer.secret);
    if (answer && path === '/test') setOutcome(describeOutcome(answer));
    loaded.reload();
  };
  if (loaded.error) return <ErrorMessage error={loaded.error} />;
  if (!loaded.data) return <p role="status">Loading…</p>;
  const w = loaded.data;
  return (
    <section aria-labelledby="endpoint-title">
      <h2 id="endpoint-title">Endpoint {w.url}</h2>
      <p>
        <Link to={`/o/${org}/applications/${app.id}/webhooks`}>All endpoints</Link>
      </p>
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          {w.status}
          {w.disabled_reason ? ` (${w.disabled_reason})` : ''}
        </dd>
        <dt>Events</dt>
        <dd>{w.events.length === 0 ? 'all events' : w.events.join(', ')}</dd>
        <dt>Failures in a row</dt>
        <dd>{w.consecutive_failures}</dd>
      </dl>
      {secret && <SecretOnce label="New signing secret" value={secret} onDone={() => setSecret(null)} />}
      {outcome && (
        <p className="notice" role="status">
          {outcome}
        </p>
      )}
      <ErrorMessage error={act.error} />
      {manage && (
        <div className="actions">
          <button type="button" onClick={() => void run('/test')}>
            Send webhook.test
          </button>
          {w.status === 'disabled' ? (
            <button type="button" className="primary" onClick={() => void run('/enable')}>
              Enable again
            </button>
          ) : (
            <button type="button" onClick={() => void run('/disable')}>
              Disable
            </button>
          )}
          <button type="button" onClick={() => window.confirm('Make a new signing secret? The old one stops signing at once.') && void run('/rotate-secret')}>
            Rotate the secret
          </button>
        </div>
      )}
      <h3>Deliveries</h3>
      {w.deliveries.length === 0 ? (
        <p>No deliveries yet.</p>
      ) : (
        <TableRegion label="Deliveries">
          <table>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Attempts
                </th>
                <th scope="col" className="num">
                  Last answer
                </th>
                <th scope="col" className="num">
                  Time (ms)
                </th>
                <th scope="col">Next attempt</th>
                <th scope="col">Last error</th>
              </tr>
            </thead>
            <tbody>
              {w.deliveries.map((d) => (
                <tr key={d.id}>
                  <td>
                    <code>{d.event_type}</code>
                  </td>
                  <td>
                    <span className={`badge ${d.status === 'succeeded' ? 'ok' : d.status === 'dead' ? 'bad' : 'warn'}`}>{d.status}</span>
                  </td>
                  <td className="num">{d.attempts}</td>
                  <td className="num">{d.last_status_code ?? '–'}</td>
                  <td className="num">{d.response_ms === null ? '–' : Math.round(d.response_ms)}</td>
                  <td>{d.next_attempt_at ? new Date(d.next_attempt_at).toLocaleString() : '–'}</td>
                  <td>{d.last_error ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}

function describeOutcome(answer: Record<string, unknown>): string {
  const delivery = answer.delivery as WebhookDelivery | undefined;
  const status = delivery?.last_status_code;
  if (answer.ok) return `The endpoint answered ${String(status)}.`;
  return `The test failed${status ? ` with ${status}` : ''}${delivery?.last_error ? `: ${delivery.last_error}` : ''}; it is retried on the schedule.`;
}
