import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api, orgPath } from '../api.js';
import { ErrorMessage } from '../components/error-message.js';
import { Page } from '../components/page.js';
import { TableRegion } from '../components/table-region.js';
import { useLoad } from '../components/use-load.js';
import type { Application, ListOf } from '../types.js';
import { useOrg } from '../use-org.js';

interface DayUsage {
  date: string;
  requests: number;
  documents: number;
  pages: number;
  errors: number;
  error_rate: number;
  latency_p50_ms: number | null;
  latency_p95_ms: number | null;
}

interface UsageReport {
  days: number;
  series: DayUsage[];
  month: { documents: number; quota: number | null };
}

type SeriesKey = Exclude<keyof DayUsage, 'date'>;

/** One chart and, for screen readers and exact figures, the same numbers as a table. */
function Chart({ title, data, lines, unit }: { title: string; data: DayUsage[]; lines: { key: SeriesKey; label: string; colour: string }[]; unit?: string }) {
  const id = title.toLowerCase().replace(/\W+/g, '-');
  return (
    <figure className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className="chart" aria-hidden="true" data-testid={`chart-${id}`}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid stroke="#ddd" />
            <XAxis dataKey="date" tick={{ fontSize: 12 }} minTickGap={16} />
            <YAxis tick={{ fontSize: 12 }} width={48} unit={unit} allowDecimals={unit === '%'} />
            <Tooltip />
            <Legend />
            {lines.map((l) => (
              <Line key={l.key} type="monotone" dataKey={l.key} name={l.label} stroke={l.colour} strokeWidth={2} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <details>
        <summary>{title} as a table</summary>
        <TableRegion label={`${title} by day`}>
          <table>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {lines.map((l) => (
                  <th scope="col" className="num" key={l.key}>
                    {l.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.date}>
                  <td>{d.date}</td>
                  {lines.map((l) => (
                    <td className="num" key={l.key}>
                      {d[l.key] ?? '–'}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </details>
    </figure>
  );
}

export function Usage() {
  const { org } = useOrg();
  const [days, setDays] = useState(30);
  const [application, setApplication] = useState('');
  const apps = useLoad(() => api.get<ListOf<Application>>(orgPath(org, '/applications')), [org]);
  const report = useLoad(() => api.get<UsageReport>(orgPath(org, `/usage?days=${days}${application ? `&application=${application}` : ''}`)), [org, days, application]);
  const series = (report.data?.series ?? []).map((d) => ({ ...d, error_rate: Math.round(d.error_rate * 1000) / 10 }));
  const month = report.data?.month;
  return (
    <Page title="Usage">
      <div className="row">
        <label className="field">
          Period
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {[1, 7, 14, 30, 60, 90].map((d) => (
              <option key={d} value={d}>
                Last {d} {d === 1 ? 'day' : 'days'}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Application
          <select value={application} onChange={(e) => setApplication(e.target.value)}>
            <option value="">All applications</option>
            {apps.data?.data.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {month && (
        <section className="card" aria-labelledby="month-title">
          <h2 id="month-title">Documents this month</h2>
          {month.quota !== null ? (
            <>
              <meter min={0} max={month.quota} value={month.documents} high={month.quota * 0.9} aria-labelledby="month-title" />
              <p>
                {month.documents} of {month.quota} documents ({Math.round((100 * month.documents) / month.quota)}%)
              </p>
            </>
          ) : (
            <p>
              {month.documents} {month.documents === 1 ? 'document' : 'documents'}; the organization has no monthly quota.
            </p>
          )}
        </section>
      )}
      <ErrorMessage error={report.error} />
      {report.data && (
        <div className="cards">
          <Chart
            title="Requests and documents"
            data={series}
            lines={[
              { key: 'requests', label: 'Requests', colour: '#0b57d0' },
              { key: 'documents', label: 'Documents', colour: '#146c2e' },
              { key: 'pages', label: 'Pages', colour: '#8a5300' },
            ]}
          />
          <Chart title="Error rate" unit="%" data={series} lines={[{ key: 'error_rate', label: 'Error rate (%)', colour: '#b3261e' }]} />
          <Chart
            title="Latency"
            unit=" ms"
            data={series}
            lines={[
              { key: 'latency_p50_ms', label: 'Median (ms)', colour: '#0b57d0' },
              { key: 'latency_p95_ms', label: '95th percentile (ms)', colour: '#b3261e' },
            ]}
          />
        </div>
      )}
    </Page>
  );
}
