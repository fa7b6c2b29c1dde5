/**
 * Rule evaluation speed: `npm run bench:rules`. Evaluates each built-in template's field checks
 * and rules on filled-in extraction data (ten line items where the template has them) and prints
 * the median and p95 microseconds per evaluation.
 */
import { emptyData } from '../../engine/src/doctypes/empty-data.js';
import { TEMPLATE_NAMES, templateDefinition } from '../../engine/src/doctypes/templates/index.js';
import { createChecker } from '../../engine/src/extract/evaluate-checks.js';

const SAMPLE: Record<string, unknown> = {
  merchant: 'KEDAI RUNCIT MAJU',
  supplier_name: 'Beispiel GmbH',
  invoice_number: 'INV-1',
  transaction_date: '2026-11-21',
  issue_date: '2026-11-01',
  due_date: '2026-11-30',
  transaction_time: '09:05',
  currency: 'EUR',
  subtotal: 100,
  tax_amount: 19,
  amount: 119,
  total_amount: 119,
  base_amount: 119,
  amount_due: 119,
  payment_method: 'card',
  card_last_four: '4242',
  iban: 'DE89370400440532013000',
  line_items: Array.from({ length: 10 }, () => ({ description: 'Item', quantity: 2, unit_price: 5, amount: 10 })),
};

const now = new Date('2026-11-22T00:00:00Z');
const rows = [];
for (const name of TEMPLATE_NAMES) {
  const definition = templateDefinition(name);
  const data = Object.fromEntries(Object.entries(emptyData(definition)).map(([k, v]) => [k, k in SAMPLE ? SAMPLE[k] : v]));
  const check = createChecker(definition);
  for (let i = 0; i < 2000; i++) check(data, { now }); // warm up the JIT
  const times: number[] = [];
  for (let i = 0; i < 5000; i++) {
    const t = performance.now();
    check(data, { now });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const us = (q: number) => Number((times[Math.floor(q * times.length)] * 1000).toFixed(1));
  rows.push({ template: name, rules: definition.rules?.length ?? 0, median_us: us(0.5), p95_us: us(0.95) });
}
console.table(rows);
