// How the engine uses the layout model's role probabilities: blending candidate scores, and
// redrawing the header rules' address where the model disagrees at its ends. The probabilities
// are set by hand here, so each case says exactly what the model "thinks".
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import type { Candidate } from '../../engine/src/extract/find/candidates.js';
import { findHeaderBlock } from '../../engine/src/extract/find/header-block.js';
import { LineRoles } from '../../engine/src/extract/layout-model/layout-model.js';
import { MODEL_SETTINGS, proposePartyCandidates, refineAddress, weighByModel } from '../../engine/src/extract/layout-model/model-candidates.js';
import { ROLES, type Role } from '../../engine/src/extract/layout-model/roles.js';
import { layoutDocument, type DocumentText } from '../../engine/src/extract/layout/document-text.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import { templateVersion } from '../../engine/src/extract/document-type.js';
import { receiptPage } from '../support/receipt-lines.js';
import { slipClientOcr } from '../support/slip-text.js';

const docOf = (rows: string[]) => layoutDocument(parseClientOcr(receiptPage(rows)).pages);

/** Probabilities per line: `byText` maps a line's text to its roles' probabilities; the rest 0. */
function rolesFor(doc: DocumentText, byText: Record<string, Partial<Record<Role, number>>>): LineRoles {
  const probs = new Float32Array(doc.lines.length * ROLES.length);
  for (const l of doc.lines) for (const [role, p] of Object.entries(byText[l.text] ?? {})) probs[l.index * ROLES.length + ROLES.indexOf(role as Role)] = p;
  return new LineRoles(probs, doc.lines.length);
}

const refined = (rows: string[], address: Record<string, number>) => {
  const doc = docOf(rows);
  const header = findHeaderBlock(doc);
  const roles = rolesFor(doc, Object.fromEntries(Object.entries(address).map(([t, p]) => [t, { address: p }])));
  return { rules: header.address?.text ?? null, model: refineAddress(doc, roles, header.address!.lines, header.name?.lines ?? [])?.value ?? null };
};

// The shipped settings come from models/layout/tune.ts and may switch a step off; each case here
// sets the ones it is about.
const shipped = { ...MODEL_SETTINGS };
const useSettings = (settings: Partial<typeof MODEL_SETTINGS>) => {
  beforeEach(() => void Object.assign(MODEL_SETTINGS, shipped, settings));
  afterEach(() => void Object.assign(MODEL_SETTINGS, shipped));
};

describe('refineAddress', () => {
  useSettings({ trimBelow: 0.2, addAt: 0.9, addAboveAt: 0.9 });
  const rows = ['99 SPEED MART S/B (519537-X)', 'LOT P.T. 2811, JALAN ANGSA,', 'TAMAN BERKELEY', '41150 KLANG, SELANGOR', '1132-PK SS6', 'GST ID. : 000181747712', 'INVOICE NO : 18301/102/T0305'];

  it('cuts an end row the model finds unlikely to be part of the address', () => {
    const r = refined(rows, { 'LOT P.T. 2811, JALAN ANGSA,': 0.99, 'TAMAN BERKELEY': 0.99, '41150 KLANG, SELANGOR': 0.99, '1132-PK SS6': 0.01 });
    expect(r.rules).toContain('1132-PK SS6');
    expect(r.model).toBe('LOT P.T. 2811, JALAN ANGSA, TAMAN BERKELEY, 41150 KLANG, SELANGOR');
  });

  it('adds a row next to it that the model is sure of, but never the name', () => {
    const mall = ['GUARDIAN HEALTH AND BEAUTY SDN BHD', 'GUARDIAN GIANT BREM MALL', 'G-19 LEVEL G', 'BREM MALL', 'TEL:03-62584088'];
    const r = refined(mall, { 'GUARDIAN HEALTH AND BEAUTY SDN BHD': 0.95, 'GUARDIAN GIANT BREM MALL': 0.98, 'G-19 LEVEL G': 0.99, 'BREM MALL': 0.9 });
    expect(r.rules).toBe('G-19 LEVEL G, BREM MALL');
    expect(r.model).toBe('GUARDIAN GIANT BREM MALL, G-19 LEVEL G, BREM MALL');
  });

  it('adds rows above and below under their own bars', () => {
    const mall = ['GUARDIAN HEALTH AND BEAUTY SDN BHD', 'GUARDIAN GIANT BREM MALL', 'G-19 LEVEL G', 'BREM MALL', 'TEL:03-62584088'];
    const probs = { 'GUARDIAN GIANT BREM MALL': 0.98, 'G-19 LEVEL G': 0.99, 'BREM MALL': 0.9 };
    Object.assign(MODEL_SETTINGS, { addAboveAt: 1.01 });
    expect(refined(mall, probs).model).toBeNull();
    const below = ['SOME SHOP SDN BHD', '12, JALAN BESAR,', '45600 BATANG BERJUNTAI', 'OUTLET: SUNWAY VELOCITY', 'TAX INVOICE'];
    const r = refined(below, { '12, JALAN BESAR,': 1, '45600 BATANG BERJUNTAI': 1, 'OUTLET: SUNWAY VELOCITY': 0.99 });
    expect(r.rules).toBe('12, JALAN BESAR, 45600 BATANG BERJUNTAI');
    expect(r.model).toBe('12, JALAN BESAR, 45600 BATANG BERJUNTAI, OUTLET: SUNWAY VELOCITY');
  });

  it('redraws nothing while no row may be cut or added', () => {
    Object.assign(MODEL_SETTINGS, { trimBelow: 0, addAt: 1.01, addAboveAt: 1.01 });
    expect(refined(rows, { 'LOT P.T. 2811, JALAN ANGSA,': 0.99, 'TAMAN BERKELEY': 0.99, '41150 KLANG, SELANGOR': 0.99, '1132-PK SS6': 0, 'GST ID. : 000181747712': 1 }).model).toBeNull();
  });

  it('leaves the rules alone where the model agrees or is unsure', () => {
    expect(refined(rows, { 'LOT P.T. 2811, JALAN ANGSA,': 0.9, 'TAMAN BERKELEY': 0.9, '41150 KLANG, SELANGOR': 0.9, '1132-PK SS6': 0.6 }).model).toBeNull();
    // Rows the model finds likely enough stay; a neighbour below the bar is not added.
    const likely = Math.max(MODEL_SETTINGS.trimBelow, MODEL_SETTINGS.addAt) + 0.05;
    const unlikely = Math.min(MODEL_SETTINGS.trimBelow, MODEL_SETTINGS.addAt) - 0.05;
    expect(refined(rows, { 'LOT P.T. 2811, JALAN ANGSA,': likely, 'TAMAN BERKELEY': likely, '41150 KLANG, SELANGOR': likely, '1132-PK SS6': likely, 'GST ID. : 000181747712': unlikely }).model).toBeNull();
  });

  it('starts at the first likely row below when every row the rules took is unlikely', () => {
    const misread = ['TAN WOON YANN', 'BOOK TA .K(TAMAN DAYA) SDN BND', '789417-W', 'NO.53 55,57 & 59, JALAN SAGU 18,', 'TAMAN DAYA,', '81100 JOHOR BAHRU,', 'JOHOR.', 'DOCUMENT NO : TD01167104'];
    const r = refined(misread, { 'NO.53 55,57 & 59, JALAN SAGU 18,': 0.95, 'TAMAN DAYA,': 0.99, '81100 JOHOR BAHRU,': 0.99, 'JOHOR.': 0.92 });
    expect(r.rules).toBe('BOOK TA .K(TAMAN DAYA) SDN BND');
    expect(r.model).toBe('NO.53 55,57 & 59, JALAN SAGU 18, TAMAN DAYA, 81100 JOHOR BAHRU, JOHOR.');
  });
});

describe('weighByModel', () => {
  it("blends each candidate's score with the model's probability for its lines, and keeps the probability", () => {
    const doc = docOf(['SHOP', 'TOTAL 9.65', 'CHANGE 40.35']);
    const roles = rolesFor(doc, { 'TOTAL 9.65': { total: 0.9 }, 'CHANGE 40.35': { total: 0.05 } });
    const at = (text: string, score: number): Candidate => {
      const line = doc.lines.find((l) => l.text === text)!;
      return { value: 0, raw: text, line, start: 0, end: text.length, label: null, relation: 'anywhere', score };
    };
    const list = [at('CHANGE 40.35', 0.8), at('TOTAL 9.65', 0.6)];
    weighByModel(list, roles, 'total', 0.5);
    expect(list[0].model).toBeCloseTo(0.05, 5);
    expect(list[0].score).toBeCloseTo(0.425, 5);
    expect(list[1].score).toBeCloseTo(0.75, 5);
  });
});

describe('proposePartyCandidates', () => {
  useSettings({ proposeAt: 0.7, addressAt: 0.7, extendAt: 0.3 });

  it('proposes each run of likely rows in the header, never a name under the title', () => {
    const doc = docOf(['BEYOND BROTHERS HARDWARE', 'LOT 1-0-2, JLN 1/50,', '53000 KUALA LUMPUR', 'TAX INVOICE', 'BILL TO:', 'PDP UTEK (M) SDN BHD', 'TOTAL 9.65']);
    const roles = rolesFor(doc, { 'BEYOND BROTHERS HARDWARE': { merchant: 0.99 }, 'PDP UTEK (M) SDN BHD': { merchant: 0.98 } });
    expect(proposePartyCandidates(doc, roles, 'merchant').map((c) => c.value)).toEqual(['BEYOND BROTHERS HARDWARE']);
  });

  it('joins the rows of an address it proposes as the header block does, without the phone number', () => {
    const doc = docOf(['SOME SHOP', 'NO.1, JALAN PERMAS 10/5,', '81750 JOHOR BAHRU, TEL: 07-387 3322', 'TOTAL 9.65']);
    const roles = rolesFor(doc, { 'NO.1, JALAN PERMAS 10/5,': { address: 0.99 }, '81750 JOHOR BAHRU, TEL: 07-387 3322': { address: 0.6 } });
    const [c, ...rest] = proposePartyCandidates(doc, roles, 'address');
    expect(rest).toEqual([]);
    expect(c.value).toBe('NO.1, JALAN PERMAS 10/5, 81750 JOHOR BAHRU');
    expect(c.relation).toBe('model');
  });

  it('proposes nothing where no row reaches the bar, or while the bar is off', () => {
    const doc = docOf(['SOME SHOP', 'NO.1, JALAN PERMAS 10/5,', 'TOTAL 9.65']);
    expect(proposePartyCandidates(doc, rolesFor(doc, { 'SOME SHOP': { merchant: 0.69 } }), 'merchant')).toEqual([]);
    Object.assign(MODEL_SETTINGS, { proposeAt: 1.01 });
    expect(proposePartyCandidates(doc, rolesFor(doc, { 'SOME SHOP': { merchant: 1 } }), 'merchant')).toEqual([]);
  });
});

describe('extraction with role probabilities', () => {
  useSettings({ weight: 0.5, trimBelow: 0.2, addAt: 0.9, addAboveAt: 0.9 });

  it('takes the address the model redrew and says the model chose it', () => {
    const rows = ['99 SPEED MART S/B (519537-X)', 'LOT P.T. 2811, JALAN ANGSA,', 'TAMAN BERKELEY', '41150 KLANG, SELANGOR', '1132-PK SS6', 'GST ID. : 000181747712', 'TOTAL RM 45.35'];
    const pages = parseClientOcr(receiptPage(rows)).pages;
    const doc = layoutDocument(pages);
    const roles = rolesFor(doc, { '99 SPEED MART S/B (519537-X)': { merchant: 0.99 }, 'LOT P.T. 2811, JALAN ANGSA,': { address: 0.99 }, 'TAMAN BERKELEY': { address: 0.99 }, '41150 KLANG, SELANGOR': { address: 0.99 }, 'TOTAL RM 45.35': { total: 0.9 } });
    const type = templateVersion('retail_receipt');
    const off = extractFromText({ pages }, type, {});
    const on = extractFromText({ pages }, type, { roles });
    expect(off.data.merchant_address).toContain('1132-PK SS6');
    expect(off.fields.merchant_address.source).not.toBe('layout_model');
    expect(on.data.merchant_address).toBe('LOT P.T. 2811, JALAN ANGSA, TAMAN BERKELEY, 41150 KLANG, SELANGOR');
    expect(on.fields.merchant_address.source).toBe('layout_model');
    // Where the model agrees with the rules, the rules' reading stands as theirs.
    expect(on.data.merchant).toBe(off.data.merchant);
    expect(on.fields.merchant.source).not.toBe('layout_model');
  });
});

describe('the model proposes, it never overrides evidence', () => {
  it('keeps the amount read beside its label against an unlabelled number the model favours', () => {
    const client = slipClientOcr(`CAFE AURORA
SALE
AMOUNT            EUR 23.50
RECEIPT NO           000771
APPROVED`);
    const { pages } = parseClientOcr(client);
    const doc = layoutDocument(pages);
    // The model is sure the receipt number's line holds the total, and doubts the amount's.
    const roles = rolesFor(doc, { '000771': { total: 0.99 }, 'RECEIPT NO': { total: 0.99 }, AMOUNT: { total: 0.01 }, 'EUR 23.50': { total: 0.01 } });
    const ex = extractFromText({ pages }, templateVersion('payment_receipt'), { roles, now: new Date('2026-01-01') });
    expect(ex.data.amount).toBe(23.5);
    expect(ex.fields.amount.source).toBe('client_ocr');
  });

  it('keeps, on a slip, the labelled amount the rules chose against another labelled one the model favours (a hold)', () => {
    const client = slipClientOcr(`HOTELL FJORD
FULLFØRING
VISA ************1111
Reservert beløp          3 000,00
Belastet beløp           2 486,00
Godkjent`);
    const { pages } = parseClientOcr(client);
    const doc = layoutDocument(pages);
    const roles = rolesFor(doc, Object.fromEntries(doc.lines.map((l) => [l.text, { total: /3 000/.test(l.text) || /Reservert/.test(l.text) ? 0.99 : 0.01 }])));
    const ex = extractFromText({ pages }, templateVersion('payment_receipt'), { roles, now: new Date('2026-01-01') });
    expect(ex.data.amount).toBe(2486);
    expect(ex.fields.amount.source).toBe('client_ocr');
  });
});
