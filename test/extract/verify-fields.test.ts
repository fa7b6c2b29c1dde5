// Verified mode's field check from page text to the applied answer, against a local server that
// speaks the chat-completions protocol: the prompt, the five outcomes, data and review effects,
// the counts, and a failed call leaving the extraction as read with a warning.
import { describe, expect, it } from 'vitest';
import type { ExtractionContent, FieldResult } from '../../engine/src/contracts/extraction.js';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { definitionVersion } from '../../engine/src/extract/document-type.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import type { TextPage } from '../../engine/src/extract/layout/document-text.js';
import { normaliseAnswerValue, passesFieldChecks } from '../../engine/src/extract/verify/answer-values.js';
import { VERIFIED_VALUE_CONFIDENCE } from '../../engine/src/extract/verify/apply-verification.js';
import { verifyExtraction } from '../../engine/src/extract/verify/verify-extraction.js';
import { MAX_PROMPT_TEXT, pageText, readVerifyAnswer } from '../../engine/src/extract/verify/verify-prompt.js';
import { startChatServer, useChatServer } from '../support/chat-server.js';
import { receiptPage, type Cell } from '../support/receipt-lines.js';

const NOW = new Date('2026-01-01T12:00:00Z');

const PARKING = definitionVersion('parking', {
  name: 'Parking ticket',
  description: 'A car park ticket.',
  fields: {
    operator: { type: 'string', required: true, description: 'Car park operator.', aliases: ['Operator'] },
    plate: { type: 'string', pattern: '^[A-Z0-9 ]{2,10}$', aliases: ['Plate'], description: 'Number plate.' },
    paid_on: { type: 'date', required: true, aliases: ['Date'] },
    entry_time: { type: 'time', aliases: ['Entry'] },
    currency: { type: 'currency', aliases: ['Currency'] },
    zone: { type: 'enum', values: ['short_stay', 'long_stay'], aliases: ['Zone'] },
    attendant: { type: 'object', fields: { name: { type: 'string', aliases: ['Attendant'] }, badge: { type: 'string', aliases: ['Badge'] } } },
    extras: { type: 'array', items: { type: 'object', fields: { description: { type: 'string', aliases: ['Item'] }, amount: { type: 'money', aliases: ['Amount'] } } } },
    fee: { type: 'money', required: true, minimum: 0, aliases: ['Fee'] },
    tip: { type: 'money', minimum: 0, aliases: ['Tip'] },
    total: { type: 'money', required: true, minimum: 0, aliases: ['Total'] },
  },
  rules: [{ name: 'fee_and_tip', kind: 'sum', terms: ['fee', 'tip'], optional: ['tip'], equals: 'total' }],
});
const SCALARS = ['operator', 'plate', 'paid_on', 'entry_time', 'currency', 'zone', 'attendant.name', 'attendant.badge', 'fee', 'tip', 'total'];

const TICKET: (string | Cell[])[] = [
  'Operator: Metro Parks',
  'Plate: AB12 CDE',
  'Date: 01/02/2024',
  'Entry 08:15',
  'Zone: short_stay',
  'Attendant: J SMITH',
  [{ text: 'Fee', x: 0.05 }, { text: '4.50', x: 0.8 }],
  [{ text: 'Total', x: 0.05 }, { text: '5.50', x: 0.8 }],
];

const pagesOf = (rows: (string | Cell[])[]): TextPage[] => parseClientOcr(receiptPage(rows)).pages;
const extract = (pages: TextPage[]) => extractFromText({ pages }, PARKING, { now: NOW, mode: 'verified' });
const answer = (fields: Record<string, unknown>) => JSON.stringify({ fields });
const at = (content: ExtractionContent, path: string): FieldResult => {
  const [head, ...rest] = path.split('.');
  let r = content.fields[head];
  for (const s of rest) r = r.fields![s];
  return r;
};
const codes = (content: ExtractionContent) => content.review.reasons.map((r) => `${r.code}:${r.path}`);

describe('verifyExtraction against a chat-completions server', () => {
  const server = useChatServer(() => ({ content: answer({}) }));
  const endpoint = () => ({ baseUrl: server.baseUrl, model: 'test-model' });
  const verify = (content: ExtractionContent, pages: TextPage[], opts: { timeoutMs?: number } = {}) =>
    verifyExtraction(content, pages, PARKING.definition, { ...endpoint(), ...opts }, { now: NOW });

  it('sends the page text in reading order and every scalar field with its type, description and value; arrays are left out', async () => {
    server.reply = () => ({ content: answer({}) });
    const pages = pagesOf(TICKET);
    await verify(extract(pages), pages);
    const [req] = server.requests;
    expect(req.body?.model).toBe('test-model');
    const [system, user] = req.body!.messages!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('{"fields": {"<path>": {"verdict": "agree" | "disagree" | "missing", "value": <value or null>}}}');
    expect(user.role).toBe('user');
    expect(user.content).toContain('Document type: Parking ticket: A car park ticket.');
    expect(user.content).toContain('--- page 1 ---\nOperator: Metro Parks\nPlate: AB12 CDE\nDate: 01/02/2024');
    expect(user.content).toContain('Fee    4.50\nTotal    5.50\n--- end of document text ---');
    const listed = user.content.split('\n').filter((l) => l.startsWith('{"path"')).map((l) => JSON.parse(l));
    expect(listed.map((f) => f.path)).toEqual(SCALARS);
    expect(listed[0]).toEqual({ path: 'operator', type: 'string', description: 'Car park operator.', value: 'Metro Parks' });
    expect(listed.find((f) => f.path === 'zone')).toEqual({ path: 'zone', type: 'enum', values: ['short_stay', 'long_stay'], value: 'short_stay' });
    expect(listed.find((f) => f.path === 'currency')).toEqual({ path: 'currency', type: 'currency', value: null });
    expect(user.content).not.toContain('extras');
  });

  it('cuts long page text at a row boundary and says so', () => {
    const rows = Array.from({ length: 30 }, (_, i) => `Row ${i} ${'x'.repeat(40)}`);
    const text = pageText(pagesOf(rows), 500);
    expect(text.length).toBeLessThanOrEqual(500 + 80);
    expect(text).toMatch(/^--- page 1 ---\nRow 0 x+\nRow 1 x+\n/);
    expect(text).toMatch(/\nRow \d+ x{40}\n\[text cut here: the document holds more than 500 characters\]$/);
    expect(text).not.toContain('end of document text');
    // Ten pages of 30 rows: page by page, cut at MAX_PROMPT_TEXT.
    expect(MAX_PROMPT_TEXT).toBe(12_000);
    const book = parseClientOcr({ pages: Array.from({ length: 10 }, (_, p) => receiptPage(Array.from({ length: 30 }, (_, i) => `Page ${p + 1} row ${i} ${'y'.repeat(50)}`))) }).pages;
    const long = pageText(book);
    expect(long.length).toBeLessThanOrEqual(MAX_PROMPT_TEXT + 80);
    expect(long).toContain('Page 1 row 29 ');
    expect(long).toContain('--- page 2 ---\nPage 2 row 0 ');
    expect(long).toContain('[text cut here');
  });

  it('gives each field one of the five outcomes, applies changes to data and fields, and counts them', async () => {
    server.reply = () => ({
      content: answer({
        operator: { verdict: 'agree', value: 'METRO PARKS' }, // agreed: case and spacing do not matter
        plate: { verdict: 'disagree', value: 'AB12 CDF' }, // disagreed: replaced
        paid_on: { verdict: 'agree', value: '01/02/2024' }, // agreed: the extracted reading of a two-way date
        entry_time: { verdict: 'disagree', value: '8:45 PM' }, // disagreed, normalised to 20:45
        currency: { verdict: 'disagree', value: 'eur' }, // filled, upper-cased
        zone: { verdict: 'disagree', value: 'medium_stay' }, // rejected: not an allowed value
        'attendant.name': { verdict: 'agree' }, // agreed: agree without a value stands for the extracted one
        // attendant.badge: no entry, unanswered
        fee: { verdict: 'agree', value: 4.5 },
        tip: { verdict: 'disagree', value: '1.00' }, // filled: the sum rule now holds
        total: { verdict: 'missing', value: null }, // rejected: a value read from the page is not dropped
      }),
    });
    const pages = pagesOf(TICKET);
    const before = extract(pages);
    // Low-confidence reasons follow the fitted weights (calibration-weights.ts); this test is about verification's outcomes.
    const checked = (content: ExtractionContent) => codes(content).filter((c) => !c.startsWith('low_confidence:'));
    expect(checked(before)).toEqual(['rule_failed:total']);
    const after = await verify(before, pages);

    expect(after.processing.verification).toEqual({ agreed: 4, disagreed: 2, filled: 2, rejected: 2, unanswered: 1 });
    expect(Object.values(after.processing.verification!).reduce((a, b) => a + b, 0)).toBe(SCALARS.length);
    expect(after.warnings).toEqual([]);

    // agreed
    expect(at(after, 'operator')).toMatchObject({ value: 'Metro Parks', verified: true, status: 'ok', source: 'client_ocr' });
    expect(at(after, 'operator').confidence).toBe(at(before, 'operator').confidence);
    expect(at(after, 'paid_on')).toMatchObject({ value: '2024-02-01', verified: true, date_order: { order: 'dmy' } });
    expect(at(after, 'attendant.name')).toMatchObject({ value: 'J SMITH', verified: true });
    expect(at(after, 'fee')).toMatchObject({ value: 4.5, verified: true });

    // disagreed: replaced in data and fields, what was read kept for the reviewer
    expect(after.data.plate).toBe('AB12 CDF');
    expect(at(after, 'plate')).toMatchObject({
      value: 'AB12 CDF',
      status: 'corrected',
      source: 'verification',
      verified: true,
      confidence: VERIFIED_VALUE_CONFIDENCE,
      raw_text: at(before, 'plate').raw_text,
      page: 1,
    });
    expect(at(after, 'plate').bounding_box).toEqual(at(before, 'plate').bounding_box);
    expect(after.data.entry_time).toBe('20:45');
    expect(at(after, 'entry_time')).toMatchObject({ status: 'corrected', source: 'verification', verified: true });

    // filled: nothing on the page to point at
    expect(after.data.currency).toBe('EUR');
    expect(at(after, 'currency')).toMatchObject({ value: 'EUR', status: 'corrected', source: 'verification', verified: true, page: null, bounding_box: null, raw_text: null });
    expect(after.data.tip).toBe(1);

    // rejected and unanswered: kept as read, not verified
    expect(after.data.zone).toBe('short_stay');
    expect(at(after, 'zone')).toMatchObject({ value: 'short_stay', verified: false, status: 'ok' });
    expect(after.data.total).toBe(5.5);
    expect(at(after, 'total')).toMatchObject({ value: 5.5, verified: false, source: 'client_ocr' });
    expect(at(after, 'attendant.badge')).toMatchObject({ value: null, verified: false, status: 'missing' });

    // the object is verified only when all its fields are; arrays are not verified
    expect(at(after, 'attendant').verified).toBe(false);
    expect(after.fields.extras.verified).toBe(false);

    // review: checks ran again over the new data (fee + tip = total holds now), and each changed value asks for a look
    expect(checked(after)).toEqual(['verification_disagreed:plate', 'verification_disagreed:entry_time', 'verification_filled:currency', 'verification_filled:tip']);
    expect(after.review.required).toBe(true);
    expect(at(after, 'tip').checks.map((c) => `${c.name}:${c.status}`)).toEqual(['money:ok', 'range:ok', 'rules:ok']);
    expect(at(after, 'total').checks.find((c) => c.name === 'rules')?.status).toBe('ok');

    // the input is left as it was
    expect(before.data.plate).toBe('AB12 CDE');
    expect(before.processing.verification).toBeUndefined();
  });

  it('a filled required field loses its required_missing reason; a replaced low-confidence value its low_confidence reason', async () => {
    const rows = TICKET.filter((r) => r !== 'Date: 01/02/2024').map((r) => (r === 'Plate: AB12 CDE' ? [{ text: 'Plate: AB12 CDE', x: 0.1, confidence: 0.3 }] : r));
    const pages = pagesOf(rows);
    const before = extract(pages);
    expect(codes(before)).toEqual(expect.arrayContaining(['required_missing:paid_on', 'low_confidence:plate']));
    server.reply = () => ({ content: answer({ paid_on: { verdict: 'disagree', value: '5 Mar 2024' }, plate: { verdict: 'disagree', value: 'AB12 CDF' } }) });
    const after = await verify(before, pages);
    expect(after.data.paid_on).toBe('2024-03-05');
    expect(at(after, 'paid_on')).toMatchObject({ status: 'corrected', verified: true, checks: [{ name: 'required', status: 'ok' }, { name: 'date', status: 'ok' }] });
    expect(codes(after)).not.toContain('required_missing:paid_on');
    expect(codes(after)).not.toContain('low_confidence:plate');
    expect(codes(after)).toEqual(expect.arrayContaining(['verification_filled:paid_on', 'verification_disagreed:plate']));
    expect(after.processing.verification).toMatchObject({ filled: 1, disagreed: 1, unanswered: SCALARS.length - 2 });
  });

  it('a value failing its checks is replaced by a valid one the model read; agreeing with it verifies nothing', async () => {
    const pages = pagesOf(TICKET.map((r) => (r === 'Plate: AB12 CDE' ? 'Plate: ab-12' : r)));
    const before = extract(pages);
    expect(at(before, 'plate')).toMatchObject({ value: 'ab-12', status: 'invalid' });
    expect(before.data.plate).toBeNull();
    expect(codes(before)).toContain('invalid_value:plate');

    server.reply = () => ({ content: answer({ plate: { verdict: 'agree' } }) });
    const agreed = await verify(before, pages);
    expect(agreed.processing.verification).toMatchObject({ agreed: 0, rejected: 1 });
    expect(at(agreed, 'plate')).toMatchObject({ value: 'ab-12', status: 'invalid', verified: false });

    server.reply = () => ({ content: answer({ plate: { verdict: 'disagree', value: 'AB 12' } }) });
    const fixed = await verify(before, pages);
    expect(fixed.processing.verification).toMatchObject({ disagreed: 1 });
    expect(fixed.data.plate).toBe('AB 12');
    expect(at(fixed, 'plate')).toMatchObject({ value: 'AB 12', status: 'corrected', verified: true, raw_text: at(before, 'plate').raw_text });
    expect(at(fixed, 'plate').checks.every((c) => c.status === 'ok')).toBe(true);
    expect(codes(fixed)).not.toContain('invalid_value:plate');
    expect(codes(fixed)).toContain('verification_disagreed:plate');
  });

  it('fills a field inside an object: data, the field, and the object result', async () => {
    const pages = pagesOf(TICKET);
    server.reply = () => ({ content: answer({ 'attendant.name': { verdict: 'agree', value: 'J Smith' }, 'attendant.badge': { verdict: 'disagree', value: '0042' } }) });
    const after = await verify(extract(pages), pages);
    expect(after.data.attendant).toEqual({ name: 'J SMITH', badge: '0042' });
    expect(at(after, 'attendant.badge')).toMatchObject({ value: '0042', source: 'verification', verified: true, status: 'corrected' });
    expect(at(after, 'attendant')).toMatchObject({ value: { name: 'J SMITH', badge: '0042' }, verified: true, status: 'ok', confidence: VERIFIED_VALUE_CONFIDENCE });
    expect(codes(after)).toContain('verification_filled:attendant.badge');
  });

  it('rejects values that fail the field type, pattern or range, keeping what was read', async () => {
    const pages = pagesOf(TICKET);
    server.reply = () => ({
      content: answer({
        plate: { verdict: 'disagree', value: 'far too long a plate' }, // pattern
        fee: { verdict: 'disagree', value: 'four fifty' }, // not an amount
        total: { verdict: 'disagree', value: -5.5 }, // below the minimum
        paid_on: { verdict: 'disagree', value: '2024-02-30' }, // no such day
        currency: { verdict: 'disagree', value: 'XYZ' }, // no ISO 4217 code
        operator: { verdict: 'disagree' }, // disagree without a value
      }),
    });
    const before = extract(pages);
    const after = await verify(before, pages);
    expect(after.processing.verification).toEqual({ agreed: 0, disagreed: 0, filled: 0, rejected: 6, unanswered: SCALARS.length - 6 });
    expect(after.data).toEqual(before.data);
    expect(after.review).toEqual(before.review);
    expect(Object.values(after.fields).some((f) => f.verified)).toBe(false);
  });

  it('a field the model says is missing, and extraction found none of, is agreed', async () => {
    const pages = pagesOf(TICKET);
    server.reply = () => ({ content: answer({ currency: { verdict: 'missing', value: null }, tip: { verdict: 'agree', value: null } }) });
    const after = await verify(extract(pages), pages);
    expect(after.processing.verification).toMatchObject({ agreed: 2 });
    expect(at(after, 'currency')).toMatchObject({ value: null, status: 'missing', verified: true });
    expect(after.review.reasons.some((r) => r.code.startsWith('verification_'))).toBe(false);
  });

  it('reads answers in a code fence, without the fields wrapper, nested by object, verdicts in capitals', async () => {
    const pages = pagesOf(TICKET);
    server.reply = () => ({ content: '```json\n{"operator": {"verdict": "AGREE"}, "attendant": {"name": {"verdict": "Agree"}}, "fee": {"verdict": "maybe"}}\n```' });
    const after = await verify(extract(pages), pages);
    expect(after.processing.verification).toMatchObject({ agreed: 2, unanswered: SCALARS.length - 2 });
    expect(readVerifyAnswer('not json at all', PARKING.definition)).toBeNull();
    expect(readVerifyAnswer('[1, 2]', PARKING.definition)).toBeNull();
  });

  describe('a failed call leaves every field unanswered, the extraction as read, and warns', () => {
    const failedWith = async (configure: () => void, opts: { timeoutMs?: number; baseUrl?: string } = {}) => {
      configure();
      const pages = pagesOf(TICKET);
      const before = extract(pages);
      const after = await verifyExtraction(before, pages, PARKING.definition, { ...endpoint(), ...opts }, { now: NOW });
      expect(after.processing.verification).toEqual({ agreed: 0, disagreed: 0, filled: 0, rejected: 0, unanswered: SCALARS.length });
      expect(after.data).toEqual(before.data);
      expect(after.review).toEqual(before.review);
      expect(Object.values(after.fields).some((f) => f.verified)).toBe(false);
      expect(after.warnings).toHaveLength(1);
      expect(after.warnings[0].code).toBe('verification_failed');
      return after.warnings[0].message;
    };

    it('the server answers 500', async () => {
      expect(await failedWith(() => (server.reply = () => ({ status: 500, body: 'boom' })))).toContain('HTTP 500');
    });

    it('the content is not JSON', async () => {
      expect(await failedWith(() => (server.reply = () => ({ content: 'All the values look right to me.' })))).toContain('JSON');
    });

    it('the answer names none of the fields', async () => {
      expect(await failedWith(() => (server.reply = () => ({ content: answer({ unknown_field: { verdict: 'agree' } }) })))).toContain('none of the fields');
    });

    it('the model takes longer than timeoutMs', async () => {
      expect(await failedWith(() => (server.reply = () => ({ delayMs: 2_000, then: { content: answer({}) } })), { timeoutMs: 150 })).toContain('150 ms');
    });

    it('the endpoint cannot be reached', async () => {
      const gone = await startChatServer();
      await gone.close();
      expect(await failedWith(() => undefined, { baseUrl: gone.baseUrl })).toContain('could not be reached');
    });
  });
});

describe('answer values', () => {
  const f = PARKING.definition.fields;

  it('are normalised to the field type with the page normalizers', () => {
    expect(normaliseAnswerValue(f.fee, '1,234.50', null)).toBe(1234.5);
    expect(normaliseAnswerValue(f.fee, 'RM 12,50', null)).toBe(12.5);
    expect(normaliseAnswerValue(f.fee, 7, null)).toBe(7);
    expect(normaliseAnswerValue(f.paid_on, '18 Apr 2018', null)).toBe('2018-04-18');
    expect(normaliseAnswerValue(f.paid_on, '2018-04-18', null)).toBe('2018-04-18');
    expect(normaliseAnswerValue(f.paid_on, '03/04/2025', null)).toBe('2025-04-03');
    expect(normaliseAnswerValue(f.paid_on, '03/04/2025', '2025-03-04')).toBe('2025-03-04');
    expect(normaliseAnswerValue(f.entry_time, '8.05pm', null)).toBe('20:05');
    expect(normaliseAnswerValue(f.currency, 'eur', null)).toBe('EUR');
    expect(normaliseAnswerValue(f.currency, '€', null)).toBe('EUR');
    expect(normaliseAnswerValue(f.zone, 'LONG_STAY', null)).toBe('long_stay');
    expect(normaliseAnswerValue(f.operator, '  Metro   Parks ', null)).toBe('Metro Parks');
    expect(normaliseAnswerValue({ type: 'boolean' }, 'yes', null)).toBe(true);
    expect(normaliseAnswerValue({ type: 'integer' }, '3', null)).toBe(3);
    expect(normaliseAnswerValue({ type: 'datetime' }, '2024-02-01 10:30:00', null)).toBe('2024-02-01T10:30');
    expect(normaliseAnswerValue({ type: 'datetime' }, '01 Feb 2024 10:30', null)).toBe('2024-02-01T10:30');
    expect(normaliseAnswerValue({ type: 'string' }, 4711, null)).toBe('4711');
  });

  it('are judged by the field checks', () => {
    expect(passesFieldChecks(f.fee, 4.5)).toBe(true);
    expect(passesFieldChecks(f.fee, -1)).toBe(false);
    expect(passesFieldChecks(f.fee, 'four')).toBe(false);
    expect(passesFieldChecks(f.plate, 'AB12')).toBe(true);
    expect(passesFieldChecks(f.plate, 'ab-12')).toBe(false);
    expect(passesFieldChecks(f.zone, 'medium_stay')).toBe(false);
    expect(passesFieldChecks(f.operator, '  ')).toBe(false);
    expect(passesFieldChecks(f.currency, 'XYZ')).toBe(false);
  });
});
