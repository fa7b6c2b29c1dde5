/**
 * Synthetic labelled documents for the layout model: receipts, card-payment slips and invoices,
 * drawn in the system's DejaVu fonts with @napi-rs/canvas and degraded with sharp. Each text run
 * comes back with its field roles (engine/src/extract/layout-model/roles.ts) and its box in the
 * final image.
 *
 *   const doc = await makeSyntheticDocument(seed);   // the same seed gives the same bytes
 *
 * Every choice comes from one seeded PRNG (mulberry32): kind, language, currency, wording,
 * layout, fonts, rotation and degradations. Boxes are the ink bounds from ctx.measureText carried
 * through the very transform the canvas draws with, so they are exact in the rotated image.
 */
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { ROLES, type Role } from '../../engine/src/extract/layout-model/roles.js';
import { addGrain } from '../slips/grain.js';
import { mix32, mulberry32, Rng as SeededRng } from '../slips/rng.js';

export interface SyntheticLine {
  /** The text as printed on that line (one visual line or one text run). */
  text: string;
  /** Roles of this line ([] = other). */
  roles: Role[];
  /** Axis-aligned x0, y0, x1, y1 in pixels of the final image (after rotation). */
  box: [number, number, number, number];
}

export interface SyntheticDocument {
  kind: 'receipt' | 'card_slip' | 'invoice';
  /** Language of the labels: 'en' | 'de' | 'fr' | 'es' | 'nl' | 'it'. */
  language: string;
  /** ISO 4217 code. */
  currency: string;
  /** The final image (PNG). */
  png: Buffer;
  width: number;
  height: number;
  lines: SyntheticLine[];
}

// ─── Randomness ──────────────────────────────────────────────────────────────────────────────

/** The slips' generator's draws (models/slips/rng.ts), with this generator's own `fill`. */
class Rng extends SeededRng {
  /** Each '#' of a pattern becomes a random digit: '+49 30 #######' (letters stay as written). */
  override fill(pattern: string): string {
    return pattern.replace(/#/g, () => String(this.int(0, 9)));
  }
}

// ─── Locales: numbers, dates, addresses, phones, tax ids ─────────────────────────────────────

type Lang = 'en' | 'de' | 'fr' | 'es' | 'nl' | 'it';
type DateStyle = 'dmy/' | 'dmy.' | 'dmy-' | 'dmy2/' | 'dmy2.' | 'dmy2-' | 'iso' | 'mdy/' | 'mdy2/' | 'dMonY' | 'MonDY';

interface Locale {
  lang: Lang;
  country: string;
  countryName: string;
  currency: string;
  /** As printed: '£', '€', 'CHF', 'RM'. */
  symbol: string;
  symbolBefore: boolean;
  decimal: '.' | ',';
  thousands: string;
  dates: DateStyle[];
  /** Whether "2:41 PM" is a usual time format. */
  hour12: boolean;
  taxName: string;
  taxRates: number[];
  /** Prices include the tax (Europe) or the tax is added at the till (US, Malaysia). */
  taxIncluded: boolean;
  legal: string[];
  streets: string[];
  /** '{n}' house number, '{s}' street. */
  streetFormats: string[];
  /** [town, postcode, region]. */
  towns: [string, string, string?][];
  /** '{t}' town, '{T}' town in capitals, '{pc}' postcode, '{x}' region. */
  townFormats: string[];
  /** '#' are digits. */
  phones: string[];
  taxIds: string[];
  tld: string;
  weight: number;
}

const LOCALES: Locale[] = [
  {
    lang: 'en', country: 'GB', countryName: 'United Kingdom', currency: 'GBP', symbol: '£', symbolBefore: true, decimal: '.', thousands: ',',
    dates: ['dmy/', 'dmy2/', 'dMonY', 'iso', 'dmy-'], hour12: false, taxName: 'VAT', taxRates: [20, 5], taxIncluded: true,
    legal: ['Ltd', 'Limited', 'PLC', 'LLP'],
    streets: ['High Street', 'Station Road', 'Harbour Street', 'Church Lane', "King's Road", 'Market Place', 'Victoria Road', 'Mill Lane'],
    streetFormats: ['{n} {s}', '{n}, {s}', 'Unit {n}, {s}'],
    towns: [['Portsmouth', 'PO1 2AB'], ['London', 'SE1 7PB'], ['Leeds', 'LS1 4DY'], ['Bristol', 'BS1 5TR'], ['Manchester', 'M1 1AE'], ['Brighton', 'BN1 1EE']],
    townFormats: ['{t} {pc}', '{t}, {pc}', '{T} {pc}'],
    phones: ['+44 20 7946 0###', '020 7946 ####', '01632 ######', '023 9200 ####'], taxIds: ['VAT No: GB### #### ##', 'VAT Reg No. GB#########'], tld: 'co.uk', weight: 3,
  },
  {
    lang: 'en', country: 'US', countryName: 'USA', currency: 'USD', symbol: '$', symbolBefore: true, decimal: '.', thousands: ',',
    dates: ['mdy/', 'mdy2/', 'MonDY', 'iso'], hour12: true, taxName: 'Sales Tax', taxRates: [6.25, 7, 8.25, 8.875, 9.5], taxIncluded: false,
    legal: ['Inc.', 'LLC', 'Corp.', 'Co.'],
    streets: ['Main Street', 'Elm Ave', 'Oak Street', 'Maple Drive', 'Broadway', 'Market St', 'Washington Blvd'],
    streetFormats: ['{n}## {s}', '{n}# {s}'],
    towns: [['Springfield', '62704', 'IL'], ['Austin', '78701', 'TX'], ['Portland', '97205', 'OR'], ['Columbus', '43215', 'OH'], ['Denver', '80202', 'CO']],
    townFormats: ['{t}, {x} {pc}', '{T}, {x} {pc}'],
    phones: ['(###) ###-####', '###-###-####', '+1 ###-###-####'], taxIds: ['Store #####', 'EIN ##-#######'], tld: 'com', weight: 2,
  },
  {
    lang: 'en', country: 'AU', countryName: 'Australia', currency: 'AUD', symbol: '$', symbolBefore: true, decimal: '.', thousands: ',',
    dates: ['dmy/', 'dmy2/', 'dMonY'], hour12: true, taxName: 'GST', taxRates: [10], taxIncluded: true,
    legal: ['Pty Ltd', 'Pty. Ltd.'],
    streets: ['George Street', 'Queen St', 'Chapel Street', 'Smith Street', 'Hunter Street'],
    streetFormats: ['{n} {s}', 'Shop {n}, {n} {s}'],
    towns: [['Sydney', '2000', 'NSW'], ['Melbourne', '3000', 'VIC'], ['Brisbane', '4000', 'QLD'], ['Perth', '6000', 'WA']],
    townFormats: ['{t} {x} {pc}', '{T} {x} {pc}'],
    phones: ['(02) #### ####', '+61 2 #### ####', '04## ### ###'], taxIds: ['ABN ## ### ### ###', 'ABN: ###########'], tld: 'com.au', weight: 1,
  },
  {
    lang: 'en', country: 'MY', countryName: 'Malaysia', currency: 'MYR', symbol: 'RM', symbolBefore: true, decimal: '.', thousands: ',',
    dates: ['dmy/', 'dmy-', 'dmy2/', 'dMonY'], hour12: true, taxName: 'SST', taxRates: [6, 8], taxIncluded: false,
    legal: ['SDN BHD', 'SDN. BHD.', 'Sdn Bhd', 'ENTERPRISE', 'TRADING'],
    streets: ['Jalan Ampang', 'Jalan Bukit Bintang', 'Jalan Tun Razak', 'Jalan SS 2/24', 'Jalan Tebrau', 'Jalan Meru'],
    streetFormats: ['No. {n}, {s}', '{n}, {s}', 'Lot {n}, {s}'],
    towns: [['Kuala Lumpur', '50450', 'Wilayah Persekutuan'], ['Petaling Jaya', '47300', 'Selangor'], ['Johor Bahru', '80000', 'Johor'], ['Shah Alam', '40000', 'Selangor'], ['Klang', '41000', 'Selangor']],
    townFormats: ['{pc} {t}', '{pc} {t}, {x}', '{pc} {T}'],
    phones: ['03-#### ####', '+60 3-#### ####', '012-### ####', '07-### ####'], taxIds: ['SST ID: W10-####-########', 'GST ID: 000#########', 'Co. Reg: ######-X'], tld: 'com.my', weight: 1.5,
  },
  {
    lang: 'en', country: 'IE', countryName: 'Ireland', currency: 'EUR', symbol: '€', symbolBefore: true, decimal: '.', thousands: ',',
    dates: ['dmy/', 'dMonY', 'dmy2/'], hour12: false, taxName: 'VAT', taxRates: [23, 13.5], taxIncluded: true,
    legal: ['Ltd', 'DAC', 'Teoranta'],
    streets: ['Grafton Street', 'Main Street', "O'Connell Street", 'Patrick Street', 'Shop Street'],
    streetFormats: ['{n} {s}', '{n}, {s}'],
    towns: [['Dublin 2', 'D02 X285'], ['Cork', 'T12 AB34'], ['Galway', 'H91 E2K3'], ['Limerick', 'V94 T9PX']],
    townFormats: ['{t} {pc}', '{t}, {pc}'],
    phones: ['(01) ### ####', '+353 1 ### ####', '021 ### ####'], taxIds: ['VAT No: IE#######A', 'VAT Reg: IE #######WA'], tld: 'ie', weight: 0.8,
  },
  {
    lang: 'de', country: 'DE', countryName: 'Deutschland', currency: 'EUR', symbol: '€', symbolBefore: false, decimal: ',', thousands: '.',
    dates: ['dmy.', 'dmy2.', 'iso', 'dMonY'], hour12: false, taxName: 'MwSt', taxRates: [19, 7], taxIncluded: true,
    legal: ['GmbH', 'GmbH & Co. KG', 'AG', 'e.K.', 'OHG', 'KG'],
    streets: ['Hauptstraße', 'Bahnhofstr.', 'Schillerstraße', 'Goethestr.', 'Marktplatz', 'Lindenallee', 'Berliner Str.', 'Kirchgasse'],
    streetFormats: ['{s} {n}'],
    towns: [['Berlin', '10115'], ['München', '80331'], ['Hamburg', '20095'], ['Köln', '50667'], ['Leipzig', '04109'], ['Frankfurt am Main', '60311'], ['Freiburg', '79098']],
    townFormats: ['{pc} {t}', 'D-{pc} {t}'],
    phones: ['030 #######', '+49 30 #######', '089 / ######', '0221 ######'], taxIds: ['USt-IdNr.: DE#########', 'St.-Nr. ##/###/#####', 'UST-ID DE#########'], tld: 'de', weight: 3,
  },
  {
    lang: 'de', country: 'AT', countryName: 'Österreich', currency: 'EUR', symbol: '€', symbolBefore: true, decimal: ',', thousands: '.',
    dates: ['dmy.', 'dmy2.'], hour12: false, taxName: 'USt', taxRates: [20, 10], taxIncluded: true,
    legal: ['GmbH', 'KG', 'OG', 'e.U.'],
    streets: ['Mariahilfer Straße', 'Landstraße', 'Herrengasse', 'Hauptplatz'],
    streetFormats: ['{s} {n}'],
    towns: [['Wien', '1010'], ['Graz', '8010'], ['Linz', '4020'], ['Salzburg', '5020'], ['Innsbruck', '6020']],
    townFormats: ['{pc} {t}', 'A-{pc} {t}'],
    phones: ['01 ### ## ##', '+43 1 #######', '0662 ######'], taxIds: ['UID: ATU########', 'UID-Nr. ATU########'], tld: 'at', weight: 1,
  },
  {
    lang: 'de', country: 'CH', countryName: 'Schweiz', currency: 'CHF', symbol: 'CHF', symbolBefore: true, decimal: '.', thousands: "'",
    dates: ['dmy.', 'dmy2.'], hour12: false, taxName: 'MWST', taxRates: [8.1, 2.6], taxIncluded: true,
    legal: ['AG', 'GmbH'],
    streets: ['Bahnhofstrasse', 'Marktgasse', 'Seestrasse', 'Limmatquai'],
    streetFormats: ['{s} {n}'],
    towns: [['Zürich', '8001'], ['Bern', '3011'], ['Basel', '4051'], ['Luzern', '6003']],
    townFormats: ['{pc} {t}', 'CH-{pc} {t}'],
    phones: ['044 ### ## ##', '+41 44 ### ## ##', '031 ### ## ##'], taxIds: ['CHE-###.###.### MWST', 'MWST-Nr. CHE-###.###.###'], tld: 'ch', weight: 1,
  },
  {
    lang: 'fr', country: 'FR', countryName: 'France', currency: 'EUR', symbol: '€', symbolBefore: false, decimal: ',', thousands: ' ',
    dates: ['dmy/', 'dmy2/', 'dMonY', 'dmy-'], hour12: false, taxName: 'TVA', taxRates: [20, 10, 5.5], taxIncluded: true,
    legal: ['SARL', 'SAS', 'SA', 'EURL'],
    streets: ['rue de la République', 'avenue Victor Hugo', 'boulevard Saint-Michel', 'rue du Commerce', 'place de la Mairie', 'rue Nationale'],
    streetFormats: ['{n} {s}', '{n}, {s}'],
    towns: [['Paris', '75002'], ['Lyon', '69002'], ['Marseille', '13001'], ['Toulouse', '31000'], ['Lille', '59000'], ['Nantes', '44000'], ['Bordeaux', '33000']],
    townFormats: ['{pc} {t}', '{pc} {T}'],
    phones: ['01 ## ## ## ##', '+33 1 ## ## ## ##', '04 ## ## ## ##'], taxIds: ['SIRET : ### ### ### #####', 'TVA intracom. : FR## #########', 'N° TVA FR###########'], tld: 'fr', weight: 3,
  },
  {
    lang: 'fr', country: 'BE', countryName: 'Belgique', currency: 'EUR', symbol: '€', symbolBefore: false, decimal: ',', thousands: '.',
    dates: ['dmy/', 'dmy-', 'dmy.'], hour12: false, taxName: 'TVA', taxRates: [21, 6], taxIncluded: true,
    legal: ['SPRL', 'SA', 'SRL'],
    streets: ['Rue Neuve', 'Avenue Louise', 'Rue de la Loi', 'Chaussée de Wavre'],
    streetFormats: ['{s} {n}', '{s}, {n}'],
    towns: [['Bruxelles', '1000'], ['Liège', '4000'], ['Namur', '5000']],
    townFormats: ['{pc} {t}', 'B-{pc} {t}'],
    phones: ['02 ### ## ##', '+32 2 ### ## ##'], taxIds: ['TVA BE0###.###.###', 'N° entreprise 0###.###.###'], tld: 'be', weight: 1,
  },
  {
    lang: 'fr', country: 'CH', countryName: 'Suisse', currency: 'CHF', symbol: 'CHF', symbolBefore: true, decimal: '.', thousands: "'",
    dates: ['dmy.', 'dmy/'], hour12: false, taxName: 'TVA', taxRates: [8.1], taxIncluded: true,
    legal: ['SA', 'Sàrl'],
    streets: ['Rue du Rhône', 'Avenue de la Gare', 'Rue de Bourg'],
    streetFormats: ['{s} {n}'],
    towns: [['Genève', '1204'], ['Lausanne', '1003'], ['Neuchâtel', '2000']],
    townFormats: ['{pc} {t}', 'CH-{pc} {t}'],
    phones: ['022 ### ## ##', '+41 21 ### ## ##'], taxIds: ['CHE-###.###.### TVA'], tld: 'ch', weight: 0.7,
  },
  {
    lang: 'es', country: 'ES', countryName: 'España', currency: 'EUR', symbol: '€', symbolBefore: false, decimal: ',', thousands: '.',
    dates: ['dmy/', 'dmy-', 'dmy2/', 'dMonY'], hour12: false, taxName: 'IVA', taxRates: [21, 10], taxIncluded: true,
    legal: ['S.L.', 'S.A.', 'S.L.U.', 'S.Coop.'],
    streets: ['Calle Mayor', 'Avda. de la Constitución', 'Calle de Alcalá', 'Paseo de Gracia', 'Plaza Mayor', 'C/ San Vicente', 'Gran Vía'],
    streetFormats: ['{s}, {n}', '{s} {n}', '{s}, nº {n}'],
    towns: [['Madrid', '28013'], ['Barcelona', '08007'], ['Valencia', '46002'], ['Sevilla', '41004'], ['Bilbao', '48001'], ['Zaragoza', '50001']],
    townFormats: ['{pc} {t}', '{pc} - {t}', '{pc} {T}'],
    phones: ['91 ### ## ##', '+34 91 ### ## ##', '9## ### ###', '6## ### ###'], taxIds: ['CIF: B########', 'NIF: ########Z', 'C.I.F. A########'], tld: 'es', weight: 1,
  },
  {
    lang: 'nl', country: 'NL', countryName: 'Nederland', currency: 'EUR', symbol: '€', symbolBefore: true, decimal: ',', thousands: '.',
    dates: ['dmy-', 'dmy/', 'dmy2-', 'iso'], hour12: false, taxName: 'BTW', taxRates: [21, 9], taxIncluded: true,
    legal: ['B.V.', 'N.V.', 'V.O.F.'],
    streets: ['Kerkstraat', 'Prinsengracht', 'Dorpsstraat', 'Stationsplein', 'Hoofdstraat', 'Marktplein', 'Nieuwstraat'],
    streetFormats: ['{s} {n}'],
    towns: [['Amsterdam', '1012 AB'], ['Rotterdam', '3011 AD'], ['Utrecht', '3511 LX'], ['Den Haag', '2511 CV'], ['Eindhoven', '5611 AZ'], ['Groningen', '9711 LM']],
    townFormats: ['{pc} {t}', '{pc}  {T}'],
    phones: ['020 ### ####', '+31 20 ### ####', '020-#######', '010 ### ####'], taxIds: ['BTW-nr: NL#########B01', 'KvK: ########', 'BTW NL#########B01'], tld: 'nl', weight: 3,
  },
  {
    lang: 'nl', country: 'BE', countryName: 'België', currency: 'EUR', symbol: '€', symbolBefore: true, decimal: ',', thousands: '.',
    dates: ['dmy/', 'dmy-'], hour12: false, taxName: 'BTW', taxRates: [21, 6], taxIncluded: true,
    legal: ['BV', 'NV', 'BVBA'],
    streets: ['Meir', 'Veldstraat', 'Grote Markt', 'Stationsstraat'],
    streetFormats: ['{s} {n}'],
    towns: [['Antwerpen', '2000'], ['Gent', '9000'], ['Brugge', '8000'], ['Leuven', '3000']],
    townFormats: ['{pc} {t}'],
    phones: ['03 ### ## ##', '+32 9 ### ## ##'], taxIds: ['BTW BE0###.###.###', 'Ond.nr. 0###.###.###'], tld: 'be', weight: 1,
  },
  {
    lang: 'it', country: 'IT', countryName: 'Italia', currency: 'EUR', symbol: '€', symbolBefore: false, decimal: ',', thousands: '.',
    dates: ['dmy/', 'dmy-', 'dmy2/', 'dmy.'], hour12: false, taxName: 'IVA', taxRates: [22, 10, 4], taxIncluded: true,
    legal: ['S.r.l.', 'S.p.A.', 'S.n.c.', 'S.a.s.'],
    streets: ['Via Roma', 'Corso Italia', 'Via Garibaldi', 'Piazza del Duomo', 'Via Dante', 'Viale Europa', 'Via Mazzini'],
    streetFormats: ['{s}, {n}', '{s} {n}'],
    towns: [['Roma', '00184', 'RM'], ['Milano', '20121', 'MI'], ['Napoli', '80134', 'NA'], ['Torino', '10121', 'TO'], ['Firenze', '50123', 'FI'], ['Bologna', '40121', 'BO']],
    townFormats: ['{pc} {t} ({x})', '{pc} {T} {x}', '{pc} {t}'],
    phones: ['06 #### ####', '+39 06 #### ####', '02 ########', '055 ######'], taxIds: ['P.IVA ###########', 'P. IVA IT###########', 'C.F. e P.IVA ###########'], tld: 'it', weight: 3,
  },
  {
    lang: 'it', country: 'CH', countryName: 'Svizzera', currency: 'CHF', symbol: 'CHF', symbolBefore: true, decimal: '.', thousands: "'",
    dates: ['dmy.', 'dmy/'], hour12: false, taxName: 'IVA', taxRates: [8.1], taxIncluded: true,
    legal: ['SA', 'Sagl'],
    streets: ['Via Nassa', 'Corso Pestalozzi', 'Piazza Grande'],
    streetFormats: ['{s} {n}'],
    towns: [['Lugano', '6900'], ['Locarno', '6600'], ['Bellinzona', '6500']],
    townFormats: ['{pc} {t}', 'CH-{pc} {t}'],
    phones: ['091 ### ## ##', '+41 91 ### ## ##'], taxIds: ['CHE-###.###.### IVA'], tld: 'ch', weight: 0.6,
  },
];

/** How often each language is drawn: English most, as in the real data the model will see. */
const LANGUAGE_WEIGHTS: [Lang, number][] = [['en', 0.34], ['de', 0.18], ['fr', 0.14], ['es', 0.11], ['nl', 0.11], ['it', 0.12]];

// ─── Wording per language ────────────────────────────────────────────────────────────────────

interface Labels {
  total: string[];
  subtotal: string[];
  net: string[];
  /** '{tax}' is the locale's tax name, '{rate}' the rate with '%'. */
  taxLine: string[];
  taxIncluded: string[];
  date: string[];
  time: string[];
  receiptNo: string[];
  staff: string[];
  till: string[];
  cash: string[];
  change: string[];
  cardPaid: string[];
  items: string[];
  thanks: string[];
  receiptFooter: string[];
  sale: string[];
  approved: string[];
  copy: string[];
  contactless: string[];
  amount: string[];
  authCode: string[];
  trace: string[];
  terminal: string[];
  card: string[];
  expiry: string[];
  verified: string[];
  invoice: string[];
  invoiceNo: string[];
  invoiceDate: string[];
  dueDate: string[];
  deliveryDate: string[];
  customerNo: string[];
  orderRef: string[];
  billTo: string[];
  colDesc: string[];
  colQty: string[];
  colUnit: string[];
  colAmount: string[];
  colVat: string[];
  colPos: string[];
  invoiceTotal: string[];
  /** '{due}' is the due date. */
  terms: string[];
  invoiceThanks: string[];
  page: string[];
  months: string[];
  goods: string[];
  services: string[];
  units: string[];
  shops: string[];
  surnames: string[];
  firstNames: string[];
}

const LABELS: Record<Lang, Labels> = {
  en: {
    total: ['TOTAL', 'Total', 'TOTAL DUE', 'Grand Total', 'AMOUNT DUE', 'Total to pay'],
    subtotal: ['Subtotal', 'SUBTOTAL', 'Sub-total', 'Sub Total'],
    net: ['Net', 'Net amount', 'Total excl. {tax}'],
    taxLine: ['{tax} {rate}', '{tax} @ {rate}', '{tax}', 'Tax {rate}'],
    taxIncluded: ['incl. {tax} {rate}', 'Includes {tax}', '{tax} included', 'of which {tax} {rate}'],
    date: ['Date:', 'Date', 'DATE'],
    time: ['Time:', 'Time', 'TIME'],
    receiptNo: ['Receipt No:', 'Receipt #', 'Trans #', 'Txn:', 'Receipt', 'Bill No:', 'Invoice No:'],
    staff: ['Cashier: {name}', 'Served by {name}', 'Server: {name}', 'Operator {name}'],
    till: ['Till {n}', 'Register {n}', 'POS {n}', 'Table {n}', 'Store {n}'],
    cash: ['Cash', 'CASH', 'Cash tendered'],
    change: ['Change', 'CHANGE', 'Change due'],
    cardPaid: ['Card', 'Card payment', 'VISA', 'Mastercard', 'Debit card', 'CREDIT CARD'],
    items: ['{n} items', 'Items: {n}', 'No. of items: {n}'],
    thanks: ['Thank you for your visit!', 'Thank you!', 'THANK YOU, COME AGAIN', 'Thanks for shopping with us', 'Have a nice day!'],
    receiptFooter: ['Please keep your receipt', 'Refunds within 28 days with receipt', 'Goods sold are not returnable', 'Customer copy'],
    sale: ['SALE', 'PURCHASE', 'CARD PAYMENT'],
    approved: ['APPROVED', 'AUTHORISED', 'TRANSACTION APPROVED', 'ACCEPTED'],
    copy: ['CUSTOMER COPY', 'CARDHOLDER COPY', 'MERCHANT COPY'],
    contactless: ['CONTACTLESS', 'CHIP & PIN', 'CHIP READ', 'TAP'],
    amount: ['AMOUNT', 'TOTAL', 'AMT', 'SALE AMOUNT'],
    authCode: ['AUTH CODE:', 'AUTH:', 'Auth code', 'APPR CODE:', 'AUTH NO:'],
    trace: ['TRACE NO:', 'TXN NO:', 'RECEIPT NO:', 'INVOICE:', 'REF NO:'],
    terminal: ['TID:', 'TERMINAL ID:', 'Terminal', 'MID:', 'MERCHANT ID:'],
    card: ['CARD:', 'Card No:', 'PAN:', 'CARD NO.'],
    expiry: ['EXP:', 'EXP DATE:', 'Expiry'],
    verified: ['PIN VERIFIED', 'NO SIGNATURE REQUIRED', 'NO CVM', 'PLEASE RETAIN FOR YOUR RECORDS'],
    invoice: ['INVOICE', 'TAX INVOICE', 'Invoice', 'SALES INVOICE'],
    invoiceNo: ['Invoice No:', 'Invoice #', 'Invoice number:', 'Invoice no.', 'Number:'],
    invoiceDate: ['Invoice date:', 'Date:', 'Date of issue:', 'Issue date:'],
    dueDate: ['Due date:', 'Payment due:', 'Due:'],
    deliveryDate: ['Delivery date:', 'Supply date:', 'Service date:'],
    customerNo: ['Customer No:', 'Account:', 'Customer ID:'],
    orderRef: ['PO number:', 'Your ref:', 'Order No:'],
    billTo: ['Bill to:', 'BILL TO', 'Invoice to:', 'Customer:'],
    colDesc: ['Description', 'Item', 'DESCRIPTION', 'Details'],
    colQty: ['Qty', 'Quantity', 'QTY', 'Hours'],
    colUnit: ['Unit price', 'Rate', 'Price', 'UNIT PRICE'],
    colAmount: ['Amount', 'Total', 'Line total', 'AMOUNT'],
    colVat: ['VAT', 'Tax', 'VAT %'],
    colPos: ['#', 'No.', 'Item'],
    invoiceTotal: ['Total', 'TOTAL', 'Total due', 'Amount due', 'Invoice total', 'Balance due'],
    terms: ['Payment due within 30 days.', 'Please pay by {due}.', 'Terms: 14 days net', 'Payment terms: due on receipt'],
    invoiceThanks: ['Thank you for your business!', 'We appreciate your prompt payment.', 'Thank you for your order.'],
    page: ['Page 1 of 1', 'Page 1/1', '1/1'],
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    goods: ['Sourdough loaf', 'Flat white', 'Almond croissant', 'Semi-skimmed milk 2L', 'Bananas loose', 'Free range eggs x6', 'Cheddar 400g', 'Orange juice 1L', 'Chicken sandwich', 'Americano', 'Blueberry muffin', 'Earl Grey tea', 'Pasta 500g', 'Tomato soup', 'Paracetamol 16pk', 'AA batteries 4pk', 'Wood screws 4x40', 'Greeting card', 'Notebook A5', 'Fish & chips', 'Caesar salad', 'Sparkling water', 'House red 175ml', 'Chocolate bar', 'Nasi lemak', 'Teh tarik'],
    services: ['Consulting services', 'Web hosting (annual)', 'Software licence', 'Office chair', 'Printer toner black', 'Website design', 'Maintenance contract', 'Training workshop (1 day)', 'Delivery charge', 'Laptop stand', 'Cleaning services', 'Translation services', 'Copy paper A4 (box)', 'Project management', 'Support hours'],
    units: ['', '', 'pcs', 'h', 'ea'],
    shops: ['Bakery', 'Café', 'Deli', 'Market', 'Pharmacy', 'Hardware', 'Books', 'Kitchen', 'Grocers', 'Bistro', 'Store', 'Coffee House'],
    surnames: ['Smith', 'Taylor', 'Brown', 'Wilson', 'Walker', 'Harris', 'Clarke', 'Tan', 'Lim', 'Murphy'],
    firstNames: ['James', 'Emma', 'Oliver', 'Sophie', 'Jack', 'Amelia', 'Wei Ling', 'Aisha', 'Liam', 'Grace'],
  },
  de: {
    total: ['SUMME', 'Summe', 'GESAMT', 'Gesamtbetrag', 'Zu zahlen', 'TOTAL', 'Endbetrag'],
    subtotal: ['Zwischensumme', 'ZWISCHENSUMME', 'Zw.-Summe'],
    net: ['Netto', 'Nettobetrag', 'Summe netto'],
    taxLine: ['{tax} {rate}', 'zzgl. {tax} {rate}', '{tax}', 'USt. {rate}'],
    taxIncluded: ['inkl. {tax} {rate}', 'enth. {tax} {rate}', 'darin {tax} {rate}', '{tax} {rate} enthalten'],
    date: ['Datum:', 'Datum', 'DATUM'],
    time: ['Uhrzeit:', 'Zeit:', 'Uhrzeit'],
    receiptNo: ['Beleg-Nr.', 'Bon-Nr.', 'Beleg', 'Bon:', 'Rechnung Nr.', 'Vorgang'],
    staff: ['Es bediente Sie: {name}', 'Kassierer: {name}', 'Bediener {name}'],
    till: ['Kasse {n}', 'Tisch {n}', 'Filiale {n}', 'Kasse: {n}'],
    cash: ['Bar', 'BAR', 'Gegeben', 'Bar gegeben'],
    change: ['Rückgeld', 'Zurück', 'RÜCKGELD'],
    cardPaid: ['Karte', 'EC-Karte', 'Kartenzahlung', 'girocard', 'VISA'],
    items: ['{n} Artikel', 'Anzahl Artikel: {n}', 'Positionen: {n}'],
    thanks: ['Vielen Dank für Ihren Einkauf!', 'Danke und auf Wiedersehen', 'Vielen Dank für Ihren Besuch', 'Schönen Tag noch!'],
    receiptFooter: ['Bitte Bon aufbewahren', 'Umtausch nur mit Kassenbon', 'Kundenbeleg'],
    sale: ['KAUF', 'Kartenzahlung', 'ZAHLUNG', 'Verkauf'],
    approved: ['Zahlung erfolgt', 'GENEHMIGT', 'AUTORISIERT', 'Transaktion erfolgreich'],
    copy: ['KUNDENBELEG', 'Kundenbeleg', 'HÄNDLERBELEG', 'Kopie Kunde'],
    contactless: ['Kontaktlos', 'KONTAKTLOS', 'Chip', 'PIN'],
    amount: ['BETRAG', 'Betrag', 'UMSATZ', 'SUMME'],
    authCode: ['Genehmigungs-Nr.', 'Autorisierungscode:', 'AUTH-NR.', 'Genehm.-Nr.:'],
    trace: ['Beleg-Nr.', 'Trace-Nr.', 'BNR:', 'Vorgangs-Nr.'],
    terminal: ['Terminal-ID:', 'TID:', 'TA-Nr.', 'VU-Nr.:'],
    card: ['Karte:', 'Kartennr.', 'PAN:', 'Karten-Nr.'],
    expiry: ['gültig bis', 'Verf.-Datum', 'EXP:'],
    verified: ['PIN-Eingabe', 'Unterschrift nicht erforderlich', 'Bitte Beleg aufbewahren', 'ohne Unterschrift'],
    invoice: ['RECHNUNG', 'Rechnung', 'Rechnung / Invoice'],
    invoiceNo: ['Rechnungsnummer:', 'Rechnungs-Nr.:', 'Rechnung Nr.', 'Re.-Nr.:', 'Beleg-Nr.:'],
    invoiceDate: ['Rechnungsdatum:', 'Datum:', 'Belegdatum:'],
    dueDate: ['Fällig am:', 'Zahlbar bis:', 'Fälligkeit:'],
    deliveryDate: ['Lieferdatum:', 'Leistungsdatum:', 'Leistungszeitraum:'],
    customerNo: ['Kundennummer:', 'Kunden-Nr.:', 'Kd.-Nr.:'],
    orderRef: ['Ihre Bestellung:', 'Auftrags-Nr.:', 'Ihr Zeichen:'],
    billTo: ['Rechnungsadresse', 'Rechnung an:', 'Kunde:', 'Rechnungsempfänger'],
    colDesc: ['Beschreibung', 'Bezeichnung', 'Artikel', 'Leistung'],
    colQty: ['Menge', 'Anz.', 'Anzahl', 'Stunden'],
    colUnit: ['Einzelpreis', 'E-Preis', 'Preis', 'Stundensatz'],
    colAmount: ['Betrag', 'Gesamt', 'Gesamtpreis', 'Summe'],
    colVat: ['MwSt.', 'USt.', 'MwSt %'],
    colPos: ['Pos.', 'Nr.', 'Pos'],
    invoiceTotal: ['Gesamtbetrag', 'Rechnungsbetrag', 'Summe brutto', 'Zu zahlen', 'Endbetrag'],
    terms: ['Zahlbar innerhalb von 14 Tagen ohne Abzug.', 'Bitte überweisen Sie den Betrag bis zum {due}.', 'Zahlungsziel: 30 Tage netto'],
    invoiceThanks: ['Vielen Dank für Ihren Auftrag!', 'Wir danken für Ihr Vertrauen.', 'Mit freundlichen Grüßen'],
    page: ['Seite 1 von 1', 'Seite 1/1', '1/1'],
    months: ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'],
    goods: ['Bauernbrot', 'Brezel', 'Milch 1,5% 1L', 'Cappuccino', 'Butter 250g', 'Apfelschorle 0,5L', 'Käsebrötchen', 'Bananen lose', 'Eier Freiland 10er', 'Kaffee Crema 1kg', 'Spaghetti 500g', 'Tomaten Rispe', 'Schnitzel Wiener Art', 'Weißbier 0,5L', 'Apfelstrudel', 'Zahnpasta', 'Batterien AA 4er', 'Schrauben 4x40', 'Laugenstange', 'Currywurst Pommes'],
    services: ['Beratungsleistung', 'Webhosting (jährlich)', 'Softwarelizenz', 'Bürostuhl', 'Toner schwarz', 'Webdesign', 'Wartungsvertrag', 'Schulung (1 Tag)', 'Versandkosten', 'Reinigung', 'Übersetzung', 'Kopierpapier A4 (Karton)', 'Projektmanagement', 'Support-Stunden', 'Montagearbeiten'],
    units: ['', '', 'Stk.', 'Std.', 'St'],
    shops: ['Bäckerei', 'Café', 'Markt', 'Apotheke', 'Baumarkt', 'Buchhandlung', 'Imbiss', 'Getränke', 'Metzgerei', 'Feinkost'],
    surnames: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Hoffmann', 'Wagner', 'Keller', 'Huber'],
    firstNames: ['Anna', 'Lukas', 'Sophie', 'Jonas', 'Marie', 'Felix', 'Laura', 'Paul', 'Lena', 'Tobias'],
  },
  fr: {
    total: ['TOTAL', 'Total', 'Total TTC', 'TOTAL TTC', 'Montant TTC', 'NET A PAYER'],
    subtotal: ['Sous-total', 'SOUS-TOTAL', 'Sous total'],
    net: ['Total HT', 'Montant HT', 'Total H.T.'],
    taxLine: ['{tax} {rate}', '{tax} à {rate}', '{tax}', 'Montant {tax} {rate}'],
    taxIncluded: ['dont {tax} {rate}', '{tax} incluse {rate}', 'Dont {tax}'],
    date: ['Date :', 'Date', 'DATE', 'Le'],
    time: ['Heure :', 'Heure', 'à'],
    receiptNo: ['Ticket n°', 'N° ticket :', 'Reçu n°', 'Ticket :', 'Facture n°', 'N° transaction'],
    staff: ['Caissier : {name}', 'Vendeur : {name}', 'Vous avez été servi par {name}'],
    till: ['Caisse {n}', 'Table {n}', 'Magasin {n}', 'Caisse n° {n}'],
    cash: ['Espèces', 'ESPECES', 'Reçu espèces'],
    change: ['Rendu', 'Monnaie rendue', 'RENDU'],
    cardPaid: ['Carte bancaire', 'CB', 'Carte', 'CB sans contact'],
    items: ['{n} articles', 'Nombre d\'articles : {n}', 'Nb articles {n}'],
    thanks: ['Merci de votre visite !', 'Merci et à bientôt', 'MERCI DE VOTRE VISITE', 'Bonne journée !'],
    receiptFooter: ['Conservez votre ticket', 'Échange sous 15 jours avec ticket', 'Ticket client'],
    sale: ['VENTE', 'PAIEMENT', 'DEBIT'],
    approved: ['PAIEMENT ACCEPTE', 'ACCEPTE', 'TRANSACTION ACCEPTEE', 'AUTORISE'],
    copy: ['TICKET CLIENT', 'A CONSERVER', 'TICKET COMMERCANT'],
    contactless: ['SANS CONTACT', 'Sans contact', 'PUCE', 'CODE VERIFIE'],
    amount: ['MONTANT', 'Montant', 'MONTANT REEL', 'TOTAL'],
    authCode: ['N° autorisation :', 'Code autorisation :', 'AUTO :', 'No AUTO :'],
    trace: ['N° transaction :', 'No TRANS :', 'Ticket n°', 'REF :'],
    terminal: ['N° terminal :', 'TPE :', 'No contrat :', 'ID terminal :'],
    card: ['Carte :', 'N° carte :', 'CARTE', 'PAN :'],
    expiry: ['Fin validité :', 'Exp :', 'Date exp :'],
    verified: ['CODE CONFIDENTIEL VERIFIE', 'Pas de signature', 'A CONSERVER', 'MERCI'],
    invoice: ['FACTURE', 'Facture', 'FACTURE N°'],
    invoiceNo: ['Facture n°', 'N° de facture :', 'Numéro :', 'Facture N° :'],
    invoiceDate: ['Date de facture :', 'Date :', 'Date d\'émission :'],
    dueDate: ['Échéance :', 'Date d\'échéance :', 'À régler avant le :'],
    deliveryDate: ['Date de livraison :', 'Date de prestation :'],
    customerNo: ['N° client :', 'Code client :', 'Client n°'],
    orderRef: ['Votre commande :', 'Réf. commande :', 'Bon de commande :'],
    billTo: ['Facturé à :', 'Client :', 'Adresse de facturation', 'Destinataire'],
    colDesc: ['Désignation', 'Description', 'Article', 'Prestation'],
    colQty: ['Qté', 'Quantité', 'Qte', 'Heures'],
    colUnit: ['Prix unitaire', 'P.U. HT', 'Prix U.', 'Taux horaire'],
    colAmount: ['Montant', 'Total HT', 'Montant HT', 'Total'],
    colVat: ['TVA', 'TVA %', 'Taux'],
    colPos: ['N°', 'Réf.', '#'],
    invoiceTotal: ['Total TTC', 'Net à payer', 'Montant TTC', 'TOTAL TTC', 'Total à payer'],
    terms: ['Paiement à 30 jours.', 'À régler avant le {due}.', 'Conditions de paiement : 30 jours fin de mois', 'Pas d\'escompte pour paiement anticipé.'],
    invoiceThanks: ['Merci pour votre confiance.', 'Nous vous remercions de votre commande.'],
    page: ['Page 1 sur 1', 'Page 1/1', '1/1'],
    months: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
    goods: ['Baguette tradition', 'Croissant', 'Pain au chocolat', 'Café crème', 'Lait demi-écrémé 1L', 'Beurre doux 250g', 'Camembert', 'Eau minérale 1,5L', 'Pommes Golden 1kg', 'Jambon blanc x4', 'Quiche lorraine', 'Croque-monsieur', 'Salade niçoise', 'Verre de vin rouge', 'Tarte aux pommes', 'Yaourt nature x4', 'Dentifrice', 'Piles AA x4'],
    services: ['Prestation de conseil', 'Hébergement web (annuel)', 'Licence logiciel', 'Chaise de bureau', 'Toner noir', 'Création site web', 'Contrat de maintenance', 'Formation (1 jour)', 'Frais de livraison', 'Nettoyage des locaux', 'Traduction', 'Papier A4 (carton)', 'Gestion de projet', 'Heures de support'],
    units: ['', '', 'u', 'h', 'pce'],
    shops: ['Boulangerie', 'Café', 'Épicerie', 'Pharmacie', 'Librairie', 'Brasserie', 'Bistrot', 'Quincaillerie', 'Supermarché', 'Fromagerie'],
    surnames: ['Martin', 'Bernard', 'Dubois', 'Durand', 'Lefebvre', 'Moreau', 'Laurent', 'Girard', 'Dupont', 'Fontaine'],
    firstNames: ['Camille', 'Louis', 'Chloé', 'Hugo', 'Léa', 'Julien', 'Manon', 'Thomas', 'Inès', 'Nicolas'],
  },
  es: {
    total: ['TOTAL', 'Total', 'Total a pagar', 'IMPORTE TOTAL', 'TOTAL EUROS'],
    subtotal: ['Subtotal', 'SUBTOTAL', 'Suma'],
    net: ['Base imponible', 'BASE IMP.', 'Base'],
    taxLine: ['{tax} {rate}', 'Cuota {tax} {rate}', '{tax}', '{tax} ({rate})'],
    taxIncluded: ['{tax} incluido {rate}', '{tax} incl. {rate}', 'Impuestos incluidos ({tax} {rate})'],
    date: ['Fecha:', 'Fecha', 'FECHA'],
    time: ['Hora:', 'Hora', 'HORA'],
    receiptNo: ['Ticket n.º', 'Nº ticket:', 'Factura simplificada', 'Nº operación:', 'Ticket:', 'Fra. simpl. nº'],
    staff: ['Le atendió: {name}', 'Cajero: {name}', 'Camarero: {name}'],
    till: ['Caja {n}', 'Mesa {n}', 'Tienda {n}', 'Terminal {n}'],
    cash: ['Efectivo', 'EFECTIVO', 'Entregado'],
    change: ['Cambio', 'CAMBIO', 'A devolver'],
    cardPaid: ['Tarjeta', 'TARJETA', 'Pago con tarjeta', 'VISA'],
    items: ['{n} artículos', 'Nº artículos: {n}', 'Unidades: {n}'],
    thanks: ['¡Gracias por su visita!', 'Gracias por su compra', 'GRACIAS POR SU VISITA', 'Vuelva pronto'],
    receiptFooter: ['Conserve su ticket', 'Cambios con ticket en 15 días', 'Copia cliente'],
    sale: ['VENTA', 'COMPRA', 'PAGO'],
    approved: ['APROBADA', 'OPERACIÓN APROBADA', 'AUTORIZADA', 'ACEPTADA'],
    copy: ['COPIA CLIENTE', 'COPIA PARA EL CLIENTE', 'COPIA COMERCIO'],
    contactless: ['SIN CONTACTO', 'Contactless', 'CHIP', 'PIN VERIFICADO'],
    amount: ['IMPORTE', 'Importe', 'TOTAL', 'IMP.'],
    authCode: ['Cód. autorización:', 'AUTORIZACIÓN:', 'Nº autorización:', 'AUT:'],
    trace: ['Nº operación:', 'OPER:', 'Ref.:', 'Nº transacción:'],
    terminal: ['Terminal:', 'TPV:', 'Comercio:', 'ID comercio:'],
    card: ['Tarjeta:', 'Nº tarjeta:', 'TARJ:', 'PAN:'],
    expiry: ['Caducidad:', 'Cad:', 'EXP:'],
    verified: ['PIN VERIFICADO', 'FIRMA NO NECESARIA', 'Conserve este justificante', 'OPERACIÓN CONTACTLESS'],
    invoice: ['FACTURA', 'Factura', 'FACTURA Nº'],
    invoiceNo: ['Factura n.º', 'Nº de factura:', 'Número:', 'Factura Nº:'],
    invoiceDate: ['Fecha de factura:', 'Fecha:', 'Fecha emisión:'],
    dueDate: ['Vencimiento:', 'Fecha de vencimiento:', 'Vence:'],
    deliveryDate: ['Fecha de entrega:', 'Fecha de servicio:'],
    customerNo: ['Nº cliente:', 'Código cliente:', 'Cliente nº'],
    orderRef: ['Su pedido:', 'Ref. pedido:', 'Nº pedido:'],
    billTo: ['Facturar a:', 'Cliente:', 'Datos del cliente', 'Destinatario'],
    colDesc: ['Descripción', 'Concepto', 'Artículo', 'Servicio'],
    colQty: ['Cant.', 'Cantidad', 'Uds.', 'Horas'],
    colUnit: ['Precio unit.', 'Precio', 'P. unitario', 'Tarifa'],
    colAmount: ['Importe', 'Total', 'Subtotal', 'IMPORTE'],
    colVat: ['IVA', 'IVA %', '% IVA'],
    colPos: ['Nº', 'Ref.', '#'],
    invoiceTotal: ['Total factura', 'TOTAL', 'Total a pagar', 'Importe total', 'TOTAL FACTURA'],
    terms: ['Forma de pago: transferencia a 30 días.', 'Pagar antes del {due}.', 'Vencimiento a 30 días fecha factura.'],
    invoiceThanks: ['Gracias por su confianza.', 'Gracias por su pedido.'],
    page: ['Página 1 de 1', 'Pág. 1/1', '1/1'],
    months: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'],
    goods: ['Barra de pan', 'Café con leche', 'Cortado', 'Croissant', 'Leche entera 1L', 'Aceite de oliva 1L', 'Tomates kg', 'Jamón serrano 100g', 'Queso manchego', 'Agua mineral 1,5L', 'Tortilla española', 'Caña de cerveza', 'Patatas bravas', 'Calamares', 'Ensalada mixta', 'Naranjas malla 2kg', 'Arroz 1kg', 'Pilas AA x4'],
    services: ['Servicios de consultoría', 'Alojamiento web (anual)', 'Licencia de software', 'Silla de oficina', 'Tóner negro', 'Diseño web', 'Contrato de mantenimiento', 'Formación (1 día)', 'Gastos de envío', 'Limpieza de oficinas', 'Traducción', 'Papel A4 (caja)', 'Gestión de proyecto', 'Horas de soporte'],
    units: ['', '', 'ud.', 'h', 'uds'],
    shops: ['Panadería', 'Cafetería', 'Supermercado', 'Farmacia', 'Ferretería', 'Librería', 'Bar', 'Restaurante', 'Frutería'],
    surnames: ['García', 'Martínez', 'López', 'Sánchez', 'Pérez', 'Gómez', 'Fernández', 'Ruiz', 'Díaz', 'Moreno'],
    firstNames: ['Lucía', 'Hugo', 'Martina', 'Pablo', 'Carmen', 'Javier', 'Elena', 'Diego', 'Sara', 'Alejandro'],
  },
  nl: {
    total: ['TOTAAL', 'Totaal', 'Te betalen', 'TOTAAL EUR', 'Totaalbedrag'],
    subtotal: ['Subtotaal', 'SUBTOTAAL', 'Tussentotaal'],
    net: ['Totaal excl. {tax}', 'Netto', 'Bedrag excl. {tax}'],
    taxLine: ['{tax} {rate}', '{tax} hoog {rate}', '{tax}', '{tax} ({rate})'],
    taxIncluded: ['incl. {tax} {rate}', 'waarvan {tax} {rate}', '{tax} {rate} inbegrepen'],
    date: ['Datum:', 'Datum', 'DATUM'],
    time: ['Tijd:', 'Tijd', 'Om'],
    receiptNo: ['Bonnr.', 'Bon nr.', 'Bonnummer:', 'Transactie:', 'Bon:'],
    staff: ['U werd geholpen door {name}', 'Kassier: {name}', 'Medewerker {name}'],
    till: ['Kassa {n}', 'Tafel {n}', 'Filiaal {n}', 'Kassa: {n}'],
    cash: ['Contant', 'CONTANT', 'Betaald contant'],
    change: ['Wisselgeld', 'Terug', 'WISSELGELD'],
    cardPaid: ['Pin', 'PIN', 'Pinbetaling', 'Maestro', 'Betaald met pin'],
    items: ['{n} artikelen', 'Aantal artikelen: {n}', 'Artikelen: {n}'],
    thanks: ['Bedankt voor uw bezoek!', 'Tot ziens!', 'BEDANKT EN TOT ZIENS', 'Fijne dag!'],
    receiptFooter: ['Bewaar uw kassabon', 'Ruilen binnen 14 dagen met bon', 'Klantenticket'],
    sale: ['BETALING', 'AANKOOP', 'PINNEN'],
    approved: ['AKKOORD', 'GOEDGEKEURD', 'Betaling geslaagd', 'TRANSACTIE GESLAAGD'],
    copy: ['KLANTENTICKET', 'Klantenbon', 'KOPIE KLANT', 'WINKELIERSBON'],
    contactless: ['CONTACTLOOS', 'Contactloos', 'CHIP', 'PINCODE'],
    amount: ['BEDRAG', 'Bedrag', 'TOTAAL', 'BEDR.'],
    authCode: ['Autorisatiecode:', 'Autorisatie:', 'AUT. CODE:', 'Aut.code:'],
    trace: ['Transactie:', 'Volgnr:', 'Ref:', 'Bonnr:'],
    terminal: ['Terminal:', 'Terminal ID:', 'Merchant:', 'Poi:'],
    card: ['Kaart:', 'Kaartnr.:', 'Kaartnummer:', 'PAN:'],
    expiry: ['Geldig t/m:', 'Vervaldatum:', 'EXP:'],
    verified: ['PINCODE GEVERIFIEERD', 'Geen handtekening nodig', 'Bewaar deze bon', 'DANK U'],
    invoice: ['FACTUUR', 'Factuur', 'FACTUUR NR.'],
    invoiceNo: ['Factuurnummer:', 'Factuur nr.', 'Factuurnr.:', 'Nummer:'],
    invoiceDate: ['Factuurdatum:', 'Datum:', 'Datum factuur:'],
    dueDate: ['Vervaldatum:', 'Te betalen voor:', 'Uiterste betaaldatum:'],
    deliveryDate: ['Leverdatum:', 'Datum levering:'],
    customerNo: ['Klantnummer:', 'Debiteurnr.:', 'Klant nr.'],
    orderRef: ['Uw referentie:', 'Ordernummer:', 'Uw bestelling:'],
    billTo: ['Factuuradres', 'Aan:', 'Klant:', 'Factureren aan'],
    colDesc: ['Omschrijving', 'Artikel', 'Beschrijving', 'Dienst'],
    colQty: ['Aantal', 'Aant.', 'Uren', 'Hoeveelheid'],
    colUnit: ['Prijs', 'Stukprijs', 'Tarief', 'Prijs per stuk'],
    colAmount: ['Bedrag', 'Totaal', 'Subtotaal', 'BEDRAG'],
    colVat: ['BTW', 'BTW %', 'Btw'],
    colPos: ['Nr.', 'Pos.', '#'],
    invoiceTotal: ['Totaal', 'Totaal incl. BTW', 'Te betalen', 'TOTAAL', 'Totaalbedrag'],
    terms: ['Gelieve binnen 30 dagen te betalen.', 'Graag betalen voor {due}.', 'Betalingstermijn: 14 dagen'],
    invoiceThanks: ['Bedankt voor uw opdracht!', 'Hartelijk dank voor uw bestelling.'],
    page: ['Pagina 1 van 1', 'Pagina 1/1', '1/1'],
    months: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'],
    goods: ['Volkorenbrood', 'Koffie verkeerd', 'Cappuccino', 'Halfvolle melk 1L', 'Goudse kaas jong', 'Appeltaart', 'Stroopwafels', 'Bananen', 'Eieren 10 st', 'Spa rood 1,5L', 'Tosti ham/kaas', 'Bitterballen 8 st', 'Pils 0,25L', 'Hagelslag', 'Pindakaas', 'Tandpasta', 'Batterijen AA 4st'],
    services: ['Advieswerkzaamheden', 'Webhosting (jaarlijks)', 'Softwarelicentie', 'Bureaustoel', 'Toner zwart', 'Webdesign', 'Onderhoudscontract', 'Training (1 dag)', 'Verzendkosten', 'Schoonmaakwerkzaamheden', 'Vertaling', 'Kopieerpapier A4 (doos)', 'Projectmanagement', 'Supporturen'],
    units: ['', '', 'st', 'uur', 'stuks'],
    shops: ['Bakkerij', 'Koffiehuis', 'Supermarkt', 'Apotheek', 'Bouwmarkt', 'Boekhandel', 'Eetcafé', 'Slagerij', 'Kaashandel'],
    surnames: ['de Vries', 'Jansen', 'de Jong', 'Bakker', 'Visser', 'Smit', 'Peeters', 'Janssens', 'Mulder', 'de Boer'],
    firstNames: ['Daan', 'Emma', 'Sem', 'Julia', 'Lucas', 'Tess', 'Bram', 'Sanne', 'Ruben', 'Lotte'],
  },
  it: {
    total: ['TOTALE', 'Totale', 'TOTALE EURO', 'Totale complessivo', 'IMPORTO PAGATO', 'TOTALE COMPLESSIVO'],
    subtotal: ['Subtotale', 'SUBTOTALE', 'Parziale'],
    net: ['Imponibile', 'Totale imponibile', 'Netto'],
    taxLine: ['{tax} {rate}', '{tax} al {rate}', '{tax}', 'Imposta {rate}'],
    taxIncluded: ['di cui {tax} {rate}', '{tax} inclusa {rate}', 'Di cui {tax}'],
    date: ['Data:', 'Data', 'DATA'],
    time: ['Ora:', 'Ora', 'ORE'],
    receiptNo: ['Scontrino n.', 'Documento n.', 'DOC. N.', 'N. scontrino:', 'Doc. commerciale n.'],
    staff: ['Operatore: {name}', 'Cassiere: {name}', 'Vi ha servito {name}'],
    till: ['Cassa {n}', 'Tavolo {n}', 'Punto vendita {n}', 'Cassa n. {n}'],
    cash: ['Contanti', 'CONTANTI', 'Pagato contanti'],
    change: ['Resto', 'RESTO', 'Resto dovuto'],
    cardPaid: ['Carta', 'Bancomat', 'Pagamento elettronico', 'Carta di credito'],
    items: ['{n} articoli', 'N. pezzi: {n}', 'Articoli: {n}'],
    thanks: ['Grazie e arrivederci!', 'Grazie per la visita', 'GRAZIE E ARRIVEDERCI', 'Buona giornata!'],
    receiptFooter: ['Conservare lo scontrino', 'Cambi entro 10 giorni con scontrino', 'Copia cliente'],
    sale: ['ACQUISTO', 'PAGAMENTO', 'VENDITA'],
    approved: ['APPROVATO', 'TRANSAZIONE ESEGUITA', 'AUTORIZZATO', 'OPERAZIONE ESEGUITA'],
    copy: ['COPIA CLIENTE', 'COPIA PER IL CLIENTE', 'COPIA ESERCENTE'],
    contactless: ['CONTACTLESS', 'SENZA CONTATTO', 'CHIP', 'PIN VERIFICATO'],
    amount: ['IMPORTO', 'Importo', 'TOTALE', 'IMP.'],
    authCode: ['Cod. autorizzazione:', 'AUT.:', 'Cod. aut.', 'N. autorizzazione:'],
    trace: ['N. operazione:', 'STAN:', 'Rif.:', 'Op. n.'],
    terminal: ['Terminale:', 'TML:', 'ID esercente:', 'Esercente:'],
    card: ['Carta:', 'N. carta:', 'PAN:', 'CARTA'],
    expiry: ['Scadenza:', 'Scad.:', 'EXP:'],
    verified: ['PIN VERIFICATO', 'FIRMA NON NECESSARIA', 'Conservare la ricevuta', 'GRAZIE'],
    invoice: ['FATTURA', 'Fattura', 'FATTURA N.'],
    invoiceNo: ['Fattura n.', 'Numero fattura:', 'N. documento:', 'Fattura N°'],
    invoiceDate: ['Data fattura:', 'Data:', 'Data documento:'],
    dueDate: ['Scadenza:', 'Data scadenza:', 'Pagamento entro:'],
    deliveryDate: ['Data consegna:', 'Data prestazione:'],
    customerNo: ['Codice cliente:', 'Cliente n.', 'Cod. cliente:'],
    orderRef: ['Vs. ordine:', 'Rif. ordine:', 'Ordine n.'],
    billTo: ['Spett.le', 'Cliente:', 'Fatturare a:', 'Destinatario'],
    colDesc: ['Descrizione', 'Articolo', 'Prestazione', 'Descrizione articolo'],
    colQty: ['Qtà', 'Quantità', 'Q.tà', 'Ore'],
    colUnit: ['Prezzo unit.', 'Prezzo', 'P. unitario', 'Tariffa'],
    colAmount: ['Importo', 'Totale', 'Imponibile', 'IMPORTO'],
    colVat: ['IVA', 'IVA %', 'Aliq.'],
    colPos: ['N.', 'Pos.', '#'],
    invoiceTotal: ['Totale documento', 'Totale fattura', 'TOTALE', 'Netto a pagare', 'Totale da pagare'],
    terms: ['Pagamento: bonifico bancario 30 gg d.f.', 'Pagare entro il {due}.', 'Modalità di pagamento: bonifico'],
    invoiceThanks: ['Grazie per la fiducia.', 'Cordiali saluti.'],
    page: ['Pagina 1 di 1', 'Pag. 1/1', '1/1'],
    months: ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'],
    goods: ['Pane casereccio', 'Cornetto', 'Caffè espresso', 'Cappuccino', 'Latte intero 1L', 'Mozzarella 125g', 'Parmigiano 200g', 'Pasta penne 500g', 'Passata di pomodoro', 'Acqua naturale 1,5L', 'Pizza margherita', 'Tiramisù', 'Prosciutto crudo 100g', 'Olio EVO 1L', 'Mele Golden kg', 'Calice di vino', 'Spremuta d\'arancia', 'Batterie AA x4'],
    services: ['Servizi di consulenza', 'Hosting web (annuale)', 'Licenza software', 'Sedia da ufficio', 'Toner nero', 'Realizzazione sito web', 'Contratto di manutenzione', 'Formazione (1 giorno)', 'Spese di spedizione', 'Pulizia uffici', 'Traduzione', 'Carta A4 (scatola)', 'Gestione progetto', 'Ore di assistenza'],
    units: ['', '', 'pz.', 'ore', 'n.'],
    shops: ['Panetteria', 'Bar', 'Caffè', 'Alimentari', 'Farmacia', 'Ferramenta', 'Libreria', 'Trattoria', 'Pizzeria', 'Supermercato'],
    surnames: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco'],
    firstNames: ['Giulia', 'Marco', 'Francesca', 'Luca', 'Chiara', 'Matteo', 'Sara', 'Andrea', 'Elena', 'Davide'],
  },
};

/** Syllables that make pronounceable brand names in any of the six languages. */
const NAME_HEADS = ['Nor', 'Bel', 'Sol', 'Mar', 'Lin', 'Ald', 'Ver', 'Cas', 'Mon', 'Ros', 'Kal', 'Tor', 'Ber', 'Fen', 'Gal', 'Har', 'Lum', 'Pra', 'Sen', 'Val', 'Win', 'Zan', 'Or', 'Ast', 'Cor', 'Del', 'Eli', 'Gra'];
const NAME_TAILS = ['da', 'ena', 'ico', 'ora', 'ex', 'is', 'ton', 'berg', 'ville', 'hof', 'mar', 'ia', 'o', 'ell', 'ino', 'stad', 'wood', 'lux', 'ano', 'ette'];
const NAME_WORDS = ['Green', 'Golden', 'Royal', 'Corner', 'Central', 'City', 'Sun', 'Blue', 'Alpine', 'Nord', 'Union', 'Metro', 'Star'];
const CARD_BRANDS = ['VISA', 'MASTERCARD', 'Mastercard', 'MAESTRO', 'AMEX', 'V PAY', 'VISA DEBIT', 'DEBIT MASTERCARD'];

// ─── Per-document context and formatting ─────────────────────────────────────────────────────

interface SimpleDate {
  y: number;
  m: number;
  d: number;
}

interface Ctx {
  rng: Rng;
  loc: Locale;
  lab: Labels;
  m: Measurer;
  /** Thermal printers often print everything in capitals. */
  upper: boolean;
  /** Thousands separator of this document ('' where it prints none). */
  thousands: string;
  /** Whether amounts carry a symbol ('£') or the ISO code ('GBP') where they carry one. */
  currencyAsCode: boolean;
  dateStyle: DateStyle;
  timeStyle: 'hm' | 'hms' | 'h12';
  /** The document's own date (issue or transaction date). */
  date: SimpleDate;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The label as this document prints it (in capitals on shouting thermal printers). */
function up(c: Ctx, s: string): string {
  return c.upper ? s.toUpperCase() : s;
}

/** Fills '{key}' placeholders. */
function template(s: string, vars: Record<string, string | number>): string {
  return s.replace(/\{(\w+)\}/g, (all, k: string) => (k in vars ? String(vars[k]) : all));
}

/** 1234567 cents -> '12,345.67' (or '12.345,67', "12'345.67", '12345,67') as the document writes numbers. */
function formatNumber(c: Ctx, cents: number): string {
  const abs = Math.abs(cents);
  const int = String(Math.floor(abs / 100));
  const grouped = c.thousands ? int.replace(/\B(?=(\d{3})+(?!\d))/g, c.thousands) : int;
  return `${cents < 0 ? '-' : ''}${grouped}${c.loc.decimal}${pad2(abs % 100)}`;
}

/** An amount with its currency, on the side and with the spacing the locale uses. */
function formatMoney(c: Ctx, cents: number): string {
  const n = formatNumber(c, cents);
  const { loc } = c;
  if (c.currencyAsCode) return loc.symbolBefore ? `${loc.currency} ${n}` : `${n} ${loc.currency}`;
  if (!loc.symbolBefore) return `${n} ${loc.symbol}`;
  // '£12.50' and '$12.50', but 'CHF 12.50', 'RM 12.50' and the Dutch and Austrian '€ 12,50'.
  const spaced = loc.symbol.length > 1 || loc.lang === 'nl' || loc.country === 'AT';
  return spaced ? `${loc.symbol} ${n}` : `${loc.symbol}${n}`;
}

/** A tax rate as printed: '20%', '5,5 %', '8.1%'. */
function formatRate(c: Ctx, rate: number): string {
  const n = Number.isInteger(rate) ? String(rate) : String(rate).replace('.', c.loc.decimal);
  return c.loc.lang === 'fr' ? `${n} %` : `${n}%`;
}

function formatDate(c: Ctx, d: SimpleDate, style: DateStyle = c.dateStyle): string {
  const dd = pad2(d.d);
  const mm = pad2(d.m);
  const yy = pad2(d.y % 100);
  const mon = c.lab.months[d.m - 1];
  switch (style) {
    case 'dmy/': return `${dd}/${mm}/${d.y}`;
    case 'dmy.': return `${dd}.${mm}.${d.y}`;
    case 'dmy-': return `${dd}-${mm}-${d.y}`;
    case 'dmy2/': return `${dd}/${mm}/${yy}`;
    case 'dmy2.': return `${dd}.${mm}.${yy}`;
    case 'dmy2-': return `${dd}-${mm}-${yy}`;
    case 'iso': return `${d.y}-${mm}-${dd}`;
    case 'mdy/': return `${mm}/${dd}/${d.y}`;
    case 'mdy2/': return `${mm}/${dd}/${yy}`;
    case 'dMonY': return c.loc.lang === 'de' ? `${d.d}. ${up(c, mon)} ${d.y}` : `${d.d} ${up(c, mon)} ${d.y}`;
    case 'MonDY': return `${up(c, mon)} ${d.d}, ${d.y}`;
  }
}

/** A time of day in the document's format: '12:41', '12:41:07', '2:41 PM'. */
function formatTime(c: Ctx): string {
  const h = c.rng.int(7, 22);
  const min = pad2(c.rng.int(0, 59));
  if (c.timeStyle === 'h12') return `${h % 12 || 12}:${min} ${h < 12 ? 'AM' : 'PM'}`;
  return c.timeStyle === 'hms' ? `${pad2(h)}:${min}:${pad2(c.rng.int(0, 59))}` : `${pad2(h)}:${min}`;
}

/** A date some days after another (due dates), without a calendar library: months of 28 days suffice. */
function laterDate(d: SimpleDate, days: number): SimpleDate {
  let { y, m } = d;
  let day = d.d + days;
  while (day > 28) {
    day -= 28;
    m += 1;
    if (m > 12) [m, y] = [1, y + 1];
  }
  return { y, m, d: day };
}

// ─── Content: parties, numbers, items ───────────────────────────────────────────────────────

interface Party {
  /** One or two name lines (brand, then legal name). */
  names: string[];
  address: string[];
  phone: string | null;
  taxId: string;
  web: string;
  email: string;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A made-up brand: 'Belmora', 'Golden Kaltonn'. */
function brandName(rng: Rng): string {
  const word = capitalize(rng.pick(NAME_HEADS).toLowerCase() + rng.pick(NAME_TAILS));
  return rng.chance(0.25) ? `${rng.pick(NAME_WORDS)} ${word}` : word;
}

/** ASCII slug of a name for web and mail addresses. */
function slug(name: string): string {
  return name.normalize('NFD').replace(/[^A-Za-z0-9]/g, '').toLowerCase().slice(0, 18) || 'shop';
}

/** The seller: name lines in the locale's style, address, phone, tax id, web. */
function makeSeller(c: Ctx): Party {
  const { rng, lab, loc } = c;
  const brand = brandName(rng);
  const shop = rng.pick(lab.shops);
  const surname = rng.pick(lab.surnames);
  const legal = rng.pick(loc.legal);
  // Shop-type word order follows the language: 'Corner Bakery' but 'Bäckerei Müller'.
  const shopName = loc.lang === 'en' ? rng.pick([`${brand} ${shop}`, `${surname}'s ${shop}`, brand]) : rng.pick([`${shop} ${surname}`, `${shop} ${brand}`, brand]);
  const names = rng.weighted<string[]>([
    [[shopName], 3],
    [[`${brand} ${legal}`], 2],
    [[shopName, `${rng.pick([brand, surname])} ${rng.pick(['Trading', 'Retail', 'Handels', 'Group', 'Services', 'Holding'])} ${legal}`], 2],
    [[shopName, `${brand} ${legal}`], 2],
  ]);
  return { names, address: makeAddress(c), phone: rng.chance(0.8) ? makePhone(c) : null, taxId: rng.fill(rng.pick(loc.taxIds)), web: `www.${slug(brand)}.${loc.tld}`, email: `${rng.pick(['info', 'hello', 'billing', 'contact'])}@${slug(brand)}.${loc.tld}` };
}

/** 1-3 address lines: street, postcode and town, sometimes the country. */
function makeAddress(c: Ctx): string[] {
  const { rng, loc } = c;
  const street = rng.fill(template(rng.pick(loc.streetFormats), { n: rng.int(1, 199), s: rng.pick(loc.streets) }));
  const [t, pc, x = ''] = rng.pick(loc.towns);
  const town = template(rng.pick(loc.townFormats), { t, T: t.toUpperCase(), pc, x });
  const lines = rng.chance(0.2) ? [`${street}, ${town}`] : [street, town];
  if (rng.chance(0.2)) lines.push(loc.countryName);
  return lines;
}

/** A phone line, with or without a label: 'Tel: +49 30 1234567'. */
function makePhone(c: Ctx): string {
  const { rng, loc } = c;
  const labels: Record<Lang, string[]> = {
    en: loc.country === 'US' ? ['Phone:', 'Tel:', 'Ph:'] : ['Tel:', 'Tel', 'Phone:', 'T:', 'Tel.'],
    de: ['Tel.', 'Tel:', 'Telefon:', 'Fon:'],
    fr: ['Tél.', 'Tél :', 'Tel:', 'Téléphone :'],
    es: ['Tel.', 'Tel:', 'Teléfono:', 'Tlf:'],
    nl: ['Tel.', 'Tel:', 'Telefoon:', 'T:'],
    it: ['Tel.', 'Tel:', 'Telefono:'],
  };
  const number = rng.fill(rng.pick(loc.phones));
  return rng.chance(0.85) ? `${rng.pick(labels[loc.lang])} ${number}` : number;
}

/** The buyer of an invoice: a company or a person, with an address (all roles [] for the model). */
function makeBuyer(c: Ctx): string[] {
  const { rng, lab, loc } = c;
  const person = `${rng.pick(lab.firstNames)} ${rng.pick(lab.surnames)}`;
  const lines = rng.chance(0.6) ? [`${brandName(rng)} ${rng.pick(loc.legal)}`, ...(rng.chance(0.4) ? [person] : [])] : [person];
  return [...lines, ...makeAddress(c)];
}

interface Item {
  name: string;
  /** Quantity in hundredths (150 = 1.5 hours), so amounts stay integer cents. */
  qty100: number;
  unit: string;
  unitCents: number;
  cents: number;
}

/** Prices scale with the currency so that ringgit receipts look like ringgit receipts. */
const PRICE_SCALE: Record<string, number> = { MYR: 4, CHF: 1.1, USD: 1.1, AUD: 1.5 };

/** Log-uniform price in cents between lo and hi units. */
function price(c: Ctx, lo: number, hi: number): number {
  const scale = PRICE_SCALE[c.loc.currency] ?? 1;
  const v = Math.exp(c.rng.float(Math.log(lo), Math.log(hi))) * scale;
  return Math.max(5, Math.round(v * 20) * 5);
}

/** Some names drawn without repeats (a till groups the same article on one line). */
function distinct(rng: Rng, names: string[], count: number): string[] {
  const pool = [...names];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return Array.from({ length: count }, (_, i) => pool[i % pool.length]);
}

/** Receipt items: shop goods, mostly single, some several. */
function receiptItems(c: Ctx, count: number): Item[] {
  return distinct(c.rng, c.lab.goods, count).map((name) => {
    const qty = c.rng.chance(0.7) ? 1 : c.rng.int(2, 6);
    const unitCents = price(c, 0.6, 18);
    return { name, qty100: qty * 100, unit: '', unitCents, cents: qty * unitCents };
  });
}

/** Invoice items: services and goods, with hours in halves and larger prices. */
function invoiceItems(c: Ctx, count: number): Item[] {
  return distinct(c.rng, c.lab.services, count).map((name) => {
    const hours = c.rng.chance(0.3);
    const qty100 = hours ? c.rng.int(1, 24) * 50 : c.rng.int(1, c.rng.chance(0.5) ? 3 : 40) * 100;
    const unitCents = price(c, hours ? 40 : 3, hours ? 160 : 1800);
    return { name, qty100, unit: c.rng.pick(c.lab.units), unitCents, cents: Math.round((qty100 * unitCents) / 100) };
  });
}

/** A quantity as printed: '2', '1.5', '7,5 Std.'. */
function formatQty(c: Ctx, item: Item): string {
  const whole = item.qty100 % 100 === 0;
  const n = whole ? String(item.qty100 / 100) : (item.qty100 / 100).toFixed(1).replace('.', c.loc.decimal);
  return item.unit ? `${n} ${item.unit}` : n;
}

/** The tax in a tax-inclusive gross amount (rate in percent). */
const taxOfGross = (gross: number, rate: number) => Math.round((gross * rate) / (100 + rate));
const taxOfNet = (net: number, rate: number) => Math.round((net * rate) / 100);

function receiptNumber(rng: Rng): string {
  return rng.fill(rng.pick(['######', '####', '#####-###', '0###-####-####', 'R ######', 'T00#/####', '#########']));
}

function invoiceNumber(c: Ctx): string {
  const y = c.date.y;
  return c.rng.fill(c.rng.pick([`${y}-0###`, 'INV-00####', `RE-${y}-0###`, `F${y}/0###`, 'FA-#####', '1#####', `${y}/###`, `FV-${y}-00###`, '#####']));
}

/** Masked card number with the last four digits visible. */
function maskedCard(rng: Rng, last4: string): string {
  return rng.pick([`**** **** **** ${last4}`, `************${last4}`, `XXXXXXXXXXXX${last4}`, `xxxx xxxx xxxx ${last4}`, `#### #### #### ${last4}`, `**** ${last4}`, `XXXX XXXX XXXX ${last4}`]);
}

// ─── Fonts, measuring and placing text ──────────────────────────────────────────────────────

type Family = 'DejaVu Sans' | 'DejaVu Sans Mono' | 'DejaVu Serif';

interface Font {
  family: Family;
  size: number;
  bold?: boolean;
  /** DejaVu Sans Condensed / Serif Condensed (no condensed mono exists). */
  condensed?: boolean;
  /** DejaVu Sans ExtraLight (Sans only, not condensed): kept to large sizes, thin strokes blur away. */
  light?: boolean;
}

const withFont = (f: Font, change: Partial<Font>): Font => ({ ...f, ...change });

/** The CSS font string; ExtraLight and Condensed are asked for by weight and stretch, which the canvas maps to those faces. */
function cssFont(f: Font): string {
  const weight = f.light && f.family === 'DejaVu Sans' && !f.condensed ? '200 ' : f.bold ? 'bold ' : '';
  return `${weight}${f.size}px "${f.family}"`;
}

const fontStretch = (f: Font) => (f.condensed && f.family !== 'DejaVu Sans Mono' ? 'semi-condensed' : 'normal');

/** Ink bounds of a run, relative to its left x and its baseline (as ctx.measureText reports them). */
interface Ink {
  left: number;
  right: number;
  ascent: number;
  descent: number;
}

interface Run {
  text: string;
  roles: Role[];
  /** Left end of the text as drawn (textAlign 'left'). */
  x: number;
  baseline: number;
  font: Font;
  ink: Ink;
}

/** Text metrics from a scratch canvas, with the same fonts the page is drawn in. */
class Measurer {
  private readonly ctx: SKRSContext2D = createCanvas(8, 8).getContext('2d');
  private current = '';

  constructor() {
    // Without the fonts the canvas silently falls back to another face and the documents change.
    const families: Family[] = ['DejaVu Sans', 'DejaVu Sans Mono', 'DejaVu Serif'];
    const missing = families.filter((f) => !GlobalFonts.has(f));
    if (missing.length) throw new Error(`synthetic documents need the system fonts ${missing.join(', ')} (fonts-dejavu)`);
  }

  private use(f: Font): void {
    const key = `${cssFont(f)}|${fontStretch(f)}`;
    if (key === this.current) return;
    this.ctx.font = cssFont(f);
    this.ctx.fontStretch = fontStretch(f);
    this.current = key;
  }

  width(text: string, f: Font): number {
    this.use(f);
    return this.ctx.measureText(text).width;
  }

  ink(text: string, f: Font): Ink {
    this.use(f);
    const m = this.ctx.measureText(text);
    return { left: -m.actualBoundingBoxLeft, right: m.actualBoundingBoxRight, ascent: m.actualBoundingBoxAscent, descent: m.actualBoundingBoxDescent };
  }

  /** The font's ascent: where the baseline sits below the top of a line. */
  ascent(f: Font): number {
    this.use(f);
    return this.ctx.measureText('Hg').fontBoundingBoxAscent;
  }

  /** The longest prefix of text (cut at a word where it can) that fits maxWidth. */
  shorten(text: string, f: Font, maxWidth: number): string {
    if (this.width(text, f) <= maxWidth) return text;
    let cut = text;
    while (cut.length > 1 && this.width(cut, f) > maxWidth) {
      const space = cut.lastIndexOf(' ');
      cut = space > cut.length * 0.6 ? cut.slice(0, space) : cut.slice(0, -1);
      cut = cut.trimEnd();
    }
    return cut;
  }

  /** The largest size not above f.size, and not below minSize, at which text fits maxWidth. */
  fitSize(text: string, f: Font, maxWidth: number, minSize: number): Font {
    let g = f;
    while (g.size > minSize && this.width(text, g) > maxWidth) g = withFont(g, { size: g.size - 1 });
    return g;
  }
}

/** A drawn line (separators, table rules) or a shaded band (table headers): no text, no box. */
interface Rule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  width: number;
  dash: boolean;
}
interface Band {
  x: number;
  y: number;
  w: number;
  h: number;
  /** 0 white to 1 black. */
  shade: number;
}

/** Everything drawn on one page, in page coordinates before rotation. */
class Sheet {
  readonly runs: Run[] = [];
  readonly rules: Rule[] = [];
  readonly bands: Band[] = [];
  /** Barcodes as bar lists: [x, width] under a top y and height. */
  readonly barcodes: { x: number; y: number; h: number; bars: [number, number][] }[] = [];

  constructor(readonly m: Measurer) {}

  /** Puts text with its left edge, right edge or centre at x; an empty text draws nothing. */
  put(text: string, roles: Role[], x: number, baseline: number, font: Font, align: Align = 'left'): void {
    const t = text.trim();
    if (!t) return;
    const w = this.m.width(t, font);
    const left = align === 'left' ? x : align === 'right' ? x - w : x - w / 2;
    this.runs.push({ text: t, roles: [...new Set(roles)], x: left, baseline, font, ink: this.m.ink(t, font) });
  }
}

type Align = 'left' | 'right' | 'center';

interface Cell {
  text: string;
  roles?: Role[];
  align?: Align;
  /** The anchor x: left edge, right edge or centre; the flow's edges or middle by default. */
  at?: number;
  font?: Font;
}

/** Lays lines top to bottom between two margins. */
class Flow {
  constructor(
    readonly sheet: Sheet,
    readonly left: number,
    readonly right: number,
    public y: number,
    public lead: number,
  ) {}

  get width(): number {
    return this.right - this.left;
  }

  /** One visual line: each cell at its anchor on a shared baseline; then down by the line height. */
  line(font: Font, ...cells: Cell[]): void {
    const tallest = cells.reduce((f, cell) => (cell.font && cell.font.size > f.size ? cell.font : f), font);
    const baseline = this.y + this.sheet.m.ascent(tallest);
    for (const cell of cells) {
      const align = cell.align ?? 'left';
      const x = cell.at ?? (align === 'right' ? this.right : align === 'center' ? (this.left + this.right) / 2 : this.left);
      this.sheet.put(cell.text, cell.roles ?? [], x, baseline, cell.font ?? font, align);
    }
    this.y += tallest.size * this.lead;
  }

  space(px: number): void {
    this.y += px;
  }

  /** A separator line across the flow. */
  rule(dash: boolean, width = 1.5): void {
    this.y += 4;
    this.sheet.rules.push({ x0: this.left, y0: this.y, x1: this.right, y1: this.y, width, dash });
    this.y += 8;
  }
}

// ─── Receipts and card slips ────────────────────────────────────────────────────────────────

interface ReceiptStyle {
  width: number;
  margin: number;
  body: Font;
  /** Merchant name and, sometimes, the total. */
  big: Font;
  /** Label and amount in one monospace run padded with spaces, as till printers do. */
  padded: boolean;
  /** Header lines centred (else flush left). */
  center: boolean;
  lead: number;
}

/** Width, font and line spacing of a till roll; narrow for card terminals. */
function receiptStyle(c: Ctx, narrow: boolean): ReceiptStyle {
  const { rng } = c;
  const width = narrow ? rng.int(440, 660) : rng.int(460, 820);
  const margin = rng.int(16, 44);
  const mono = rng.chance(narrow ? 0.8 : 0.6);
  const family: Family = mono ? 'DejaVu Sans Mono' : rng.pick<Family>(['DejaVu Sans', 'DejaVu Sans', 'DejaVu Serif']);
  const condensed = !mono && rng.chance(0.3);
  // Till rolls print 30-46 characters a line, whatever the paper's width in pixels.
  const cols = rng.int(30, 46);
  const charWidth = mono ? 0.602 : condensed ? 0.5 : 0.56;
  const size = Math.max(16, Math.min(30, Math.round((width - 2 * margin) / (cols * charWidth))));
  const body: Font = { family, size, condensed };
  const bigSize = Math.round(size * rng.float(1.2, 1.9));
  // ExtraLight only large: its hairline strokes vanish under blur at body sizes.
  const big = withFont(body, { size: bigSize, bold: rng.chance(0.7), light: !mono && bigSize >= 28 && rng.chance(0.15) });
  return { width, margin, body, big, padded: mono && rng.chance(0.65), center: rng.chance(0.75), lead: rng.float(1.15, 1.55) };
}

interface Part {
  text: string;
  roles: Role[];
}

/**
 * One receipt line of a left text and right-aligned columns (amounts, quantities). Padded
 * receipts print it as one monospace run with spaces, so the run carries every part's roles;
 * others print each part as its own run, the last flush with the right edge.
 */
function row(c: Ctx, flow: Flow, st: ReceiptStyle, parts: Part[], font: Font = st.body): void {
  const [first, ...rest] = parts;
  if (!rest.length) return single(flow, c, first.text, first.roles, font, 'left');
  if (st.padded) {
    const cols = Math.floor(flow.width / c.m.width('0', font));
    const colWidth = Math.max(...rest.map((p) => p.text.length)) + 2;
    const ends = rest.map((_, i) => cols - (rest.length - 1 - i) * colWidth);
    const room = ends[0] - rest[0].text.length - 1;
    // A large font that would cut the label ("Total to") prints at body size, in bold, instead.
    if (first.text.length > room && font.size > st.body.size) return row(c, flow, st, parts, withFont(st.body, { bold: true }));
    let s = first.text.length > room ? first.text.slice(0, Math.max(0, room)).trimEnd() : first.text;
    rest.forEach((p, i) => (s = s.padEnd(ends[i] - p.text.length) + p.text));
    flow.line(font, { text: s, roles: parts.flatMap((p) => (p.text.trim() ? p.roles : [])) });
    return;
  }
  const colWidth = Math.max(...rest.map((p) => c.m.width(p.text, font))) + font.size * 0.8;
  const ends = rest.map((_, i) => flow.right - (rest.length - 1 - i) * colWidth);
  const room = ends[0] - c.m.width(rest[0].text, font) - font.size * 0.6 - flow.left;
  flow.line(font, { text: c.m.shorten(first.text, font, room), roles: first.roles }, ...rest.map((p, i) => ({ text: p.text, roles: p.roles, align: 'right' as const, at: ends[i] })));
}

/** A label and a value on one line (both parts carry the roles unless the value's are given). */
function pair(c: Ctx, flow: Flow, st: ReceiptStyle, label: string, value: string, roles: Role[], valueRoles: Role[] = roles, font: Font = st.body): void {
  row(c, flow, st, [{ text: label, roles: label.trim() ? roles : [] }, { text: value, roles: valueRoles }], font);
}

/** A line of one run, shrunk (then cut) to fit the flow. */
function single(flow: Flow, c: Ctx, text: string, roles: Role[], font: Font, align: Align): void {
  const fitted = c.m.fitSize(text, font, flow.width, Math.max(14, Math.round(font.size * 0.8)));
  flow.line(fitted, { text: c.m.shorten(text, fitted, flow.width), roles, align });
}

/** A separator: a drawn rule, or a run of dashes or equals signs (which OCR may read as text). */
function separator(c: Ctx, flow: Flow, st: ReceiptStyle): void {
  const kind = c.rng.weighted([['none', 1], ['rule', 2], ['text', st.body.family === 'DejaVu Sans Mono' ? 3 : 1]] as const);
  if (kind === 'rule') flow.rule(c.rng.chance(0.5));
  if (kind === 'text') {
    const unit = c.rng.pick(['-', '=', '*', '- ']);
    const count = Math.floor(flow.width / c.m.width(unit, st.body));
    flow.line(st.body, { text: unit.repeat(count), roles: [] });
  }
}

/** Merchant name lines, address, phone and, sometimes, the tax id and web address. */
function receiptHeader(c: Ctx, flow: Flow, st: ReceiptStyle, seller: Party): boolean {
  const { rng } = c;
  const align: Align = st.center ? 'center' : 'left';
  seller.names.forEach((name, i) => single(flow, c, up(c, name), ['merchant'], i === 0 ? st.big : withFont(st.body, { bold: rng.chance(0.4) }), align));
  if (rng.chance(0.3)) flow.space(st.body.size * 0.4);
  for (const line of seller.address) single(flow, c, c.upper && rng.chance(0.5) ? line.toUpperCase() : line, ['address'], st.body, align);
  if (seller.phone) single(flow, c, seller.phone, ['phone'], st.body, align);
  const taxIdOnTop = rng.chance(0.5);
  if (taxIdOnTop) single(flow, c, seller.taxId, [], st.body, align);
  if (rng.chance(0.15)) single(flow, c, seller.web, [], st.body, align);
  return taxIdOnTop;
}

/** The date, time and receipt number block, in one of the arrangements tills use. */
function receiptMeta(c: Ctx, flow: Flow, st: ReceiptStyle): void {
  const { rng, lab } = c;
  const date = formatDate(c, c.date);
  const time = formatTime(c);
  const dateLabel = rng.chance(0.6) ? up(c, rng.pick(lab.date)) : '';
  const timeLabel = dateLabel && rng.chance(0.6) ? up(c, rng.pick(lab.time)) : '';
  const dated = (label: string, v: string) => (label ? `${label} ${v}` : v);
  let number: string | null = rng.chance(0.8) ? `${up(c, rng.pick(lab.receiptNo))} ${receiptNumber(rng)}` : null;
  const variant = rng.int(0, 4);
  if (variant === 0) single(flow, c, `${dated(dateLabel, date)}${' '.repeat(rng.int(1, 3))}${dated(timeLabel, time)}`, ['date', 'time'], st.body, 'left');
  else if (variant === 1) pair(c, flow, st, dated(dateLabel, date), dated(timeLabel, time), ['date'], ['time']);
  else if (variant === 2) {
    single(flow, c, dated(dateLabel, date), ['date'], st.body, 'left');
    single(flow, c, dated(timeLabel, time), ['time'], st.body, 'left');
  } else if (variant === 3 && number) {
    pair(c, flow, st, number, `${date} ${time}`, ['receipt_number'], ['date', 'time']);
    number = null;
  } else single(flow, c, dated(dateLabel, date), ['date'], st.body, st.center && rng.chance(0.5) ? 'center' : 'left');
  if (number) single(flow, c, number, ['receipt_number'], st.body, 'left');
  // Staff and till lines: sometimes side by side as two runs.
  const staff = rng.chance(0.4) ? up(c, template(rng.pick(lab.staff), { name: rng.pick(lab.firstNames) })) : '';
  const till = rng.chance(0.4) ? up(c, template(rng.pick(lab.till), { n: rng.int(1, 24) })) : '';
  if (staff || till) pair(c, flow, st, staff || till, staff ? till : '', []);
}

/** Item lines in the receipt's style: one line each, description over quantity, or a quantity column. */
function drawReceiptItems(c: Ctx, flow: Flow, st: ReceiptStyle, items: Item[]): void {
  const { rng } = c;
  const style = rng.weighted([['one', 4], ['two', 2], ['column', 2]] as const);
  const prefix = rng.pick(['{q} x ', '{q}x ', '{q} X ', '{q} * ']);
  const breakdown = rng.pick(['{q} x {u}', '{q} @ {u}', '{q} X {u}', '{q} x {u} =']);
  const indent = rng.chance(0.5) ? '   ' : '';
  const taxCode = rng.chance(0.2) ? ` ${rng.pick(['A', 'B', '1', '*'])}` : '';
  const withSymbol = rng.chance(0.12);
  const money = (cents: number) => (withSymbol ? formatMoney(c, cents) : formatNumber(c, cents)) + taxCode;
  for (const item of items) {
    const q = formatQty(c, item);
    const name = up(c, item.name);
    const amount = money(item.cents);
    const several = item.qty100 !== 100;
    if (style === 'column') {
      row(c, flow, st, [{ text: name, roles: ['item_description'] }, { text: q, roles: ['item_quantity'] }, { text: amount, roles: ['item_price'] }]);
    } else if (style === 'one' || (!several && rng.chance(0.7))) {
      const showQty = several || rng.chance(0.15);
      const text = showQty ? template(prefix, { q }) + name : name;
      pair(c, flow, st, text, amount, showQty ? ['item_description', 'item_quantity'] : ['item_description'], ['item_price']);
    } else if (rng.chance(0.5)) {
      // Description alone, then "2 x 3.50      7.00" below.
      single(flow, c, name, ['item_description'], st.body, 'left');
      pair(c, flow, st, indent + template(breakdown, { q, u: formatNumber(c, item.unitCents) }), amount, ['item_quantity', 'item_price'], ['item_price']);
    } else {
      // Description with its amount, then the quantity and unit price alone below.
      pair(c, flow, st, name, amount, ['item_description'], ['item_price']);
      single(flow, c, indent + template(breakdown, { q, u: formatNumber(c, item.unitCents) }).replace(/ =$/, ''), ['item_quantity', 'item_price'], st.body, 'left');
    }
  }
  if (rng.chance(0.2)) single(flow, c, up(c, template(rng.pick(c.lab.items), { n: items.reduce((s, i) => s + Math.ceil(i.qty100 / 100), 0) })), [], st.body, 'left');
}

/** Net and gross column heads of a receipt's tax table. */
const TAX_TABLE_HEAD: Record<Lang, [string, string]> = { en: ['Net', 'Gross'], de: ['Netto', 'Brutto'], fr: ['HT', 'TTC'], es: ['Base', 'Total'], nl: ['Netto', 'Bruto'], it: ['Imponibile', 'Totale'] };

/** Subtotal, tax and total lines; returns the total in cents. */
function receiptTotals(c: Ctx, flow: Flow, st: ReceiptStyle, items: Item[]): number {
  const { rng, lab, loc } = c;
  const sum = items.reduce((s, i) => s + i.cents, 0);
  const rate = rng.pick(loc.taxRates);
  const tax = loc.taxIncluded ? taxOfGross(sum, rate) : taxOfNet(sum, rate);
  const total = loc.taxIncluded ? sum : sum + tax;
  const codeInLabel = rng.chance(0.3);
  const totalLabel = up(c, rng.pick(lab.total)) + (codeInLabel ? ` ${c.currencyAsCode ? loc.currency : loc.symbol}` : '');
  const totalValue = !codeInLabel && rng.chance(0.5) ? formatMoney(c, total) : formatNumber(c, total);
  const taxLabel = (labels: string[]) => up(c, template(rng.pick(labels), { tax: loc.taxName, rate: formatRate(c, rate) }));
  const totalFont = rng.weighted([[st.body, 2], [withFont(st.body, { bold: true }), 2], [withFont(st.big, { light: false }), 1]] as const);
  const totalLine = () => pair(c, flow, st, totalLabel, totalValue, ['total'], ['total'], totalFont);
  const net = up(c, template(rng.pick(lab.net), { tax: loc.taxName }));
  if (!loc.taxIncluded) {
    pair(c, flow, st, up(c, rng.pick(lab.subtotal)), formatNumber(c, sum), ['subtotal']);
    pair(c, flow, st, taxLabel(lab.taxLine), formatNumber(c, tax), ['tax']);
    totalLine();
    return total;
  }
  const variant = rng.int(0, 2);
  if (variant === 0) {
    if (rng.chance(0.35)) pair(c, flow, st, up(c, rng.pick(lab.subtotal)), formatNumber(c, sum), ['subtotal']);
    totalLine();
    if (rng.chance(0.85)) pair(c, flow, st, taxLabel(lab.taxIncluded), formatNumber(c, tax), ['tax']);
  } else if (variant === 1) {
    pair(c, flow, st, net, formatNumber(c, sum - tax), ['subtotal']);
    pair(c, flow, st, taxLabel(lab.taxLine), formatNumber(c, tax), ['tax']);
    totalLine();
  } else {
    // A tax table under the total: rate, net, tax, gross.
    totalLine();
    flow.space(st.body.size * 0.4);
    const [netWord, grossWord] = TAX_TABLE_HEAD[loc.lang];
    row(c, flow, st, [{ text: up(c, `${loc.taxName} %`), roles: [] }, { text: up(c, netWord), roles: [] }, { text: up(c, loc.taxName), roles: [] }, { text: up(c, grossWord), roles: [] }]);
    row(c, flow, st, [{ text: `${rng.pick(['A ', '1 ', ''])}${formatRate(c, rate)}`, roles: ['tax'] }, { text: formatNumber(c, sum - tax), roles: [] }, { text: formatNumber(c, tax), roles: ['tax'] }, { text: formatNumber(c, sum), roles: [] }]);
  }
  return total;
}

/** Card line and, sometimes, the authorisation code: both labelled for the model. */
function cardLines(c: Ctx, flow: Flow, st: ReceiptStyle, brand: string): void {
  const { rng, lab } = c;
  const masked = maskedCard(rng, rng.fill('####'));
  const card = rng.weighted([[`${brand} ${masked}`, 2], [`${up(c, rng.pick(lab.card))} ${masked}`, 2], [masked, 1]] as const);
  single(flow, c, card, ['card_last_four'], st.body, 'left');
  if (rng.chance(0.6)) single(flow, c, `${up(c, rng.pick(lab.authCode))} ${rng.fill(rng.pick(['######', '0#####', '######']))}`, ['auth_code'], st.body, 'left');
}

/** How the customer paid: cash with change, a card, or nothing printed. */
function receiptPayment(c: Ctx, flow: Flow, st: ReceiptStyle, total: number): void {
  const { rng, lab } = c;
  const how = rng.weighted([['cash', 4], ['card', 5], ['none', 1]] as const);
  if (how === 'cash') {
    const note = [500, 1000, 2000, 5000, 10000, 20000, 50000].find((n) => n >= total) ?? Math.ceil(total / 10000) * 10000;
    const given = rng.chance(0.2) ? total : note;
    pair(c, flow, st, up(c, rng.pick(lab.cash)), formatNumber(c, given), []);
    pair(c, flow, st, up(c, rng.pick(lab.change)), formatNumber(c, given - total), []);
  } else if (how === 'card') {
    pair(c, flow, st, up(c, rng.pick(lab.cardPaid)), formatNumber(c, total), []);
    if (rng.chance(0.75)) cardLines(c, flow, st, rng.pick(CARD_BRANDS));
    if (rng.chance(0.3)) single(flow, c, up(c, rng.pick(lab.contactless)), [], st.body, 'left');
  }
}

/** Thanks, returns policy, tax id, web address and, sometimes, a barcode. */
function receiptFooter(c: Ctx, flow: Flow, st: ReceiptStyle, seller: Party, taxIdShown: boolean): void {
  const { rng, lab } = c;
  const align: Align = st.center ? 'center' : 'left';
  flow.space(st.body.size * rng.float(0.3, 1));
  if (rng.chance(0.8)) single(flow, c, up(c, rng.pick(lab.thanks)), [], st.body, align);
  if (rng.chance(0.35)) single(flow, c, up(c, rng.pick(lab.receiptFooter)), [], st.body, align);
  if (!taxIdShown && rng.chance(0.7)) single(flow, c, seller.taxId, [], st.body, align);
  if (rng.chance(0.3)) single(flow, c, seller.web, [], st.body, align);
  if (rng.chance(0.25)) barcode(c, flow, st.body.size * 2.5);
}

/** A barcode band (bars only: no text), centred in the flow. */
function barcode(c: Ctx, flow: Flow, height: number): void {
  const bars: [number, number][] = [];
  const unit = c.rng.float(1.5, 2.5);
  let x = 0;
  for (let i = 0; i < 60; i++) {
    const w = unit * c.rng.int(1, 3);
    if (i % 2 === 0) bars.push([x, w]);
    x += w;
  }
  const left = (flow.left + flow.right - x) / 2;
  flow.space(8);
  flow.sheet.barcodes.push({ x: left, y: flow.y, h: height, bars });
  flow.space(height + 8);
}

interface PageLayout {
  sheet: Sheet;
  width: number;
  height: number;
}

/** A till receipt: header, date block, items, totals, payment, footer. */
function layoutReceipt(c: Ctx): PageLayout {
  const { rng } = c;
  const st = receiptStyle(c, false);
  const sheet = new Sheet(c.m);
  const flow = new Flow(sheet, st.margin, st.width - st.margin, rng.int(20, 60), st.lead);
  const seller = makeSeller(c);
  const taxIdShown = receiptHeader(c, flow, st, seller);
  flow.space(st.body.size * rng.float(0.2, 0.8));
  const metaOnTop = rng.chance(0.7);
  if (metaOnTop) receiptMeta(c, flow, st);
  separator(c, flow, st);
  const items = receiptItems(c, rng.int(1, 9));
  drawReceiptItems(c, flow, st, items);
  separator(c, flow, st);
  const total = receiptTotals(c, flow, st, items);
  flow.space(st.body.size * rng.float(0, 0.6));
  receiptPayment(c, flow, st, total);
  if (!metaOnTop) {
    flow.space(st.body.size * 0.5);
    receiptMeta(c, flow, st);
  }
  receiptFooter(c, flow, st, seller, taxIdShown);
  return { sheet, width: st.width, height: Math.ceil(flow.y + rng.int(20, 60)) };
}

/** A card terminal's slip: merchant, terminal ids, date, card, amount, authorisation, verdict. */
function layoutCardSlip(c: Ctx): PageLayout {
  const { rng, lab } = c;
  const st = receiptStyle(c, true);
  const sheet = new Sheet(c.m);
  const flow = new Flow(sheet, st.margin, st.width - st.margin, rng.int(20, 60), st.lead);
  const align: Align = st.center ? 'center' : 'left';
  const seller = makeSeller(c);
  seller.names.forEach((name, i) => single(flow, c, up(c, name), ['merchant'], i === 0 ? withFont(st.body, { bold: rng.chance(0.6), size: Math.round(st.body.size * rng.float(1, 1.4)) }) : st.body, align));
  for (const line of seller.address) single(flow, c, c.upper ? line.toUpperCase() : line, ['address'], st.body, align);
  if (seller.phone && rng.chance(0.4)) single(flow, c, seller.phone, ['phone'], st.body, align);
  separator(c, flow, st);
  const terminal = `${up(c, rng.pick(lab.terminal))} ${rng.fill('########')}`;
  if (rng.chance(0.5)) pair(c, flow, st, terminal, rng.chance(0.5) ? `MID ${rng.fill('#########')}` : '', []);
  else single(flow, c, terminal, [], st.body, 'left');
  slipDate(c, flow, st);
  flow.space(st.body.size * 0.4);
  const sale = up(c, rng.pick(lab.sale));
  single(flow, c, sale, [], withFont(st.body, { bold: rng.chance(0.6) }), align);
  const brand = rng.pick(CARD_BRANDS);
  single(flow, c, rng.chance(0.5) ? `${brand} ${up(c, rng.pick(lab.contactless))}` : brand, [], st.body, 'left');
  const masked = maskedCard(rng, rng.fill('####'));
  single(flow, c, rng.chance(0.7) ? `${up(c, rng.pick(lab.card))} ${masked}` : masked, ['card_last_four'], st.body, 'left');
  if (rng.chance(0.4)) single(flow, c, `${up(c, rng.pick(lab.expiry))} ${rng.chance(0.7) ? '**/**' : `${pad2(rng.int(1, 12))}/${pad2(rng.int(26, 31))}`}`, [], st.body, 'left');
  if (rng.chance(0.5)) single(flow, c, `AID: ${rng.pick(['A0000000031010', 'A0000000041010', 'A0000000043060', 'A0000000032010'])}`, [], st.body, 'left');
  const trace = rng.chance(0.8) ? `${up(c, rng.pick(lab.trace))} ${rng.fill(rng.pick(['######', '####', '00####']))}` : '';
  const auth = `${up(c, rng.pick(lab.authCode))} ${rng.fill('######')}`;
  if (trace && rng.chance(0.5)) single(flow, c, trace, ['receipt_number'], st.body, 'left');
  flow.space(st.body.size * 0.5);
  slipAmount(c, flow, st);
  flow.space(st.body.size * 0.5);
  if (trace && !sheet.runs.some((r) => r.roles.includes('receipt_number'))) single(flow, c, trace, ['receipt_number'], st.body, 'left');
  if (rng.chance(0.92)) single(flow, c, auth, ['auth_code'], st.body, 'left');
  single(flow, c, up(c, rng.pick(lab.approved)), [], withFont(st.body, { bold: rng.chance(0.5) }), align);
  if (rng.chance(0.6)) single(flow, c, up(c, rng.pick(lab.verified)), [], st.body, align);
  if (rng.chance(0.7)) single(flow, c, up(c, rng.pick(lab.copy)), [], st.body, align);
  if (rng.chance(0.3)) single(flow, c, up(c, rng.pick(lab.thanks)), [], st.body, align);
  return { sheet, width: st.width, height: Math.ceil(flow.y + rng.int(20, 60)) };
}

/** The slip's date and time: one run, two runs side by side, or two labelled lines. */
function slipDate(c: Ctx, flow: Flow, st: ReceiptStyle): void {
  const { rng, lab } = c;
  const date = formatDate(c, c.date);
  const time = formatTime(c);
  const variant = rng.int(0, 2);
  if (variant === 0) single(flow, c, rng.chance(0.5) ? `${date} ${time}` : `${up(c, rng.pick(lab.date))} ${date} ${time}`, ['date', 'time'], st.body, 'left');
  else if (variant === 1) pair(c, flow, st, date, time, ['date'], ['time']);
  else {
    single(flow, c, `${up(c, rng.pick(lab.date))} ${date}`, ['date'], st.body, 'left');
    single(flow, c, `${up(c, rng.pick(lab.time))} ${time}`, ['time'], st.body, 'left');
  }
}

/** The amount paid, which is the slip's total: label and amount, often large or bold. */
function slipAmount(c: Ctx, flow: Flow, st: ReceiptStyle): void {
  const { rng, lab, loc } = c;
  const cents = price(c, 2, 180);
  const font = rng.weighted([[st.body, 1], [withFont(st.body, { bold: true }), 2], [withFont(st.body, { bold: true, size: Math.round(st.body.size * 1.3) }), 1]] as const);
  const label = up(c, rng.pick(lab.amount));
  const value = rng.chance(0.6) ? formatMoney(c, cents) : `${c.currencyAsCode || loc.symbol.length > 1 ? loc.currency : loc.symbol} ${formatNumber(c, cents)}`;
  if (rng.chance(0.25)) {
    // Label on its own line, amount below it.
    single(flow, c, `${label}:`.replace('::', ':'), ['total'], font, 'left');
    single(flow, c, value, ['total'], font, rng.chance(0.5) ? 'center' : 'left');
  } else pair(c, flow, st, label, value, ['total'], ['total'], font);
}

// ─── Invoices ───────────────────────────────────────────────────────────────────────────────

/** A4 at 150 dpi. */
const A4 = { width: 1240, height: 1754 };

const IBAN_FORMATS: Record<string, string> = {
  GB: 'GB## NWBK #### #### #### ##', IE: 'IE## AIBK #### #### #### ##', DE: 'DE## #### #### #### #### ##', AT: 'AT## #### #### #### ####',
  CH: 'CH## #### #### #### #### #', FR: 'FR76 #### #### #### #### #### ###', BE: 'BE## #### #### ####', ES: 'ES## #### #### ## ##########',
  NL: 'NL## INGB 0### #### ##', IT: 'IT## X0## #### #### #### #### ###',
};
const BICS: Record<string, string> = { GB: 'NWBKGB2L', IE: 'AIBKIE2D', DE: 'COBADEFFXXX', AT: 'GIBAATWWXXX', CH: 'UBSWCHZH80A', FR: 'BNPAFRPP', BE: 'GEBABEBB', ES: 'CAIXESBBXXX', NL: 'INGBNL2A', IT: 'BCITITMM' };
const BANKS: Record<string, string[]> = {
  GB: ['Barclays Bank', 'Lloyds Bank', 'HSBC UK', 'NatWest'], US: ['Chase', 'Bank of America', 'Wells Fargo'], AU: ['Westpac', 'ANZ', 'Commonwealth Bank'],
  MY: ['Maybank', 'CIMB Bank', 'Public Bank'], IE: ['Bank of Ireland', 'AIB'], DE: ['Sparkasse Berlin', 'Deutsche Bank', 'Commerzbank', 'Volksbank'],
  AT: ['Erste Bank', 'Raiffeisenbank', 'Bank Austria'], CH: ['UBS', 'Zürcher Kantonalbank', 'BCGE', 'Banca Stato'], FR: ['Crédit Agricole', 'BNP Paribas', 'Société Générale'],
  BE: ['Belfius', 'KBC', 'BNP Paribas Fortis'], ES: ['Banco Santander', 'BBVA', 'CaixaBank', 'Banco Sabadell'], NL: ['ING Bank', 'Rabobank', 'ABN AMRO'],
  IT: ['Intesa Sanpaolo', 'UniCredit', 'Banco BPM'],
};
const REGISTRATIONS: Record<Lang, string[]> = {
  en: ['Company No. ########', 'Registered office as above', 'Reg. No. ########'],
  de: ['Amtsgericht Berlin HRB #####', 'Registergericht München HRB ######', 'Handelsregister: HRA ####'],
  fr: ['RCS Paris B ### ### ###', 'Capital social : 10 000 €', 'Code APE ####Z'],
  es: ['Inscrita en el Registro Mercantil de Madrid, Tomo #####', 'Reg. Merc. Barcelona, Hoja B-######'],
  nl: ['KvK ########', 'Handelsregister ########'],
  it: ['REA MI-######', 'Capitale sociale € 10.000 i.v.', 'Registro Imprese di Roma n. ########'],
};

/** The footer's bank line: IBAN and BIC in Europe, account numbers elsewhere. */
function bankLine(c: Ctx): string {
  const { rng, loc } = c;
  const bank = rng.pick(BANKS[loc.country]);
  const iban = IBAN_FORMATS[loc.country];
  if (iban) return `${bank} · IBAN ${rng.fill(iban)}${rng.chance(0.7) ? ` · BIC ${BICS[loc.country]}` : ''}`;
  if (loc.country === 'US') return rng.fill(`${bank} · Routing 0######## · Account ##########`);
  if (loc.country === 'AU') return rng.fill(`${bank} · BSB ###-### · Account ########`);
  return rng.fill(`${bank} · Account No. ############`);
}

interface InvoiceStyle {
  left: number;
  right: number;
  body: Font;
  lead: number;
}

/** One line of a block: text, roles, font. */
type Line = { text: string; roles: Role[]; font: Font };

/** A block of lines at a column; returns the y below it. */
function block(c: Ctx, sheet: Sheet, x0: number, x1: number, y: number, lead: number, align: Align, lines: Line[]): number {
  const flow = new Flow(sheet, x0, x1, y, lead);
  for (const l of lines) single(flow, c, l.text, l.roles, l.font, align);
  return flow.y;
}

/** The seller's name, address, phone and, sometimes, contact and tax lines. */
function sellerLines(c: Ctx, st: InvoiceStyle, seller: Party): Line[] {
  const { rng } = c;
  const nameFont = withFont(st.body, { size: Math.round(st.body.size * rng.float(1.3, 2)), bold: rng.chance(0.7), light: rng.chance(0.15) });
  const lines = seller.names.map((text, i) => ({ text, roles: ['merchant'] as Role[], font: i === 0 ? nameFont : withFont(st.body, { bold: rng.chance(0.3) }) }));
  lines.push(...seller.address.map((text) => ({ text, roles: ['address'] as Role[], font: st.body })));
  if (seller.phone) lines.push({ text: seller.phone, roles: ['phone'], font: st.body });
  if (rng.chance(0.5)) lines.push({ text: rng.chance(0.5) ? seller.email : seller.web, roles: [], font: st.body });
  if (rng.chance(0.3)) lines.push({ text: seller.taxId, roles: [], font: st.body });
  return lines;
}

/**
 * Invoice number, date and the other references (due date, customer number: roles []), as
 * "Label value" runs or as label and value runs side by side; the label run shares the value's roles.
 */
function metaBlock(c: Ctx, sheet: Sheet, st: InvoiceStyle, x0: number, x1: number, y: number, numberShown: boolean): number {
  const { rng, lab } = c;
  const entries: [string, string, Role[]][] = [];
  if (!numberShown) entries.push([rng.pick(lab.invoiceNo), invoiceNumber(c), ['invoice_number']]);
  entries.splice(rng.int(0, entries.length), 0, [rng.pick(lab.invoiceDate), formatDate(c, c.date), ['date']]);
  if (rng.chance(0.5)) entries.push([rng.pick(lab.dueDate), formatDate(c, laterDate(c.date, rng.pick([14, 30, 60]))), []]);
  if (rng.chance(0.25)) entries.push([rng.pick(lab.deliveryDate), formatDate(c, laterDate(c.date, rng.int(0, 3))), []]);
  if (rng.chance(0.4)) entries.push([rng.pick(lab.customerNo), rng.fill(rng.pick(['#####', 'K-####', 'C#####'])), []]);
  if (rng.chance(0.25)) entries.push([rng.pick(lab.orderRef), rng.fill(rng.pick(['PO-#####', '######', 'B####/##'])), []]);
  const font = st.body;
  const labelFont = withFont(font, { bold: rng.chance(0.4) });
  const style = rng.weighted([['inline', 1], ['columns', 2], ['spread', 1]] as const);
  const labelWidth = Math.max(...entries.map(([l]) => c.m.width(l, labelFont)));
  const flow = new Flow(sheet, x0, x1, y, st.lead);
  for (const [label, value, roles] of entries) {
    if (style === 'inline') single(flow, c, `${label} ${value}`, roles, font, 'left');
    else if (style === 'columns') flow.line(font, { text: label, roles, font: labelFont }, { text: value, roles, at: x0 + labelWidth + font.size });
    else flow.line(font, { text: label, roles, font: labelFont }, { text: value, roles, align: 'right' });
  }
  return flow.y;
}

/** Buyer block: a "Bill to" label and the buyer's lines, all roles [] (roles describe the seller). */
function buyerBlock(c: Ctx, sheet: Sheet, st: InvoiceStyle, seller: Party, x: number, x1: number, y: number): number {
  const { rng, lab } = c;
  let top = y;
  if (rng.chance(0.3)) {
    // The sender line above a window envelope's address: the seller in one small run.
    const small = withFont(st.body, { size: Math.max(13, st.body.size - 5) });
    const text = [seller.names[seller.names.length - 1], ...seller.address.slice(0, 2)].join(rng.pick([' · ', ' - ', ', ', ' | ']));
    top = block(c, sheet, x, x1, top, 1.3, 'left', [{ text, roles: ['merchant', 'address'], font: small }]) + 6;
  }
  const lines = makeBuyer(c).map((text) => ({ text, roles: [] as Role[], font: st.body }));
  if (rng.chance(0.75)) lines.unshift({ text: rng.pick(lab.billTo), roles: [], font: withFont(st.body, { bold: rng.chance(0.6) }) });
  return block(c, sheet, x, x1, top, st.lead, 'left', lines);
}

/** The item table: header and one row per item, each cell its own run at its column. */
function itemTable(c: Ctx, sheet: Sheet, st: InvoiceStyle, y: number, items: Item[], rates: number[]): number {
  const { rng, lab } = c;
  const f = st.body;
  const head = withFont(f, { bold: rng.chance(0.7) });
  const withPos = rng.chance(0.4);
  const withVat = rng.chance(0.3);
  const withSymbol = rng.chance(0.25);
  const money = (cents: number) => (withSymbol ? formatMoney(c, cents) : formatNumber(c, cents));
  type Column = { head: string; values: string[]; roles: Role[] };
  const right: Column[] = [
    { head: rng.pick(lab.colQty), values: items.map((i) => formatQty(c, i)), roles: ['item_quantity'] },
    { head: rng.pick(lab.colUnit), values: items.map((i) => money(i.unitCents)), roles: ['item_price'] },
    ...(withVat ? [{ head: rng.pick(lab.colVat), values: items.map((_, i) => formatRate(c, rates[i % rates.length])), roles: [] as Role[] }] : []),
    { head: rng.pick(lab.colAmount), values: items.map((i) => money(i.cents)), roles: ['item_price'] },
  ];
  // Right-aligned columns laid from the right margin leftwards.
  const gap = f.size * rng.float(1.4, 2.6);
  const ends: number[] = [];
  let x = st.right;
  for (let i = right.length - 1; i >= 0; i--) {
    ends[i] = x;
    x -= Math.max(c.m.width(right[i].head, head), ...right[i].values.map((t) => c.m.width(t, f))) + gap;
  }
  const posHead = rng.pick(lab.colPos);
  const posWidth = withPos ? Math.max(c.m.width('00', f), c.m.width(posHead, head)) + gap * 0.6 : 0;
  const descX = st.left + posWidth;
  const descRoom = x + gap - descX - f.size;
  const rowLead = st.lead * rng.float(1, 1.35);
  const flow = new Flow(sheet, st.left, st.right, y, rowLead);
  const rules = rng.weighted([['band', 2], ['lines', 2], ['none', 1]] as const);
  const headTop = flow.y;
  if (rules === 'band') sheet.bands.push({ x: st.left - 8, y: headTop - f.size * 0.3, w: st.right - st.left + 16, h: f.size * (rowLead + 0.1), shade: rng.float(0.06, 0.16) });
  if (rules === 'lines') sheet.rules.push({ x0: st.left, y0: headTop - f.size * 0.3, x1: st.right, y1: headTop - f.size * 0.3, width: 1.5, dash: false });
  flow.line(head, ...(withPos ? [{ text: posHead, roles: [] as Role[] }] : []), { text: rng.pick(lab.colDesc), roles: [], at: descX }, ...right.map((col, i) => ({ text: col.head, roles: [] as Role[], align: 'right' as const, at: ends[i] })));
  if (rules !== 'none') sheet.rules.push({ x0: st.left, y0: flow.y - f.size * 0.25, x1: st.right, y1: flow.y - f.size * 0.25, width: 1.2, dash: false });
  flow.space(f.size * 0.3);
  const rowRules = rng.chance(0.25);
  items.forEach((item, r) => {
    flow.line(
      f,
      ...(withPos ? [{ text: String(r + 1), roles: [] as Role[] }] : []),
      { text: c.m.shorten(item.name, f, descRoom), roles: ['item_description'], at: descX },
      ...right.map((col, i) => ({ text: col.values[r], roles: col.roles, align: 'right' as const, at: ends[i] })),
    );
    if (rowRules) sheet.rules.push({ x0: st.left, y0: flow.y - f.size * 0.25, x1: st.right, y1: flow.y - f.size * 0.25, width: 0.8, dash: false });
  });
  sheet.rules.push({ x0: st.left, y0: flow.y, x1: st.right, y1: flow.y, width: 1.2, dash: false });
  return flow.y + f.size;
}

/** Net, tax per rate and total at the bottom right; label and value are separate runs sharing roles. */
function invoiceTotals(c: Ctx, sheet: Sheet, st: InvoiceStyle, y: number, items: Item[], rates: number[]): number {
  const { rng, lab, loc } = c;
  const byRate = rates.map((rate, k) => ({ rate, net: items.filter((_, i) => i % rates.length === k).reduce((s, i) => s + i.cents, 0) }));
  const net = items.reduce((s, i) => s + i.cents, 0);
  const taxes = byRate.map((b) => ({ rate: b.rate, tax: taxOfNet(b.net, b.rate) }));
  const total = net + taxes.reduce((s, t) => s + t.tax, 0);
  const withSymbol = rng.chance(0.5);
  const money = (cents: number) => (withSymbol ? formatMoney(c, cents) : formatNumber(c, cents));
  const f = st.body;
  const totalFont = withFont(f, { bold: rng.chance(0.8), size: Math.round(f.size * rng.float(1, 1.35)) });
  const totalLabel = rng.pick(lab.invoiceTotal) + (!withSymbol && rng.chance(0.5) ? ` ${loc.currency}` : '');
  const lines: { label: string; value: string; roles: Role[]; font: Font }[] = [
    { label: template(rng.pick([...lab.subtotal, ...lab.net]), { tax: loc.taxName }), value: money(net), roles: ['subtotal'], font: f },
    ...taxes.map((t) => ({ label: template(rng.pick(lab.taxLine.filter((l) => l.includes('{rate}'))), { tax: loc.taxName, rate: formatRate(c, t.rate) }), value: money(t.tax), roles: ['tax'] as Role[], font: f })),
    { label: totalLabel, value: money(total), roles: ['total'], font: totalFont },
  ];
  const labelsRight = rng.chance(0.4);
  const valueWidth = Math.max(...lines.map((l) => c.m.width(l.value, l.font)));
  const labelWidth = Math.max(...lines.map((l) => c.m.width(l.label, l.font)));
  const x0 = st.right - valueWidth - labelWidth - f.size * rng.float(2, 5);
  const flow = new Flow(sheet, x0, st.right, y, st.lead);
  lines.forEach((l, i) => {
    if (i === lines.length - 1) {
      sheet.rules.push({ x0, y0: flow.y, x1: st.right, y1: flow.y, width: 1.5, dash: false });
      flow.space(f.size * 0.35);
    }
    const label = labelsRight ? { text: l.label, roles: l.roles, align: 'right' as const, at: st.right - valueWidth - f.size * 1.5 } : { text: l.label, roles: l.roles };
    flow.line(l.font, label, { text: l.value, roles: l.roles, align: 'right' });
  });
  return flow.y;
}

/** Footer lines at the foot of the page: bank, registration, contact, page number (roles []). */
function invoiceFooter(c: Ctx, sheet: Sheet, st: InvoiceStyle, seller: Party): number {
  const { rng } = c;
  const small = withFont(st.body, { size: Math.max(13, st.body.size - rng.int(3, 6)) });
  const lines = [bankLine(c), rng.fill(rng.pick(REGISTRATIONS[c.loc.lang])) + (rng.chance(0.5) ? ` · ${seller.taxId}` : ''), `${seller.web} · ${seller.email}`];
  if (rng.chance(0.4)) lines.push(rng.pick(c.lab.page));
  const height = lines.length * small.size * 1.35;
  const top = A4.height - rng.int(60, 110) - height;
  sheet.rules.push({ x0: st.left, y0: top - 10, x1: st.right, y1: top - 10, width: 1, dash: false });
  const align = rng.pick<Align>(['center', 'left']);
  block(c, sheet, st.left, st.right, top, 1.35, align, lines.map((text) => ({ text, roles: [], font: small })));
  return top - 20;
}

/** The title ("INVOICE", "Rechnung"), sometimes with the invoice number in the same run. */
function invoiceTitle(c: Ctx, st: InvoiceStyle): { line: Line; numberShown: boolean } {
  const { rng, lab } = c;
  const title = rng.chance(0.4) ? rng.pick(lab.invoice).toUpperCase() : rng.pick(lab.invoice);
  const numberShown = rng.chance(0.2);
  const font = withFont(st.body, { size: rng.int(30, 52), bold: rng.chance(0.6), light: rng.chance(0.2), condensed: false });
  return { line: { text: numberShown ? `${title} ${invoiceNumber(c)}` : title, roles: numberShown ? ['invoice_number'] : [], font }, numberShown };
}

/**
 * The top of the invoice in one of three arrangements: seller top left with the title right,
 * seller top right over a window-envelope buyer, or the seller centred across the page.
 * Returns the y below it.
 */
function invoiceHead(c: Ctx, sheet: Sheet, st: InvoiceStyle, seller: Party): number {
  const { rng } = c;
  const top = rng.int(70, 130);
  const midX = Math.round(A4.width * rng.float(0.55, 0.62));
  const { line: title, numberShown } = invoiceTitle(c, st);
  const gap = st.body.size * 2;
  const arrangement = rng.pick(['seller-left', 'seller-right', 'centred'] as const);
  if (arrangement === 'seller-left') {
    const sellerBottom = block(c, sheet, st.left, midX - 20, top, st.lead, 'left', sellerLines(c, st, seller));
    const titleBottom = block(c, sheet, midX - 60, st.right, top, 1.2, 'right', [title]);
    const metaBottom = metaBlock(c, sheet, st, midX, st.right, titleBottom + st.body.size, numberShown);
    return Math.max(buyerBlock(c, sheet, st, seller, st.left, midX - 40, Math.max(sellerBottom, titleBottom) + gap), metaBottom);
  }
  if (arrangement === 'seller-right') {
    const sellerBottom = block(c, sheet, midX, st.right, top, st.lead, rng.pick<Align>(['left', 'right']), sellerLines(c, st, seller));
    const buyerBottom = buyerBlock(c, sheet, st, seller, st.left, midX - 40, Math.max(top + rng.int(120, 220), sellerBottom - 60));
    const y = Math.max(buyerBottom, sellerBottom) + gap;
    return Math.max(block(c, sheet, st.left, midX - 20, y, 1.2, 'left', [title]), metaBlock(c, sheet, st, midX, st.right, y, numberShown));
  }
  // Seller centred, its address on one line; a rule; buyer left and references right; the title.
  const lines = sellerLines(c, st, seller);
  const address = lines.filter((l) => l.roles.includes('address')).map((l) => l.text).join(', ');
  const head = [...lines.filter((l) => l.roles.includes('merchant')), { text: address, roles: ['address'] as Role[], font: st.body }, ...lines.filter((l) => !l.roles.includes('merchant') && !l.roles.includes('address'))];
  const headBottom = block(c, sheet, st.left, st.right, top, st.lead, 'center', head);
  sheet.rules.push({ x0: st.left, y0: headBottom + 8, x1: st.right, y1: headBottom + 8, width: 2, dash: false });
  const y = headBottom + st.body.size * 2.5;
  const bottom = Math.max(buyerBlock(c, sheet, st, seller, st.left, midX - 40, y), metaBlock(c, sheet, st, midX, st.right, y, numberShown));
  return block(c, sheet, st.left, st.right, bottom + st.body.size * 1.5, 1.2, rng.pick<Align>(['left', 'center']), [title]);
}

/** An A4 invoice: seller, buyer, title and references, item table, totals, notes, footer. */
function layoutInvoice(c: Ctx): PageLayout {
  const { rng, lab } = c;
  const family = rng.weighted<Family>([['DejaVu Sans', 5], ['DejaVu Serif', 3], ['DejaVu Sans Mono', 1]]);
  const body: Font = { family, size: rng.int(17, 22), condensed: family !== 'DejaVu Sans Mono' && rng.chance(0.3) };
  const st: InvoiceStyle = { left: rng.int(90, 140), right: A4.width - rng.int(90, 140), body, lead: rng.float(1.3, 1.55) };
  const sheet = new Sheet(c.m);
  const seller = makeSeller(c);
  const footerTop = invoiceFooter(c, sheet, st, seller);
  let bottom = invoiceHead(c, sheet, st, seller);
  if (rng.chance(0.3)) bottom = block(c, sheet, st.left, st.right, bottom + body.size, st.lead, 'left', [{ text: rng.pick(lab.invoiceThanks), roles: [], font: body }]);
  // As many rows as leave room for the totals and notes above the footer.
  const tableTop = bottom + body.size * rng.float(1.5, 3);
  const rowHeight = body.size * st.lead * 1.35;
  const room = Math.floor((footerTop - tableTop - body.size * st.lead * 9) / rowHeight) - 1;
  const items = invoiceItems(c, Math.max(1, Math.min(rng.int(1, 10), room)));
  // Item i is taxed at rates[i % rates.length]: two rates only where European VAT has them.
  const rates = c.loc.taxIncluded && c.loc.taxRates.length > 1 && rng.chance(0.3) ? c.loc.taxRates.slice(0, 2) : [rng.pick(c.loc.taxRates)];
  const tableBottom = itemTable(c, sheet, st, tableTop, items, rates);
  const totalsBottom = invoiceTotals(c, sheet, st, tableBottom + body.size * 0.5, items, rates);
  const notes: string[] = [];
  if (rng.chance(0.7)) notes.push(template(rng.pick(lab.terms), { due: formatDate(c, laterDate(c.date, 30)) }));
  if (rng.chance(0.4)) notes.push(rng.pick(lab.invoiceThanks));
  const notesTop = Math.min(totalsBottom + body.size * 1.5, footerTop - notes.length * body.size * st.lead);
  block(c, sheet, st.left, st.right, notesTop, st.lead, 'left', notes.map((text) => ({ text, roles: [], font: body })));
  return { sheet, width: A4.width, height: A4.height };
}

// ─── Drawing, rotation and degradation ──────────────────────────────────────────────────────

type Rgb = [number, number, number];

interface Look {
  /** Radians, clockwise on screen. */
  angle: number;
  paper: Rgb;
  /** Grey level of the ink (0 black). */
  ink: number;
  /** Thermal fade: each run a little lighter or darker. */
  fade: number;
  /** Surface around a receipt photographed or scanned on it; null: the paper fills the image. */
  backdrop: Rgb | null;
  pad: number;
}

/** Paper, ink, skew and surroundings of one document. */
function chooseLook(rng: Rng, kind: SyntheticDocument['kind']): Look {
  const tint = rng.int(0, 3);
  const base = rng.int(238, 255);
  const paper: Rgb = tint === 0 ? [base, base, base] : tint === 1 ? [base, base - rng.int(2, 8), base - rng.int(8, 20)] : tint === 2 ? [base - rng.int(2, 6), base - rng.int(0, 4), base] : [base, base - rng.int(0, 5), base - rng.int(0, 5)];
  const thermal = kind !== 'invoice';
  const backdrop: Rgb | null = thermal && rng.chance(0.4) ? (rng.chance(0.5) ? [rng.int(90, 170), rng.int(90, 170), rng.int(90, 170)] : [rng.int(150, 190), rng.int(110, 140), rng.int(70, 100)]) : null;
  return {
    // Triangular in [-4, 4] degrees: most scans and photos are nearly straight.
    angle: ((rng.float(-2, 2) + rng.float(-2, 2)) * Math.PI) / 180,
    paper,
    ink: rng.int(0, thermal ? 70 : 50),
    fade: thermal && rng.chance(0.4) ? rng.int(10, 45) : 0,
    backdrop,
    pad: backdrop ? rng.int(12, 50) : rng.int(0, 16),
  };
}

/** Page-to-image map: rotation about the page centre, the page centre at the image centre. */
interface Placement {
  cos: number;
  sin: number;
  e: number;
  f: number;
  width: number;
  height: number;
}

function placement(pageW: number, pageH: number, angle: number, width: number, height: number): Placement {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const [cx, cy] = [pageW / 2, pageH / 2];
  return { cos, sin, e: width / 2 - (cos * cx - sin * cy), f: height / 2 - (sin * cx + cos * cy), width, height };
}

const mapPoint = (p: Placement, x: number, y: number): [number, number] => [p.cos * x - p.sin * y + p.e, p.sin * x + p.cos * y + p.f];

/** The run's ink rectangle (plus a pixel for antialiasing), turned with the page, as an axis-aligned box. */
function unclampedBox(p: Placement, run: Run): [number, number, number, number] {
  const x0 = run.x + run.ink.left - 1;
  const x1 = run.x + run.ink.right + 1;
  const y0 = run.baseline - run.ink.ascent - 1;
  const y1 = run.baseline + run.ink.descent + 1;
  const corners = [mapPoint(p, x0, y0), mapPoint(p, x1, y0), mapPoint(p, x0, y1), mapPoint(p, x1, y1)];
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return [Math.floor(Math.min(...xs)), Math.floor(Math.min(...ys)), Math.ceil(Math.max(...xs)), Math.ceil(Math.max(...ys))];
}

function boxOf(p: Placement, run: Run): [number, number, number, number] {
  const [x0, y0, x1, y1] = unclampedBox(p, run);
  return [Math.max(0, x0), Math.max(0, y0), Math.min(p.width, x1), Math.min(p.height, y1)];
}

/**
 * Where the page goes in the image. Receipts: the image holds the whole turned paper plus a margin
 * of surface. Invoices: an A4 scan whose content is skewed inside the sheet; the skew halves until
 * every text box stays inside the image.
 */
function placePage(layout: PageLayout, look: Look, kind: SyntheticDocument['kind']): Placement {
  const { width: w, height: h } = layout;
  if (kind !== 'invoice') {
    const cos = Math.abs(Math.cos(look.angle));
    const sin = Math.abs(Math.sin(look.angle));
    return placement(w, h, look.angle, Math.ceil(w * cos + h * sin) + 2 * look.pad, Math.ceil(w * sin + h * cos) + 2 * look.pad);
  }
  let angle = look.angle;
  for (;;) {
    const p = placement(w, h, angle, w, h);
    const inside = layout.sheet.runs.every((r) => {
      const [x0, y0, x1, y1] = unclampedBox(p, r);
      return x0 >= 2 && y0 >= 2 && x1 <= w - 2 && y1 <= h - 2;
    });
    if (inside || Math.abs(angle) < 1e-4) return p;
    angle /= 2;
  }
}

const rgb = ([r, g, b]: Rgb) => `rgb(${r},${g},${b})`;

/** Draws the page through the placement's transform; returns the RGBA pixels. */
function draw(layout: PageLayout, p: Placement, look: Look, rng: Rng): Buffer {
  const canvas = createCanvas(p.width, p.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = rgb(look.backdrop ?? look.paper);
  ctx.fillRect(0, 0, p.width, p.height);
  ctx.setTransform(p.cos, p.sin, -p.sin, p.cos, p.e, p.f);
  ctx.fillStyle = rgb(look.paper);
  ctx.fillRect(0, 0, layout.width, layout.height);
  const { sheet } = layout;
  for (const b of sheet.bands) {
    const v = Math.round(255 * (1 - b.shade));
    ctx.fillStyle = rgb([Math.min(v, look.paper[0]), Math.min(v, look.paper[1]), Math.min(v, look.paper[2])]);
    ctx.fillRect(b.x, b.y, b.w, b.h);
  }
  const inkColour = rgb([look.ink, look.ink, look.ink]);
  ctx.strokeStyle = inkColour;
  for (const r of sheet.rules) {
    ctx.lineWidth = r.width;
    ctx.setLineDash(r.dash ? [6, 4] : []);
    ctx.beginPath();
    ctx.moveTo(r.x0, r.y0);
    ctx.lineTo(r.x1, r.y1);
    ctx.stroke();
  }
  ctx.fillStyle = inkColour;
  for (const code of sheet.barcodes) for (const [x, w] of code.bars) ctx.fillRect(code.x + x, code.y, w, code.h);
  for (const run of sheet.runs) {
    const grey = Math.min(110, look.ink + (look.fade ? rng.int(0, look.fade) : 0));
    ctx.fillStyle = rgb([grey, grey, grey]);
    ctx.font = cssFont(run.font);
    ctx.fontStretch = fontStretch(run.font);
    ctx.fillText(run.text, run.x, run.baseline);
  }
  // A copy: the pixels must outlive the canvas, which the garbage collector may free first.
  return Buffer.from(canvas.data());
}

/**
 * Scanner and camera wear, by the seed: faint noise and specks, grey conversion, Gaussian blur,
 * contrast loss and a JPEG round trip; the result as PNG. The noise has its own stream so that
 * image size never shifts the document's other choices.
 */
async function degrade(rgba: Buffer, width: number, height: number, rng: Rng, kind: SyntheticDocument['kind']): Promise<Buffer> {
  const noise = rng.chance(0.7) ? rng.float(2, 9) : 0;
  const specks = rng.chance(0.5) ? rng.int(10, 300) : 0;
  const grey = kind !== 'invoice' && rng.chance(0.4);
  const sigma = rng.chance(0.65) ? rng.float(0.3, 1.2) : 0;
  const contrast = rng.chance(0.2) ? rng.float(0.65, 0.85) : 1;
  const lift = (1 - contrast) * 255 * rng.float(0.2, 0.8);
  const quality = rng.chance(0.7) ? rng.int(60, 95) : 0;
  const noiseRng = mulberry32(rng.seed());
  const px = new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length);
  if (noise) addGrain(rgba, width, height, noise, noiseRng);
  for (let k = 0; k < specks; k++) {
    const i = 4 * (Math.floor(noiseRng() * height) * width + Math.floor(noiseRng() * width));
    const v = Math.floor(noiseRng() * 120);
    px[i] = px[i + 1] = px[i + 2] = v;
  }
  let img = sharp(rgba, { raw: { width, height, channels: 4 } }).removeAlpha();
  if (grey) img = img.grayscale();
  if (sigma) img = img.blur(sigma);
  if (contrast < 1) img = img.linear(contrast, lift);
  if (quality) img = sharp(await img.jpeg({ quality }).toBuffer());
  // Low compression: the files are read once by the OCR, and level 1-2 is twice as fast as 6.
  return img.png({ compressionLevel: 2 }).toBuffer();
}

// ─── The document ───────────────────────────────────────────────────────────────────────────

let measurer: Measurer | null = null;

/** The document's language, locale and printing habits. */
function makeContext(rng: Rng, kind: SyntheticDocument['kind']): Ctx {
  const lang = rng.weighted(LANGUAGE_WEIGHTS);
  const loc = rng.weighted(LOCALES.filter((l) => l.lang === lang).map((l) => [l, l.weight] as const));
  measurer ??= new Measurer();
  return {
    rng,
    loc,
    lab: LABELS[lang],
    m: measurer,
    upper: kind !== 'invoice' && rng.chance(kind === 'card_slip' ? 0.6 : 0.35),
    thousands: rng.chance(0.75) ? loc.thousands : '',
    currencyAsCode: rng.chance(0.25),
    dateStyle: rng.pick(loc.dates),
    timeStyle: loc.hour12 && rng.chance(0.5) ? 'h12' : rng.chance(0.3) ? 'hms' : 'hm',
    date: { y: rng.int(2019, 2026), m: rng.int(1, 12), d: rng.int(1, 28) },
  };
}

/** Roles in the model's output order. */
const ordered = (roles: Role[]): Role[] => ROLES.filter((r) => roles.includes(r));

/**
 * One synthetic document for a seed: a receipt (about half), a card slip (a fifth) or an invoice,
 * rendered, skewed and degraded, with every text run's roles and box in the final image.
 */
export async function makeSyntheticDocument(seed: number): Promise<SyntheticDocument> {
  const rng = new Rng(mulberry32(mix32(seed)));
  const kind = rng.weighted<SyntheticDocument['kind']>([['receipt', 5], ['card_slip', 2], ['invoice', 3]]);
  const c = makeContext(rng, kind);
  const layout = kind === 'receipt' ? layoutReceipt(c) : kind === 'card_slip' ? layoutCardSlip(c) : layoutInvoice(c);
  const look = chooseLook(rng, kind);
  const p = placePage(layout, look, kind);
  const lines = layout.sheet.runs.map((run) => ({ text: run.text, roles: ordered(run.roles), box: boxOf(p, run) }));
  const png = await degrade(draw(layout, p, look, rng), p.width, p.height, rng, kind);
  return { kind, language: c.loc.lang, currency: c.loc.currency, png, width: p.width, height: p.height, lines };
}
