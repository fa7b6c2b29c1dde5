import type { Definition, FieldCheck, FieldDefinition, ReviewReason } from '../contracts/definition.js';
import type { FieldResult } from '../contracts/extraction.js';
import { emptyData } from '../doctypes/empty-data.js';
import { scalarFields, setPath } from '../doctypes/field-paths.js';
import { evaluateChecks } from './evaluate-checks.js';
import { objectSummary, resultAt } from './field-results.js';
import { isMissing } from './field-checks.js';
import { REVIEW_THRESHOLDS, type CalibrationGroup } from './calibration-weights.js';
import { calibrationGroup, confidenceOf, round3, type ConfidenceFeatures } from './confidence.js';
import { labelledCandidates, shapedCandidates, titleCandidates, hashLineCandidates, type Candidate } from './find/candidates.js';
import { aidCandidates, ofOtherTransaction, otherTransactionLast, inferredCandidates, lastFourApartCandidates, preferAidScheme, schemeCandidates, withoutHeldFigureTypes, withoutLoyaltyCards } from './find/card-fields.js';
import { cashierNames } from './find/cashier-name.js';
import { vatNumbersFirst } from './find/vat-first.js';
import { claimedSpans, isClaimed } from './find/claimed-spans.js';
import { itemRateCandidate, readTaxRows, taxCandidates, type TaxRow } from './find/tax-lines.js';
import { conversionCandidates, readConversion } from './find/dcc.js';
import { documentCountry, documentLanguage } from './find/document-country.js';
import { FIGURE_KINDS, valueKind, type ValueKind } from './find/field-kinds.js';
import { completeParty, findHeaderBlock, linesBox } from './find/header-block.js';
import { unreadLabelRow } from './find/unread-labels.js';
import { enumMatches, withoutNarrowed } from './find/enum-words.js';
import { sectionCandidates } from './find/party-section.js';
import { snapToKnown } from './find/known-merchants.js';
import { itemHeaderRows, readLineItems } from './find/line-items.js';
import { hasCents, rankCandidates, sortCandidates } from './find/rank.js';
import { roleOfField } from './layout-model/field-roles.js';
import type { LineRoles } from './layout-model/layout-model.js';
import { proposePartyCandidates, refineAddress, weighByModel } from './layout-model/model-candidates.js';
import { agreeOnTaxRate, dropImpossibleTaxes, perRateParts } from './find/tax-agreement.js';
import { agreeOnRules, paidExact, soleTermCandidates, distinctValues } from './find/rule-agreement.js';
import { layoutDocument, spanBox, type DocumentText, type Line, type TextPage } from './layout/document-text.js';
import { compact, LabelFinder, type LabelHit } from './layout/labels.js';
import { dominantDecimal, findAmounts, type DecimalMark } from './normalize/amount.js';
import { labelWords, NOT_TOTAL_LABELS, valueWords, vocabularyWordKeys } from './vocabulary/vocabulary.js';
import { userPattern } from '../doctypes/user-pattern.js';
import { currencyCountry, documentCurrency, findCurrencies, isEvenlySharedMark, printedWhole } from './normalize/currency.js';
import { documentDateOrder, findDates, resolveDateOrder } from './normalize/date.js';
import { findTimes } from './normalize/time.js';

export interface ExtractFieldsOptions {
  /** "Today" for date rules and day/month decisions; the current time by default. */
  now?: Date;
  /** Names a merchant read may be snapped to (already limited, see known-merchants.ts). */
  knownMerchants?: readonly string[];
  /** A field with a value and confidence below this asks for review (default: the fitted threshold of its group, REVIEW_THRESHOLDS). */
  reviewBelow?: number;
  /**
   * Values read from the invoice XML embedded in the PDF (keys are field names, as the invoice
   * template has them): they are taken over what the page shows, with source `embedded_xml`.
   */
  embedded?: { values: Record<string, unknown>; line_items: Record<string, unknown>[] } | null;
  /**
   * The layout model's role probabilities for the lines of these pages (LayoutModel.roles over
   * layoutDocument(pages)); without them the rules decide alone.
   */
  roles?: LineRoles | null;
  /** Sees each chosen value's confidence features: the calibration fit (test/bench/fit-calibration.ts) learns from them. */
  onFeatures?: (path: string, group: CalibrationGroup, features: ConfidenceFeatures, kind: ValueKind) => void;
}

/**
 * Values from embedded invoice XML with a confidence under this send the extraction to review;
 * read values use the fitted thresholds of their group (REVIEW_THRESHOLDS, docs/extraction.md, Review).
 */
export const REVIEW_BELOW = 0.85;

/**
 * Confidence of a value taken from embedded invoice XML: it is the issuer's own data, not a
 * reading (every value of the 62 ZUGFeRD invoices matched their labels); what is left is the
 * chance the XML and the printed invoice disagree.
 */
export const EMBEDDED_CONFIDENCE = 0.99;

export interface FieldsOutcome {
  data: Record<string, unknown>;
  fields: Record<string, FieldResult>;
  review: { required: boolean; reasons: ReviewReason[] };
}

interface Choice {
  candidate: Candidate | null;
  kind: ValueKind;
  features: ConfidenceFeatures | null;
  value: unknown;
  status: 'ok' | 'corrected';
  dateOrder?: { order: 'dmy' | 'mdy' | 'ymd'; reason: string };
  /** Taken from embedded invoice XML. */
  embedded?: boolean;
  /** The layout model decided it: its proposal, or a value the rules alone would not have ranked first. */
  byModel?: boolean;
  /** A ceiling on its confidence, where the value is one of several readings the document does not choose between. */
  atMost?: number;
}

/**
 * Reads a definition's fields from page text: layout, labels, candidates, ranking, the
 * definition's rules choosing among close candidates, then checks, confidence and review.
 */
export function extractFields(pages: readonly TextPage[], definition: Definition, options: ExtractFieldsOptions = {}): FieldsOutcome {
  const doc = layoutDocument(pages);
  const now = options.now ?? new Date();
  const { scalars, finder, kinds, firstOfKind, labelKeys, subtracted } = planFor(definition);
  const hitsByLine = new Map<number, LabelHit[]>();
  for (const line of doc.lines) hitsByLine.set(line.index, labelsNotValues(finder.inLine(line), line.text));
  const hitsOnLine = (l: Line) => hitsByLine.get(l.index) ?? [];
  const allHits = [...hitsByLine.values()].flat();

  // Document-wide context: decimal mark, currency, the order its dates are written in.
  const allText = doc.lines.map((l) => l.text);
  const decimal = dominantDecimal(allText.flatMap((t) => findAmounts(t)));
  // The country the document's words name settles shared marks (`kr` in a Danish slip is DKK).
  const language = documentLanguage(allText);
  const country = documentCountry(allText, language);
  const docCurrency = documentCurrency(allText.flatMap((t) => findCurrencies(t, { country: country ?? undefined })));
  const currency = docCurrency?.code ?? null;
  // `$` with no country named: the dollar of the United States or of Australia, Canada, New Zealand...
  const sharedDollar = docCurrency !== null && docCurrency.alternatives.length > 0 && country === null;
  const dateOrder = documentDateOrder(allText.flatMap((t) => findDates(t)));
  const ctx = { decimal, country: currencyCountry(currency) ?? country ?? undefined, language: language ?? undefined, itemized: Object.values(definition.fields).some((f) => f.type === 'array'), wholeUnits: printedWhole(currency) };
  const pageQuality = medianConfidence(doc.lines);

  const header = scalars.some((f) => ['party_name', 'party_address'].includes(kinds.get(f.path) as string)) ? findHeaderBlock(doc) : null;
  const tableHeaderRows = itemHeaderRows(doc, definition.fields);
  const headerLines = new Set([...(header?.name?.lines ?? []), ...(header?.address?.lines ?? [])].map((l) => l.index));
  const addressLines = new Set((header?.address?.lines ?? []).map((l) => l.index));
  // Spans other labels hold: those of fields that are not amounts (and masked card numbers), and of cash handed over or given back.
  const isCash = (path: string) => CASH_KEYS.has(labelKeys.get(path) ?? '');
  // A date's label claims its slot only where a date stands there (`Due payable: 571.04` holds a total).
  // A word list's label names its value, a word, and claims no figure (`REFUND   £129.99`: the amount).
  const claims = (path: string, slot: string) => {
    const kind = kinds.get(path) as ValueKind;
    if (isCash(path) || (!path.startsWith('~') && (FIGURE_KINDS.has(kind) || kind === 'enum' || kind === 'boolean'))) return false;
    return !(kind === 'date' || kind === 'datetime') || findDates(slot).length > 0;
  };
  const claimed = claimedSpans(doc, allHits, hitsOnLine, claims, true);
  const tendered = claimedSpans(doc, allHits, hitsOnLine, isCash, false);
  // The tax summary, read once where a field asks for it.
  let taxes: TaxRow[] | null = null;
  const taxRows = () => (taxes ??= readTaxRows(doc, decimal, (row) => row.lines.some((l) => hitsOnLine(l).some((h) => h.path === 'tax_amount')), ctx.wholeUnits));
  const conversion = readConversion(doc, decimal);
  // The first row with a price (a figure with cents): the header is above it.
  const firstPriceRow = doc.rows.find((r) => r.lines.some((l) => findAmounts(l.text, { decimal }).some((a) => a.decimal !== null)))?.index ?? null;
  const ranked = new Map<string, Candidate[]>();
  const decidedByModel = new Set<string>();
  const pathOf = (name: string) => scalars.find((f) => f.name === name && !f.path.includes('.'))?.path ?? null;
  const tipPath = pathOf('tip');
  for (const f of scalars) {
    const kind = kinds.get(f.path) as ValueKind;
    const hits = allHits.filter((h) => h.path === f.path);
    let list = labelledCandidates(doc, kind, f.field, hits, hitsOnLine, ctx, tableHeaderRows).filter((c) => fitsTransactionLabel(c, f.field) && fitsLabelShape(c, f.name));
    // A receipt's own label names its number over a transaction's (`SLIP NO. : 9070058756` and `TRANS: 21396`);
    // on a slip, the terminal's over the till's whose receipt it is printed on (`Beleg-Nr. 0411` over `Bon 8893`),
    // and on a till receipt the till's over the card block's (`Bon 4402` over `Beleg-Nr. 0098`).
    if (f.name === 'receipt_number') {
      const tillLabelled = (c: Candidate) => c.label !== null && isTillReceiptLabel(c.label.alias);
      const lesser = (alias: string) => isTransactionLabel(alias) || (!ctx.itemized && isTillReceiptLabel(alias));
      // The original transaction's number (`OPER. ORIGINAL 000233`) leaves the refund's own (`OPERACION 000251`) standing.
      if (list.some((c) => c.label && !lesser(c.label.alias) && !ofOtherTransaction(c, doc))) list = list.filter((c) => !c.label || !lesser(c.label.alias));
      if (ctx.itemized && list.some(tillLabelled)) list = list.filter((c) => !c.label || tillLabelled(c));
    }
    // Shape alone finds the first field of a kind (a second date needs its label); an enum's words
    // and a payment's outcome words name their own field wherever they stand.
    const shaped = kind === 'enum' || (kind === 'boolean' ? f.name === 'approved' : firstOfKind.get(kind) === f.path);
    // Words inside the merchant's name or address (`O'NEILL'S BAR`) name no value of the slip, and
    // its figures (`Hälleskåran 29`, `5050 Bergen`) are no total; nor is a bare zero found by its
    // shape (`ARC: 00`, a response code): nothing is charged nothing.
    const fromHeader = (c: Candidate) => (kind === 'enum' || kind === 'total') && headerLines.has(c.line.index);
    // A phone number found by its shape is none where another label's value stands (`DOCUMENTO N. 0112-0045`).
    // Nor below the first price: there an unlabelled number is a terminal's, a till's or a tax number.
    const labelsOther = (c: Candidate) => kind === 'phone' && (isClaimed(claimed, c) || (firstPriceRow !== null && c.line.row >= firstPriceRow));
    if (shaped) list.push(...shapedCandidates(doc, kind, f.field, ctx).filter((c) => !fromHeader(c) && !(kind === 'total' && c.value === 0) && !labelsOther(c)));
    // A value named anywhere on the slip that narrows another says more than it (a fallback over the stripe).
    if (kind === 'enum') list = withoutNarrowed(list);
    // A number inside the merchant's address is part of it (a Portuguese `Lote 12` is a plot, no batch).
    if (kind === 'identifier') list = list.filter((c) => !addressLines.has(c.line.index));
    if (f.name === 'application_id') list.push(...aidCandidates(doc));
    if (kind === 'card_last_four' && shaped) list.push(...lastFourApartCandidates(doc));
    // The shop's own card is named by its brand, which heads the page above the company's name
    // where the registered company is the issuer read (`CARREFOUR MARKET` over `SAS DISTRIBUTION ROUSSEL`).
    if (kind === 'card_last_four') list.splice(0, list.length, ...withoutLoyaltyCards(list, doc, brandAndName(doc, header?.name ?? null)));
    if (firstOfKind.get(kind) === f.path && kind === 'currency') list.push(...conversionCandidates(kind, conversion));
    if ((f.name === 'tax_amount' || f.name === 'tax_rate') && !f.path.includes('.')) list.push(...taxCandidates(f.name, taxRows()));
    if (f.name === 'tax_rate' && !f.path.includes('.') && list.length === 0) list.push(...[itemRateCandidate(doc, decimal)].filter((c) => c !== null));
    if (f.name === 'card_scheme' && kind === 'enum') list.push(...schemeCandidates(doc, f.field.values ?? []));
    // A national network (`other`) gives way to a scheme the list names on a co-badged card (`Visa/Dankort`).
    if (f.name === 'card_scheme' && kind === 'enum' && list.some((c) => c.value !== 'other')) list = list.filter((c) => c.value !== 'other');
    // A party's name under its section heading (`Verkäufer`, `Bill To`).
    if (kind === 'party_name' || (kind === 'text' && /_name$/.test(f.name))) list.push(...sectionCandidates(doc, hits, hitsOnLine));
    if (header && kind === 'party_name' && header.name && firstOfKind.get(kind) === f.path) list.push(headerCandidate(header.name.text, header.name.lines));
    if (kind === 'document_number' && firstOfKind.get(kind) === f.path) list.push(...titleCandidates(doc, 'number'), ...hashLineCandidates(doc));
    if ((kind === 'date' || kind === 'datetime') && firstOfKind.get(kind) === f.path) list.push(...titleCandidates(doc, 'date'));
    if (header && kind === 'party_address' && header.address && firstOfKind.get(kind) === f.path) list.push(headerCandidate(header.address.text, header.address.lines));
    const role = options.roles ? roleOfField(f.name, kind, f.field, firstOfKind.get(kind) === f.path) : null;
    if (role === 'merchant' && options.roles) list.push(...proposePartyCandidates(doc, options.roles, role));
    if (role === 'address' && options.roles && firstOfKind.get(kind) === f.path) {
      // The model redraws the rules' address at its ends, or proposes one where the rules read none.
      const refined = header?.address ? refineAddress(doc, options.roles, header.address.lines, header.name?.lines ?? []) : null;
      if (refined) list.push(refined);
      if (!header?.address) list.push(...proposePartyCandidates(doc, options.roles, role));
    }
    // Cash handed back with a card payment (`RETRAIT ESPÈCES`, `Cash Out`) says nothing of how it was paid.
    // Nor does a way of paying printed with nothing paid that way (`Pagamento contante 0,00` over `Pagamento elettronico 81,50`).
    if (f.name === 'payment_method') list = list.filter((c) => !allHits.some((h) => h.path === 'cashback' && h.line === c.line && h.start <= c.start && c.end <= h.end) && !paidNothing(doc, c, decimal));
    // A voucher's word on a rebate's row (`10% Coupon Herbstaktion -5,72`) is a discount, no way of paying.
    if (f.name === 'payment_method') list = list.filter((c) => !(c.value === 'voucher' && PERCENT.test(c.line.text)));
    // Nor is cash handed over nothing (`Pagamento contante 0,00` where `Importo pagato 33,30` is printed).
    if (labelKeys.get(f.path) === 'tendered') list = list.filter((c) => c.value !== 0);
    if (f.name === 'cashier') list = cashierNames(list);
    // A discount's row that prints the offer's price before the sum taken off (`Tilbud 2 for 55,00
    // -10,80`): the negative figure is the discount, the positive one before it the offer's.
    if (f.name === 'discount') list = list.map((c) => takenOffAfter(c, doc, decimal) ?? c);
    // A refund, void or hold named alone on its row outranks the card payment's heading
    // (`Kartenzahlung` over `Gutschrift`): the heading names every slip of the terminal.
    // A labelled type (`Type PAIEMENT`) stands.
    if (f.name === 'transaction_type' && kind === 'enum' && !list.some((c) => c.label)) for (const c of list) if (c.value !== 'sale' && aloneOnItsRow(doc, c)) c.score = Math.max(c.score, ALONE_TYPE_SCORE);
    // (An enum's word may name two fields' values: `Metodo di pagamento: Mastercard` is a card and its scheme.)
    list = list.filter((c) => c.label !== null || kind === 'enum' || !claimedByOther(c, f.path, ranked));
    rankCandidates(kind, list, doc);
    if (kind === 'tax_id') list = vatNumbersFirst(list);
    if (f.name === 'card_scheme' && kind === 'enum') preferAidScheme(list);
    // A currency conversion: the amount charged to the card, in its currency (after the totals'
    // ranking, which weighs unlabelled figures down).
    if (firstOfKind.get(kind) === f.path && kind === 'total' && conversion) {
      list.push(...conversionCandidates(kind, conversion));
      sortCandidates(list);
    }
    if (kind === 'total' || kind === 'money') {
      // A figure next to the label of a field that is no amount (a receipt number, the card's
      // digits) is never one, whatever its shape; beside cash handed over or given back it is
      // the total only where nothing better is found (paid exact, `CASH 9.00`). Both still counted
      // as the same figure printed again while ranking.
      list = list.filter((c) => c.label?.path === f.path || c.relation === 'arithmetic' || !isClaimed(claimed, c));
      for (const c of list) if (c.label?.path !== f.path && isClaimed(tendered, c)) c.score *= 0.5;
      sortCandidates(list);
      if (f.name === 'amount') list = otherTransactionLast(list, doc);
    }
    if (OTHER_TRANSACTION_FIELDS.has(f.name)) list = otherTransactionLast(list, doc, kind === 'time' || kind === 'date');
    // On a till receipt the till's own time is the receipt's, printed before the card block's a
    // minute or two later (`21.03.2026 20:14` over the block's `Zeit: 20:15`).
    if (kind === 'time' && ctx.itemized && list.length > 1) list = tillTimeFirst(list);
    // A tip printed after the total (`TOTAL TTC 110,10` / `Pourboire 5,00` / `Réglé CB 115,10`):
    // the figure below the tip that is the total and the tip together is what was paid.
    if (firstOfKind.get(kind) === f.path && kind === 'total') {
      const tipped = tippedTotal(doc, list[0], ranked.get(tipPath ?? '')?.[0], decimal);
      if (tipped) {
        list.unshift(tipped);
        sortCandidates(list);
      }
    }
    if (role && options.roles) {
      // What the rules alone would take, to tell when the model changed the answer.
      const rulesTop = list.find((c) => c.relation !== 'model') ?? null;
      weighByModel(list, options.roles, role);
      sortCandidates(list);
      // The model proposes; it never overrides evidence: a value read beside its own label stands
      // against anything found without one, and one the slip's arithmetic proves (a currency
      // conversion) against anything.
      // On a slip (no items), a labelled reading stands against another labelled one too: its
      // labels name each figure (a hold's `Reservert beløp` beside `Belastet beløp`, a print time).
      const slipLabelled = !ctx.itemized && rulesTop?.label;
      if (rulesTop && (rulesTop.label || rulesTop.relation === 'arithmetic') && list[0] && (!list[0].label || rulesTop.relation === 'arithmetic' || slipLabelled) && list[0] !== rulesTop) {
        list.splice(list.indexOf(rulesTop), 1);
        list.unshift(rulesTop);
      }
      const agrees = rulesTop !== null && list[0] !== undefined && JSON.stringify(list[0].value) === JSON.stringify(rulesTop.value);
      // Where the model proposes what the rules read, the reading stands as the rules'.
      if (agrees && list[0] !== rulesTop) {
        list.splice(list.indexOf(rulesTop), 1);
        list.unshift(rulesTop);
      }
      if (list[0] && !agrees) decidedByModel.add(f.path);
    }
    ranked.set(f.path, list);
  }
  const typePath = pathOf('transaction_type');
  const amountPath = firstOfKind.get('total');
  if (typePath && amountPath && ranked.has(typePath)) ranked.set(typePath, withoutHeldFigureTypes(ranked.get(typePath)!, ranked.get(amountPath) ?? [], doc, (c) => aloneOnItsRow(doc, c)));
  // Values a slip implies where it prints no word for them (an approval by its authorisation code).
  for (const f of scalars) {
    const list = ranked.get(f.path);
    if (list && list.length === 0 && !f.path.includes('.')) list.push(...inferredCandidates(f.name, ranked, doc, country).filter((c) => (f.field.values ?? [c.value]).includes(c.value as string)));
    // A total the slip prints only as its one part (`PURCHASE 25.00`, no tip, no cashback): that
    // part, labelled, goes before any smaller figure found by its shape alone (`ARC: 00`). A larger
    // one may be the total beside a part that was not read (a cashback line in words not known).
    if (list && !f.path.includes('.') && !list.some((c) => c.label?.path === f.path || c.relation === 'arithmetic')) {
      const sole = soleTermCandidates(definition.rules ?? [], f.path, ranked);
      // Whole numbers found by their shape alone (`17`, a house number, a phone number's groups) are no such total.
      const rival = (c: Candidate) => typeof c.value === 'number' && c.value > (sole[0].value as number) && (c.label !== null || c.relation !== 'anywhere' || hasCents(c));
      if (sole.length > 0 && !list.some(rival)) list.unshift(...sole);
    }
  }
  // Top-level fields by name, or by the label words they take (cash handed over, change).
  const pathLabelled = (key: string) => scalars.find((f) => labelKeys.get(f.path) === key && !f.path.includes('.'))?.path ?? null;
  const taxPath = pathOf('tax_amount');
  const totalPath = firstOfKind.get('total') ?? null;
  const taxPaths = taxPath ? { tax: taxPath, rate: pathOf('tax_rate'), net: pathOf('subtotal'), gross: totalPath } : null;
  if (taxPaths) perRateParts(ranked, taxPaths, taxRows());
  const agreed = agreeOnRules(definition.rules ?? [], ranked);
  const addAgreement = (path: string, rule: string) => agreed.set(path, [...(agreed.get(path) ?? []), rule]);
  if (taxPaths) {
    // After the rules: a tax dropped here takes its rules' agreement with it, and the totals the
    // rules chose stand (dropped first, a sum rule would pair the net and the tax of one rate's
    // subtotal and take that subtotal for the total: `TOTAL 6% SUPPLIES (INC. GST)` over `TOTAL PAYABLE`).
    const before = ranked.get(taxPaths.tax)?.[0];
    dropImpossibleTaxes(ranked, taxPaths);
    if (ranked.get(taxPaths.tax)?.[0] !== before) agreed.delete(taxPaths.tax);
    for (const p of agreeOnTaxRate(ranked, taxPaths, [...new Set(taxRows().map((r) => r.rate))])) addAgreement(p, 'tax_rate_applies');
  }
  const cashPath = pathLabelled('tendered');
  if (cashPath && paidExact(ranked, { tendered: cashPath, change: pathLabelled('change'), total: totalPath })) addAgreement(cashPath, 'paid_exact');

  const choices = new Map<string, Choice>();
  for (const f of scalars) {
    const kind = kinds.get(f.path) as ValueKind;
    const list = ranked.get(f.path) ?? [];
    const top = list[0] ?? null;
    if (!top) {
      choices.set(f.path, { candidate: null, kind, features: null, value: null, status: 'ok' });
      continue;
    }
    const others = distinctValues(list).filter((c) => JSON.stringify(c.value) !== JSON.stringify(top.value));
    const support = list.filter((c) => c !== top && JSON.stringify(c.value) === JSON.stringify(top.value)).length;
    const features: ConfidenceFeatures = {
      score: top.score,
      margin: Math.max(0, top.score - (others[0]?.score ?? 0)),
      support,
      rule: agreed.has(f.path),
      ocr: top.line.confidence,
      labelled: top.label !== null || top.relation === 'header' || top.relation === 'title' || top.relation === 'model' || top.relation === 'arithmetic',
      page: pageQuality,
      complete: kind === 'party_name' || kind === 'party_address' ? completeParty(kind, String(top.value)) : true,
      characters: top.raw.replace(/[^\p{L}\p{N}]/gu, '').length,
    };
    options.onFeatures?.(f.path, calibrationGroup(kind), features, kind);
    const choice: Choice = { candidate: top, kind, features, value: top.value, status: 'ok', byModel: decidedByModel.has(f.path) };
    // `kr` where no word names the country: Swedish, Norwegian or Danish crowns alike, a coin toss.
    if (kind === 'currency' && country === null && isEvenlySharedMark(top.raw)) choice.atMost = EVEN_MARK_CONFIDENCE;
    // A deduction printed with its sign (`DISCOUNT -5.59`) is the amount a sum rule takes off; cash
    // handed over or given back is printed as a ledger's credit by some tills (`CASH -50.00`).
    if (typeof choice.value === 'number' && choice.value < 0 && (subtracted.has(f.path) || isCash(f.path))) choice.value = -choice.value;
    if (top.date) {
      // Under a currency conversion the card's currency names the cardholder's country, not the
      // shop's (an Italian shop's slip charged in dollars writes the day first).
      const resolved = resolveDateOrder(top.date, { documentOrder: dateOrder, currency: conversion ? null : currency, today: now, country });
      choice.value = f.field.type === 'datetime' ? `${resolved.value}T00:00` : resolved.value;
      if (top.date.alternative || resolved.reason === 'country') choice.dateOrder = { order: resolved.order, reason: resolved.reason };
      // Month first only because the currency was a bare `$`: half the dollar countries write the day first.
      if (resolved.reason === 'currency' && sharedDollar) choice.atMost = Math.min(choice.atMost ?? 1, SHARED_MARK_ORDER_CONFIDENCE);
    }
    if (kind === 'party_name' && options.knownMerchants?.length) {
      const snap = snapToKnown(String(top.value), options.knownMerchants);
      if (snap && snap.name !== top.value) {
        choice.value = snap.name;
        choice.status = 'corrected';
      }
    }
    choices.set(f.path, choice);
  }

  boundTotalUnderSubtotal(choices, totalPath, pathOf('subtotal'), pathOf('discount'));

  // Embedded invoice XML wins over the page for every field it has.
  const embedded = options.embedded ?? null;
  if (embedded) {
    for (const f of scalars) {
      const value = embedded.values[f.path];
      if (value === undefined || value === null) continue;
      choices.set(f.path, { candidate: null, kind: kinds.get(f.path) as ValueKind, features: null, value, status: 'ok', embedded: true });
    }
  }

  // Data, then checks over it.
  const data = emptyData(definition);
  for (const [path, c] of choices) setPath(data, path, c.value);
  const items = readLineItems(doc, definition.fields, ctx);
  for (const [name, list] of Object.entries(items)) data[name] = list.map((i) => i.values);
  // The XML's lines, even none: profiles without lines (MINIMUM, BASIC WL) bill the totals only.
  const embeddedItems = embedded && definition.fields.line_items?.type === 'array' ? embeddedRows(embedded.line_items, definition.fields.line_items) : null;
  if (embeddedItems) data.line_items = embeddedItems;
  const checked = evaluateChecks(definition, data, { now });

  const fields: Record<string, FieldResult> = {};
  for (const [name, field] of Object.entries(definition.fields)) {
    fields[name] = name === 'line_items' && embeddedItems ? embeddedArrayResult(name, field, embeddedItems, checked.checks) : fieldResult(name, field, choices, checked.checks, data, items[name]);
  }
  // Values failing their type or pattern are reported, but `data` keeps to the schema: null.
  for (const [path, c] of choices) {
    if (failsOwnCheck(checked.checks[path]) && !isMissing(c.value)) setPath(data, path, null);
  }

  const reasons = [...checked.review.reasons];
  // A field whose label opens a line but whose value could not be read there: the document says
  // it has one, so a person should look (a silent gap is a silent error). Figures count in the
  // label's own slot only, up to the next label on its line (`CASH INV NO.: 7721F711` is an invoice number's).
  // Or a number's or code's label alone on its row, where no value was read: the column its value
  // was printed in was lost (`KORT` and a masked number OCR did not read). Amounts' and words'
  // labels alone are often headings or the words themselves (`Sale`, `Kauf`).
  const aloneOnRow = (h: LabelHit) =>
    CODE_KINDS.has(kinds.get(h.path) as ValueKind) && h.line.text.slice(h.end).replace(/[\s:.#-]+/gu, '') === '' && doc.rows[h.line.row].lines.length === 1;
  const slot = (h: LabelHit) => h.line.text.slice(h.end, Math.min(...hitsOnLine(h.line).filter((o) => o.start >= h.end).map((o) => o.start), h.line.text.length));
  // Nor where another field's value fills the slot (`APP: A0000000041010` is the AID, not an application label).
  const filledByOther = (h: LabelHit) => [...choices.values()].some((c) => c.candidate?.line === h.line && c.candidate.start >= h.end && !isMissing(c.value));
  // A card's sequence number (`SEQ NO 01`) is no trace left unread.
  const cardSequence = (h: LabelHit, name: string) => name === 'trace_number' && isSequenceLabel(h.alias) && !traceLong(slot(h));
  for (const f of scalars) {
    if (f.path.includes('.') || !isMissing(choices.get(f.path)?.value) || embedded?.values[f.path] !== undefined) continue;
    const hit = allHits.find((h) => h.path === f.path && h.leading && (/\d/.test(withoutMoments(slot(h))) || aloneOnRow(h)) && !filledByOther(h) && !cardSequence(h, f.name) && !addressLines.has(h.line.index));
    if (hit) reasons.push({ code: 'label_without_value', path: f.path, message: `"${hit.alias}" is printed, but no ${f.name} was read beside it.` });
  }
  // On a payment slip (a type of many numbers and codes and no items), a number printed after a
  // label no field knows, which no field took: a value may be missing that nothing else would flag.
  const codeFields = scalars.filter((f) => !f.path.includes('.') && CODE_KINDS.has(kinds.get(f.path) as ValueKind)).length;
  if (codeFields >= UNREAD_LABEL_FIELDS && !ctx.itemized) {
    const taken = [...choices.values()].filter((c) => !isMissing(c.value)).map((c) => String(c.value));
    const row = unreadLabelRow(doc, hitsOnLine, taken, headerLines);
    if (row) reasons.push({ code: 'label_without_value', path: '', message: `"${row}" is printed, but no field was read from it.` });
  }
  for (const [path, c] of choices) {
    const result = resultAt(fields, path);
    if (!result || isMissing(c.value) || result.status === 'invalid') continue;
    // The caller's one threshold, or the fitted one of the value's group of fields.
    const below = options.reviewBelow ?? (c.embedded ? REVIEW_BELOW : REVIEW_THRESHOLDS[calibrationGroup(c.kind)]);
    if (result.confidence < below) {
      reasons.push({ code: 'low_confidence', path, message: `The value was read with confidence ${result.confidence}, under ${below}.` });
    }
  }
  return { data, fields, review: { required: reasons.length > 0, reasons } };
}

/**
 * A total under its subtotal, less any discount, by more than a cash rounding (to the krona at
 * most) is not the document's total: the figure that closes the sum was not read (`Total 3.50` of
 * a tip line taken under `SUBTOTAL 318.00`). Its confidence is bounded, so a person looks.
 */
function boundTotalUnderSubtotal(choices: Map<string, Choice>, totalPath: string | null, subtotalPath: string | null, discountPath: string | null): void {
  const total = totalPath ? choices.get(totalPath) : undefined;
  const subtotal = subtotalPath ? choices.get(subtotalPath)?.value : undefined;
  const discount = discountPath ? choices.get(discountPath)?.value : undefined;
  if (!total || typeof total.value !== 'number' || typeof subtotal !== 'number') return;
  if (total.value < subtotal - (typeof discount === 'number' ? Math.abs(discount) : 0) - CASH_ROUNDING) total.atMost = Math.min(total.atMost ?? 1, UNDER_SUBTOTAL_CONFIDENCE);
}

const CASH_ROUNDING = 0.5;
const UNDER_SUBTOTAL_CONFIDENCE = 0.5;

/** The most a currency read from a mark several currencies share evenly (`kr`) can be: one reading of several. */
const EVEN_MARK_CONFIDENCE = 0.5;
// A day/month order that rests on a shared currency mark alone: a person looks.
const SHARED_MARK_ORDER_CONFIDENCE = 0.8;

/** Fields whose labels the vocabulary files keep under another name. */
const VOCABULARY_KEY: Record<string, string> = { amount_tendered: 'tendered' };

/** Labels of what the customer handed over and got back: the figure beside them is the total only where nothing better is. */
const CASH_KEYS: ReadonlySet<string> = new Set(['tendered', 'change']);

/** Kinds of numbers and codes read after their labels (a terminal, a card's last digits). */
const CODE_KINDS: ReadonlySet<ValueKind> = new Set(['document_number', 'identifier', 'card_last_four', 'tax_id', 'iban', 'bic']);

interface FieldPlan {
  scalars: { path: string; name: string; field: FieldDefinition }[];
  finder: LabelFinder;
  kinds: Map<string, ValueKind>;
  /** Shape-only search is for the first field of each kind: a second date (due date) needs its label. */
  firstOfKind: Map<ValueKind, string>;
  /** The vocabulary's name of each label path's words (`amount_tendered` and `~tendered`: `tendered`). */
  labelKeys: Map<string, string>;
  /** Fields a sum rule subtracts (`discount`): positive amounts, as their rule reads them. */
  subtracted: ReadonlySet<string>;
}

const plans = new WeakMap<Definition, FieldPlan>();

// A type with this many number and code fields, and no items, is a payment slip's: every labelled number on it is one of them.
const UNREAD_LABEL_FIELDS = 5;

// The fields a transaction number's label names.
const TRANSACTION_NUMBERED: ReadonlySet<string> = new Set(['receipt_number', 'trace_number']);

// The fields and number labels a bare sequence number's label names.
const SEQUENCE_NUMBERED: ReadonlySet<string> = new Set(['trace_number', 'card_sequence']);
// A card's sequence number has two or three digits (`00`, `001`); a trace has more.
const TRACE_MIN_DIGITS = 4;
// Fields a slip may print again for the transaction held or gone back to (otherTransactionLast).
const OTHER_TRANSACTION_FIELDS: ReadonlySet<string> = new Set(['auth_code', 'receipt_number', 'trace_number', 'rrn', 'transaction_date', 'transaction_time']);
// Up to three figures: a till operator's number, a counter.
const SHORT_NUMBER = /^\d{1,3}$/u;

// Labels printed once per tax rate, numbered by a digit against them (`TAX1`, `TAXABLE2`).
const NUMBERED_LABELS: ReadonlySet<string> = new Set(['tax_amount', 'subtotal']);

/** What a definition needs for every document (its fields, compiled labels, kinds), worked out once. */
function planFor(definition: Definition): FieldPlan {
  let plan = plans.get(definition);
  if (plan) return plan;
  const scalars = scalarFields(definition.fields);
  // A field's own aliases, and every language's labels for a field of that name (vocabulary/);
  // the labels of figures that are never a total are found too, under paths no field has (`~change`).
  // On a document with items (a till receipt, an invoice), `amount` is the total, labelled as one,
  // and the issuer is the company its header names (a `Store Name:` row names a branch).
  const itemized = Object.values(definition.fields).some((f) => f.type === 'array');
  const labelKeys = new Map<string, string>();
  for (const f of scalars) {
    if (f.path.includes('.') || (itemized && f.name === 'merchant')) continue;
    labelKeys.set(f.path, itemized && f.name === 'amount' ? 'total' : (VOCABULARY_KEY[f.name] ?? f.name));
  }
  const taken = new Set(labelKeys.values());
  for (const n of NOT_TOTAL_LABELS) if (!taken.has(n)) labelKeys.set(`~${n}`, n);
  // A terminal's transaction number (`Transactie`, `N° transaction`, `Nr transakcji`) numbers the
  // receipt, and on a slip it is the trace number too where it has a trace's shape (the label
  // names both; `fitsTransactionLabel` drops the trace's reading that does not fit).
  // A bare sequence number's label (`Seq`, `Seq-Nr`) names the card's sequence (`Seq: 01`) or the
  // trace (`Seq No: 000244`): it is found for both, and the trace reads only a trace-long value
  // there (`fitsLabelShape`).
  const wordsOf = (key: string) => [
    ...labelWords(key),
    ...(TRANSACTION_NUMBERED.has(key) ? labelWords('transaction_number') : []),
    ...(SEQUENCE_NUMBERED.has(key) ? labelWords('sequence_number') : []),
    ...(key === 'receipt_number' ? labelWords('till_receipt') : []),
  ];
  const sets = [...scalars.map((f) => f.path), ...[...labelKeys.keys()].filter((p) => p.startsWith('~'))].map((path) => ({
    path,
    aliases: [...(scalars.find((f) => f.path === path)?.field.aliases ?? []), ...wordsOf(labelKeys.get(path) ?? '')],
    numbered: NUMBERED_LABELS.has(labelKeys.get(path) ?? ''),
  }));
  const finder = new LabelFinder(sets.filter((s) => s.aliases.length > 0), vocabularyWordKeys());
  const kinds = new Map<string, ValueKind>(scalars.map((f) => [f.path, valueKind(f.name, f.field)]));
  const firstOfKind = new Map<ValueKind, string>();
  for (const f of scalars) {
    const kind = kinds.get(f.path) as ValueKind;
    if (f.path.includes('.')) continue;
    const held = firstOfKind.get(kind);
    if (!held || (f.field.required && !scalars.find((s) => s.path === held)?.field.required)) firstOfKind.set(kind, f.path);
  }
  const subtracted = new Set((definition.rules ?? []).flatMap((r) => ('minus' in r && Array.isArray(r.minus) ? r.minus : [])));
  plan = { scalars, finder, kinds, firstOfKind, labelKeys, subtracted };
  plans.set(definition, plan);
  return plan;
}

/**
 * A value read beside a transaction number's label fits the field's pattern: the label names a
 * receipt and a trace number, and a counter of letters and figures (`Transactie: K0219-18832`) is
 * no trace.
 */
function fitsTransactionLabel(c: Candidate, field: FieldDefinition): boolean {
  if (!field.pattern || !c.label || !isLabelOf('transaction_number', c.label.alias)) return true;
  return userPattern(field.pattern)?.test(String(c.value)) ?? true;
}

const isTransactionLabel = (alias: string) => isLabelOf('transaction_number', alias);
const isTillReceiptLabel = (alias: string) => isLabelOf('till_receipt', alias);
const isSequenceLabel = (alias: string) => isLabelOf('sequence_number', alias);

// Every language's labels of a vocabulary key, by their letters, built on first use.
const labelKeySets = new Map<string, ReadonlySet<string>>();

/** The alias is one of the vocabulary key's labels (`transaction_number`, `till_receipt`...). */
function isLabelOf(key: string, alias: string): boolean {
  let set = labelKeySets.get(key);
  if (!set) labelKeySets.set(key, (set = new Set(labelWords(key).map(compact))));
  return set.has(compact(alias));
}

/** Figures enough for a trace, more than a card's sequence number has. */
const traceLong = (text: string) => text.replace(/\D/g, '').length >= TRACE_MIN_DIGITS;

/**
 * A value of the shape its label's field has: a trace read beside a bare sequence number's label
 * is longer than a card's sequence number; a receipt number beside a label of two letters (Italian
 * `Op.`, the operation) longer than an operator's number, which the same letters label on a till
 * (`OP 117 SHARON`); a merchant's number longer than three figures.
 */
function fitsLabelShape(c: Candidate, field: string): boolean {
  if (!c.label) return true;
  // A merchant's number is never two or three figures (`Akt-Id: 05`, a counter).
  if (field === 'merchant_id' && SHORT_NUMBER.test(String(c.value))) return false;
  if (field === 'receipt_number' && compact(c.label.alias).length <= 2) return !SHORT_NUMBER.test(String(c.value));
  if (field !== 'trace_number' || !isSequenceLabel(c.label.alias)) return true;
  return traceLong(String(c.value));
}

/**
 * The total with a tip printed after it: a labelled tip below the total's row, and a figure below
 * the tip that is both together (to the cent), as a candidate above the labels' (its arithmetic is
 * the evidence). Null where no such figure is printed.
 */
function tippedTotal(doc: DocumentText, total: Candidate | undefined, tip: Candidate | undefined, decimal: DecimalMark | undefined): Candidate | null {
  if (!total || !tip?.label || typeof total.value !== 'number' || typeof tip.value !== 'number' || tip.value <= 0) return null;
  if (tip.line.row <= total.line.row) return null;
  const want = Math.round((total.value + tip.value) * 100) / 100;
  for (const row of doc.rows.slice(tip.line.row + 1)) {
    for (const line of row.lines) {
      const a = findAmounts(line.text, { decimal }).find((x) => x.decimal !== null && Math.abs(x.value - want) < 0.005);
      if (a) return { value: a.value, raw: a.raw, line, start: a.start, end: a.end, label: null, relation: 'arithmetic', score: 1.2 };
    }
  }
  return null;
}

/**
 * The candidate's words are all its row prints, and are its value's own words in every language
 * (not a word that names it only alone on a row of one language: French `CREDIT`).
 */
function aloneOnItsRow(doc: DocumentText, c: Candidate): boolean {
  const row = doc.rows[c.line.row];
  const raw = compact(String(c.raw));
  return row.lines.length === 1 && compact(c.line.text) === raw && valueWords(String(c.value)).some((w) => compact(w) === raw);
}

// A rate in percent (`10%`, `5 %`).
const PERCENT = /\d\s?%/u;

// Above a type word found anywhere (0.9 at most).
const ALONE_TYPE_SCORE = 0.95;

/** The issuer's name read, and the brand line above it where the name read is another row's. */
function brandAndName(doc: DocumentText, name: { text: string; lines: Line[] } | null): string | null {
  if (!name) return null;
  const top = doc.rows[0];
  const above = top && !name.lines.some((l) => l.row === top.index) && completeParty('party_name', name.text) ? top.lines.map((l) => l.text).join(' ') : '';
  return `${above} ${name.text}`.trim();
}

/** The candidate's row prints figures, every one of them zero (`Pagamento contante 0,00`). */
function paidNothing(doc: DocumentText, c: Candidate, decimal: DecimalMark | undefined): boolean {
  const figures = doc.rows[c.line.row].lines.flatMap((l) => findAmounts(l.text, { decimal }));
  return figures.length > 0 && figures.every((a) => a.value === 0);
}

/** A value another field's label already claims (a due date next to "Due Date") is not this field's. */
function claimedByOther(c: Candidate, path: string, done: Map<string, Candidate[]>): boolean {
  for (const [other, list] of done) {
    if (other === path) continue;
    const top = list[0];
    if (top && top.label && top.line === c.line && top.start < c.end && c.start < top.end) return true;
  }
  return false;
}

/** The value fails its own type, pattern or range (not a rule, not `required`): it is `invalid`. */
function failsOwnCheck(checks: readonly FieldCheck[] | undefined): boolean {
  return (checks ?? []).some((k) => k.status === 'failed' && k.name !== 'rules' && k.name !== 'required');
}

function headerCandidate(text: string, lines: Line[]): Candidate {
  const line = lines[0];
  const confidence = Math.min(...lines.map((l) => l.confidence));
  return { value: text, raw: text, line: { ...line, confidence, box: linesBox(lines) }, lines, start: 0, end: line.text.length, label: null, relation: 'header', score: 0.8 };
}

function fieldResult(
  path: string,
  field: FieldDefinition,
  choices: Map<string, Choice>,
  checks: Record<string, FieldCheck[]>,
  data: Record<string, unknown>,
  items: ReturnType<typeof readLineItems>[string] | undefined,
): FieldResult {
  const ownChecks = checks[path] ?? [];
  if (field.type === 'object') {
    const sub: Record<string, FieldResult> = {};
    for (const [name, f] of Object.entries(field.fields ?? {})) sub[name] = fieldResult(`${path}.${name}`, f, choices, checks, data, undefined);
    return { ...objectSummary(sub), type: 'object', verified: false, checks: ownChecks, raw_text: null, fields: sub };
  }
  if (field.type === 'array') {
    const list = items ?? [];
    const itemChecks = (i: number, name: string) => checks[`${path}[${i}].${name}`] ?? [];
    const itemResults = list.map((it, i) =>
      Object.fromEntries(
        Object.entries(field.items?.fields ?? {}).map(([name, f]) => {
          const cell = it.cells[name];
          const c = itemChecks(i, name);
          const base: FieldResult = cell
            ? { value: it.values[name], type: f.type, status: failsOwnCheck(c) ? 'invalid' : 'ok', confidence: cell.confidence, verified: false, checks: c, source: cell.line.source, page: cell.line.page, bounding_box: cell.box, raw_text: cell.raw }
            : missingResult(f.type, c);
          return [name, base];
        }),
      ),
    );
    const confidences = list.map((it) => it.confidence);
    return {
      value: data[path] ?? [],
      type: 'array',
      status: list.length > 0 ? 'ok' : 'missing',
      confidence: list.length > 0 ? round3(Math.min(...confidences)) : 0,
      verified: false,
      checks: ownChecks,
      source: list[0]?.line.source ?? null,
      page: list[0]?.line.page ?? null,
      bounding_box: list.length > 0 ? linesBox(list.map((i) => i.line)) : null,
      raw_text: null,
      items: itemResults,
    };
  }
  const choice = choices.get(path);
  if (choice?.embedded && !isMissing(choice.value)) return embeddedResult(field.type, choice.value, ownChecks);
  const c = choice?.candidate;
  if (!choice || !c || isMissing(choice.value)) return missingResult(field.type, ownChecks);
  const confidence = Math.min(choice.features ? confidenceOf(choice.kind, choice.features) : 0.5, choice.atMost ?? 1);
  return {
    value: choice.value,
    type: field.type,
    status: failsOwnCheck(ownChecks) ? 'invalid' : choice.status,
    confidence,
    verified: false,
    checks: ownChecks,
    source: choice.byModel ? 'layout_model' : c.line.source,
    page: c.line.page,
    bounding_box: c.relation === 'header' || c.relation === 'model' ? c.line.box : spanBox(c.line, c.start, c.end),
    raw_text: c.raw,
    ...(choice.dateOrder ? { date_order: choice.dateOrder } : {}),
  };
}

function embeddedResult(type: string, value: unknown, checks: FieldCheck[]): FieldResult {
  return {
    value,
    type,
    status: failsOwnCheck(checks) ? 'invalid' : 'ok',
    confidence: EMBEDDED_CONFIDENCE,
    verified: false,
    checks,
    source: 'embedded_xml',
    page: null,
    bounding_box: null,
    raw_text: typeof value === 'string' ? value : JSON.stringify(value),
  };
}

/** The embedded items, keeping only the item fields the definition has. */
function embeddedRows(rows: readonly Record<string, unknown>[], field: FieldDefinition): Record<string, unknown>[] {
  const names = Object.keys(field.items?.fields ?? {});
  return rows.slice(0, field.max_items ?? rows.length).map((r) => Object.fromEntries(names.map((n) => [n, r[n] ?? null])));
}

function embeddedArrayResult(path: string, field: FieldDefinition, rows: Record<string, unknown>[], checks: Record<string, FieldCheck[]>): FieldResult {
  const itemFields = field.items?.fields ?? {};
  if (rows.length === 0) return missingResult('array', checks[path] ?? []);
  return {
    ...embeddedResult('array', rows, checks[path] ?? []),
    raw_text: null,
    items: rows.map((row, i) =>
      Object.fromEntries(
        Object.entries(itemFields).map(([name, f]) => {
          const c = checks[`${path}[${i}].${name}`] ?? [];
          return [name, isMissing(row[name]) ? missingResult(f.type, c) : embeddedResult(f.type, row[name], c)];
        }),
      ),
    ),
  };
}

function missingResult(type: string, checks: FieldCheck[]): FieldResult {
  return { value: null, type, status: 'missing', confidence: 0, verified: false, checks, source: null, page: null, bounding_box: null, raw_text: null };
}

/** A text without its dates and times: Swedish `Tid 16:35` after a `TID` label is a time, not a missing terminal id. */
function withoutMoments(text: string): string {
  let out = text;
  for (const m of [...findDates(text), ...findTimes(text)]) out = out.slice(0, m.start) + ' '.repeat(m.end - m.start) + out.slice(m.end);
  return out;
}

function medianConfidence(lines: readonly Line[]): number {
  const c = lines.map((l) => l.confidence).sort((a, b) => a - b);
  return c.length > 0 ? c[c.length >> 1] : 1;
}

/**
 * A label's word that is another label's value, ending the line after that label's colon
 * (`Served by: Dan`, where `Dan` reads as the Czech tax's `Daň`): the value, no label.
 */
function labelsNotValues(hits: LabelHit[], text: string): LabelHit[] {
  // Nor is a label's word inside a copy marker (`KORTHOLDERS KVITTERING`, `Kundenbeleg`): no field's label there.
  const copies = hits.length > 0 ? enumMatches(text, COPY_MARKERS) : [];
  return hits.filter(
    (h) =>
      !(text.slice(h.end).trim() === '' && hits.some((o) => o.end <= h.start && /^\s*:\s*$/u.test(text.slice(o.end, h.start)))) &&
      !copies.some((c) => c.start <= h.start && h.end <= c.end && c.end - c.start > h.end - h.start),
  );
}

const COPY_MARKERS: readonly string[] = ['merchant_copy', 'customer_copy'];

// Minutes between the till's time and its card block's: the payment follows the receipt closely.
const CARD_BLOCK_MINUTES = 15;

/** The time printed first where the top time and another printed before it are minutes apart, the earlier one. */
function tillTimeFirst(list: Candidate[]): Candidate[] {
  const minutes = (c: Candidate) => {
    const m = /^(\d{1,2}):(\d{2})/u.exec(String(c.value));
    return m ? Number(m[1]) * 60 + Number(m[2]) : null;
  };
  const [top] = list;
  const t = minutes(top);
  if (t === null) return list;
  const earlier = list.find((c) => {
    const m = minutes(c);
    return c.line.row < top.line.row && m !== null && m < t && t - m <= CARD_BLOCK_MINUTES;
  });
  return earlier ? [earlier, ...list.filter((c) => c !== earlier)] : list;
}

/**
 * The negative figure printed after a discount's positive one on its row (`Tilbud 2 for 55,00`
 * `-10,80`): the sum taken off, where the positive figure is the offer's price.
 */
function takenOffAfter(c: Candidate, doc: DocumentText, decimal: DecimalMark | undefined): Candidate | null {
  if (typeof c.value !== 'number' || c.value <= 0) return null;
  const row = doc.rows[c.line.row];
  for (const line of row?.lines ?? []) {
    const from = line === c.line ? c.end : line.box.x > c.line.box.x ? 0 : null;
    if (from === null) continue;
    const off = findAmounts(line.text.slice(from), { decimal }).find((a) => a.value < 0 && a.decimal !== null);
    if (off) return { ...c, value: off.value, raw: off.raw, line, start: from + off.start, end: from + off.end };
  }
  return null;
}
