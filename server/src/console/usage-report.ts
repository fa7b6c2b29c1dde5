import type { RequestLogRepo, UsageDay, UsageScope } from '../db/repos/request-log.js';

export const MAX_USAGE_DAYS = 90;
export const DEFAULT_USAGE_DAYS = 30;

const DAY_MS = 86_400_000;
const tenth = (ms: number | null) => (ms === null ? null : Math.round(ms * 10) / 10);
const rate = (errors: number, requests: number) => (requests === 0 ? 0 : Math.round((errors / requests) * 10_000) / 10_000);

/** A day's or the window's figures as the console shows them. */
function figures(d: Omit<UsageDay, 'date'>) {
  return {
    requests: d.requests,
    documents: d.documents,
    pages: d.pages,
    errors: d.errors,
    error_rate: rate(d.errors, d.requests),
    latency_p50_ms: tenth(d.p50),
    latency_p95_ms: tenth(d.p95),
  };
}

const EMPTY: Omit<UsageDay, 'date'> = { requests: 0, documents: 0, pages: 0, errors: 0, p50: null, p95: null };

/**
 * The usage chart's data: the last `days` UTC days up to now, today included, one entry a day
 * (days without requests as zeros, their latencies null), and the totals over the window.
 * Figures come from the request log, as `/v1/usage`'s do.
 */
export async function usageReport(log: RequestLogRepo, scope: UsageScope, days: number, now = new Date()) {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const { days: rows, total } = await log.dailyUsage(scope, from.toISOString());
  const byDate = new Map(rows.map((r) => [r.date, r]));
  const series = Array.from({ length: days }, (_, i) => {
    const date = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, ...figures(byDate.get(date) ?? EMPTY) };
  });
  return { days, from: from.toISOString(), to: now.toISOString(), series, totals: figures(total) };
}
