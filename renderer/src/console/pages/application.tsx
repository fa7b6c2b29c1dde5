import { NavLink, Outlet, useOutletContext, useParams } from 'react-router';
import { api, orgPath } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { Page } from '../components/page.js';
import { useLoad } from '../components/use-load.js';
import type { Application } from '../types.js';
import { useOrg } from '../use-org.js';

export interface AppContext {
  app: Application;
  reload: () => void;
}

export const useApp = () => useOutletContext<AppContext>();

const TABS = [
  ['settings', 'Settings'],
  ['keys', 'Keys'],
  ['webhooks', 'Webhooks'],
  ['playground', 'Playground'],
] as const;

/** An application: its tabs share the loaded application. */
export function ApplicationPage() {
  const { org } = useOrg();
  const { app: appId = '' } = useParams();
  const loaded = useLoad(() => api.get<Application>(orgPath(org, `/applications/${appId}`)), [org, appId]);
  if (loaded.error) return <ErrorMessage error={loaded.error} />;
  if (!loaded.data) return <p role="status">Loading…</p>;
  const app = loaded.data;
  return (
    <Page title={app.name}>
      <p className="muted">
        {app.environment} application · <span className={`badge ${app.status === 'active' ? 'ok' : 'bad'}`}>{app.status}</span> · <code>{app.id}</code>
      </p>
      <nav className="tabs" aria-label="Application">
        <ul>
          {TABS.map(([path, label]) => (
            <li key={path}>
              <NavLink to={`/o/${org}/applications/${app.id}/${path}`}>{label}</NavLink>
            </li>
          ))}
          <li>
            <NavLink to={`/o/${org}/extractions?application=${app.id}`}>Extractions</NavLink>
          </li>
        </ul>
      </nav>
      <Outlet context={{ app, reload: loaded.reload } satisfies AppContext} />
    </Page>
  );
}
