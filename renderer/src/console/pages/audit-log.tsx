import { useState } from 'react';
import { api, orgPath } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { Page } from '../components/page.js';
import { TableRegion } from '../components/table-region.js';
import { useLoad } from '../components/use-load.js';
import type { ListOf } from '../types.js';
import { useOrg } from '../use-org.js';

interface AuditRow {
  id: string;
  actor: string;
  action: string;
  target: string | null;
  details: unknown;
  created_at: string;
}

export function AuditLog() {
  const { org } = useOrg();
  const [cursor, setCursor] = useState<string | null>(null);
  const log = useLoad(() => api.get<ListOf<AuditRow>>(orgPath(org, `/audit-log?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)), [org, cursor]);
  return (
    <Page title="Audit log">
      <p className="muted">Every change made in the console or by the operator, kept 400 days, newest first.</p>
      <ErrorMessage error={log.error} />
      {log.data && (
        <TableRegion label="Audit log">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Target</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {log.data.data.map((r) => (
                <tr key={r.id}>
                  <td>{new Date(r.created_at).toLocaleString()}</td>
                  <td>{r.actor}</td>
                  <td>
                    <code>{r.action}</code>
                  </td>
                  <td>
                    <code>{r.target}</code>
                  </td>
                  <td>{r.details ? <code>{JSON.stringify(r.details)}</code> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <div className="actions">
        {cursor && (
          <button type="button" onClick={() => setCursor(null)}>
            Newest
          </button>
        )}
        {log.data?.next_cursor && (
          <button type="button" onClick={() => setCursor(log.data!.next_cursor!)}>
            Older
          </button>
        )}
      </div>
    </Page>
  );
}
