import type { Candidate } from './candidates.js';
import { distinctValues, type Ranked } from './rule-agreement.js';
import { closeToCent, type TaxRow } from './tax-lines.js';

/** The fields a tax agreement reads, by path; null where the definition has no such field. */
export interface TaxPaths {
  tax: string;
  rate: string | null;
  /** The amount before tax (a subtotal). */
  net: string | null;
  /** The amount with tax (the total). */
  gross: string | null;
}

const MAX_TAXES = 4;
const MAX_RATES = 2;

/**
 * A tax that its rate proves: rate x net = tax, or gross x rate / (100 + rate) = tax, where the
 * rate is the document's (the rate field's first candidates, or a rate of its tax summary) and the
 * net and gross are the subtotal's and the total's choices. Receipts print the rate and the tax
 * on one line and the totals on others (`GST @6% 0.46` ... `TOTAL 8.20`), which the tax summary
 * (tax-lines.ts) cannot tie together row by row, so a right tax was reported as unsure as a guess.
 *
 * Among the tax's first few candidates, the best one that agrees goes to the front, as long as it
 * keeps half the first one's score; returns the paths the agreement holds for (the tax, and the
 * rate when the rate field's candidate gave it). None when nothing agrees.
 */
export function agreeOnTaxRate(ranked: Ranked, paths: TaxPaths, summaryRates: readonly number[]): string[] {
  const taxes = distinctValues(ranked.get(paths.tax) ?? []).slice(0, MAX_TAXES);
  if (taxes.length === 0) return [];
  const rateCandidates = paths.rate ? distinctValues(ranked.get(paths.rate) ?? []).slice(0, MAX_RATES) : [];
  const rates: { rate: number; candidate: Candidate | null }[] = [
    ...rateCandidates.filter((c) => typeof c.value === 'number').map((c) => ({ rate: c.value as number, candidate: c })),
    ...summaryRates.map((rate) => ({ rate, candidate: null })),
  ].filter((r) => r.rate > 0 && r.rate <= 30);
  const first = (path: string | null) => {
    const v = path ? ranked.get(path)?.[0]?.value : undefined;
    return typeof v === 'number' && v > 0 ? v : null;
  };
  const net = first(paths.net);
  const gross = first(paths.gross);
  if (rates.length === 0 || (net === null && gross === null)) return [];

  for (const tax of taxes) {
    const t = tax.value;
    if (typeof t !== 'number' || !(t > 0) || tax.score < 0.5 * taxes[0].score) continue;
    // A tax is a part of the total, never the total itself.
    if (gross !== null && t >= gross) continue;
    const by = rates.find(({ rate }) => (net !== null && net > t && closeToCent((net * rate) / 100, t)) || (gross !== null && closeToCent((gross * rate) / (100 + rate), t)));
    if (!by) continue;
    const list = ranked.get(paths.tax) as Candidate[];
    ranked.set(paths.tax, [tax, ...list.filter((c) => c !== tax)]);
    const agreed = [paths.tax];
    if (by.candidate && paths.rate) {
      const rateList = ranked.get(paths.rate) as Candidate[];
      ranked.set(paths.rate, [by.candidate, ...rateList.filter((c) => c !== by.candidate)]);
      agreed.push(paths.rate);
    }
    return agreed;
  }
  return [];
}

/** The largest share of a total that tax is: 27% VAT (Hungary's, Europe's highest) is 21% of the gross. */
const MAX_TAX_SHARE = 0.25;

/**
 * A tax is a small part of the total: candidates of the tax over a quarter of the total's first
 * choice are dropped (`TOTAL INCL. GST 12.00` beside the tax's label is the total; `GST 35.66` in
 * the column of a table whose tax is 2.14 is the net amount).
 */
export function dropImpossibleTaxes(ranked: Ranked, paths: Pick<TaxPaths, 'tax' | 'gross'>): void {
  const total = paths.gross ? ranked.get(paths.gross)?.[0]?.value : undefined;
  const taxes = ranked.get(paths.tax);
  if (typeof total !== 'number' || !(total > 0) || !taxes) return;
  ranked.set(paths.tax, taxes.filter((c) => !(typeof c.value === 'number' && c.value > MAX_TAX_SHARE * total)));
}

/**
 * A tax table of two rates or more (`A 19%  Netto 9,87  MwSt 1,88` / `B 7%  Netto 3,93  MwSt 0,27`)
 * holds one rate's parts on each row: its tax is not the document's tax, whose candidate is their
 * sum, and its net is no subtotal. Such candidates of the tax go behind the others and the
 * subtotal's are dropped. Nothing changes with one taxed rate, whose row holds the whole tax.
 */
export function perRateParts(ranked: Ranked, paths: Pick<TaxPaths, 'tax' | 'net'>, rows: readonly TaxRow[]): void {
  const taxed = rows.filter((r) => r.tax > 0);
  if (new Set(taxed.map((r) => r.rate)).size < 2) return;
  const sum = Math.round(taxed.reduce((s, r) => s + r.tax, 0) * 100) / 100;
  const onTaxRow = (c: Candidate) => taxed.some((r) => r.line.row === c.line.row);
  const taxes = ranked.get(paths.tax);
  if (taxes) {
    const part = (c: Candidate) => onTaxRow(c) && typeof c.value === 'number' && !closeToCent(c.value, sum);
    ranked.set(paths.tax, [...taxes.filter((c) => !part(c)), ...taxes.filter(part)]);
  }
  const nets = paths.net ? ranked.get(paths.net) : undefined;
  if (paths.net && nets) ranked.set(paths.net, nets.filter((c) => !onTaxRow(c)));
}
