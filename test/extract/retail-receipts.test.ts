import { describe, expect, it } from 'vitest';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { templateVersion } from '../../engine/src/extract/document-type.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import { receiptPage } from '../support/receipt-lines.js';
import { slipClientOcr } from '../support/slip-text.js';
import { readTillReceipt } from '../support/read-slip.js';

const read = (text: string) => extractFromText({ pages: parseClientOcr(slipClientOcr(text)).pages }, templateVersion('retail_receipt'), { now: new Date('2026-11-25T12:00:00Z') });

// Till receipts in the layouts of the countries counter staff meet: the total, never the cash
// handed over or the change; the tax summary read into the tax fields.
describe('retail receipts across Europe and the US', () => {
  it('ends an address at a heading of the vocabulary\'s words under the town, and keeps a region there', () => {
    expect(read(`HIPER GETAFE\nCtra. de Andalucía, km 12,4\n28906 GETAFE (MADRID)\nDEVOLUCIÓN DE MERCANCÍA\nCAMISA   -19,99\nTOTAL   -19,99`).data.merchant_address).toBe('Ctra. de Andalucía, km 12,4, 28906 GETAFE (MADRID)');
    expect(read(`KEDAI RUNCIT\nNO 3, JALAN SS2/24\n47300 PETALING JAYA\nSELANGOR\nMILO   5.00\nTOTAL   5.00`).data.merchant_address).toBe('NO 3, JALAN SS2/24, 47300 PETALING JAYA, SELANGOR');
  });

  it('reads no operator number after OP as the receipt number (TRANS 4417 OP 117 SHARON)', () => {
    const ex = read(`FOODSTORE\nMILK   1.20\nTOTAL  1.20\nCASH   5.00\nCHANGE 3.80\nTRANS 4417          OP 117 SHARON`);
    expect(ex.data.receipt_number).toBe('4417');
    expect(ex.data.cashier).toBe('SHARON');
  });

  it('reads round 13\'s till words: Bedient durch, Staff, Zwischentotal, Aktionsrabatt, Bon de réduction (no receipt number in it)', () => {
    expect(read(`APOTHEKE\nBedient durch: S. Keller\nSalbe   12.00\nTotal CHF  12.00\nBar  20.00`).data.cashier).toBe('S. Keller');
    expect(read(`CAFE\nStaff: Aoife\nLatte   3.50\nTotal   3.50\nCash    5.00`).data.cashier).toBe('Aoife');
    expect(read(`APOTHEKE\nSalbe   50.10\nZwischentotal   50.10\nRabatt 10%   -5.01\nTotal CHF  45.09`).data.subtotal).toBe(50.1);
    expect(read(`SUPERMARKT\nMILCH   3,00\nAKTIONSRABATT   -2,00\nSUMME EUR   1,00`).data.discount).toBe(2);
    expect(read(`HYPER\nLESSIVE   8,00\nBON DE REDUCTION LESSIVE   -2,00  2\nTOTAL TTC   6,00\nTicket 0419`).data.receipt_number).toBe('0419');
  });

  it('reads a name after its label\'s colon that is also a label\'s word (Served by: Dan, not the Czech Daň), and no rule of dashes as the cashier', () => {
    expect(read(`DIY STORE\nServed by: Dan\n----------------------------------------\nTIMBER   12.00\nTOTAL    12.00`).data.cashier).toBe('Dan');
    expect(read(`DIY STORE\nServed by:\n----------------------------------------\nTIMBER   12.00\nTOTAL    12.00`).data.cashier).toBeNull();
  });

  it('reads the till\'s own time over its card block\'s a minute later', () => {
    const ex = read(`GASTHAUS\n21.03.2026                     20:14\nSCHNITZEL   18,50\nSUMME EUR   18,50\nKartenzahlung\nVISA ************1111\nDatum: 21.03.2026          Zeit: 20:15\nBetrag EUR  18,50`);
    expect(ex.data.transaction_time).toBe('20:14');
  });

  it('reads round 16\'s words: Nota, Kassierer/in, Dto., Goods Total, Trade Disc', () => {
    expect(read(`RESTAURANG\nBord 11      Nota 20871\nSill   120,00\nAtt betala  120,00`).data.receipt_number).toBe('20871');
    expect(read(`BAUMARKT\nKassierer/in: Schulte\nSCHRAUBEN   12,00\nSUMME   12,00`).data.cashier).toBe('Schulte');
    expect(read(`FERRETERIA\nTORNILLOS   84,50\nDto. 5%   -4,23\nTOTAL   80,27`).data.discount).toBe(4.23);
    const uk = read(`TRADE COUNTER\nTIMBER   88.05\nGoods Total   88.05\nTrade Disc 5%   -4.40\nTOTAL   83.65`);
    expect([uk.data.subtotal, uk.data.discount]).toEqual([88.05, 4.4]);
  });

  it('reads no count of items before the total as the total (vocabulary item_count)', () => {
    expect(read(`BÓNUS\nMJÓLK   239\nSamtals   6 vörur                  3.139 kr.\nVSK samtals  358`).data.amount).toBe(3139);
    expect(read(`FØTEX\nRØDVIN   273,85\nI ALT  5 varer    273,85\nDankort   273,85`).data.amount).toBe(273.85);
    expect(read(`SHOP\nMILK   12.50\nTOTAL 3 items   12.50\nCASH   20.00`).data.amount).toBe(12.5);
  });

  it('reads round 15\'s till words: Servitör, Ober, Tilbud, Order #', () => {
    expect(read(`KROGEN\nServitör: Elin\nSill   120,00\nAtt betala  120,00`).data.cashier).toBe('Elin');
    expect(read(`RESTAURANT\nTafel: 4     Gasten: 2     Ober: Sanne\nSoep   12,00\nTotaal  12,00`).data.cashier).toBe('Sanne');
    expect(read(`FØTEX\nRØDVIN   60,00\nTILBUD RØDVIN   -15,00\nI ALT   45,00`).data.discount).toBe(15);
    expect(read(`CAFE\nOrder #: 6621   Table: 4\nLatte  3.50\nTotal  3.50`).data.receipt_number).toBe('6621');
  });

  it('reads a Catalan till as Spain\'s: its phone number of nine figures', () => {
    expect(read(`FORN DE PA\nCarrer Major 12\n43201 Reus\nNIF: B55318204   Tel. 977 31 42 66\nCaixera: Núria\nPA DE PAGÈS   2,40\nTOTAL   2,40\nEFECTIU   5,00\nCANVI   2,60`).data.merchant_phone).toBe('977 31 42 66');
  });

  it('reads a Dutch postcode\'s letters as no currency (8011 RM Zwolle)', () => {
    expect(read(`BAKKER\nDiezerstraat 5\n8011 RM Zwolle\nBROOD   7,85\nTOTAAL   7,85 EUR`).data.currency).toBe('EUR');
    expect(read(`KEDAI\nNASI   7.85\nTOTAL  RM 7.85`).data.currency).toBe('MYR');
  });

  it('keeps a Portuguese document type code before its series and number (FS A/4172)', () => {
    expect(read(`PASTELARIA\nFATURA SIMPLIFICADA  FS A/4172\nTOTAL   10,50\nTroco    9,50`).data.receipt_number).toBe('FS A/4172');
    expect(read(`MERCEARIA\nFATURA SIMPLIFICADA    FS 2026/18842\nTOTAL A PAGAR  10,90`).data.receipt_number).toBe('FS 2026/18842');
    // Capitals before a number without a series are no code of it.
    expect(read(`MERCEARIA\nFATURA SIMPLIFICADA    FS 18842\nTOTAL A PAGAR  10,90`).data.receipt_number).toBe('18842');
  });

  it('takes what was paid with a tip printed after the total: the figure below the tip that is both together', () => {
    const fr = read(`BRASSERIE DU PORT\n2 Menu du jour     19,50     39,00  B\n1 Entrecôte frites           71,10  B\nTOTAL TTC                   110,10 EUR\n\nTVA    Taux       HT       TVA      TTC\nB     10,0%   100,09    10,01   110,10\nTotal         100,09    10,01   110,10\n\nPourboire                     5,00 EUR\nRéglé CB                    115,10 EUR\nVISA  **** **** **** 3125`);
    expect(fr.data.amount).toBe(115.1);
    expect(fr.data.tip).toBe(5);
    const us = read(`CORNER DINER\nBreakfast   42.16\nSubtotal   42.16\nSales Tax 10.25%   4.30\nTotal   46.46\nTip   8.39\nAmount Paid   54.85\nVISA ****1111`);
    expect(us.data.amount).toBe(54.85);
    // A tip line above the total is already in it.
    expect(read(`BAR\nBEER   10.00\nTip   2.00\nTotal   12.00\nCash   20.00\nChange 8.00`).data.amount).toBe(12);
  });

  it('reads Belgian phone numbers, a Belgian company form opening its row, an address label, and an address row read twice once', () => {
    const be = read(`Brasserie La Fourchette d'Or\nSRL Fourchette d'Or\nRue des Bouchers 12\n1000 Bruxelles\nTél. 02 511 38 40\nMOULES   24,00\nTOTAL EUR 24,00`);
    expect(be.data.merchant_phone).toBe('02 511 38 40');
    expect(be.data.merchant).toBe("SRL Fourchette d'Or");
    expect(read(`ENOTECA\nIndirizzo: Via San Vitale 41\n40125 Bologna BO\nVINO 12,00\nTOTALE 12,00`).data.merchant_address).toBe('Via San Vitale 41, 40125 Bologna BO');
    expect(read(`ENOTECA IL GRAPPOLO\nVIA SAN VITALE 41\nVIA SAN VITALE 41\n40125 BOLOGNA BO\n40125 BOLOGNA BO\nVINO 12,00\nTOTALE 12,00`).data.merchant_address).toBe('VIA SAN VITALE 41, 40125 BOLOGNA BO');
  });

  it('reads the cashier after a till\'s number (Kasse 1 / Olga) and after Bedient, never money after a Dutch op, and a Steuernr. as the tax number', () => {
    expect(read(`TANKSTELLE\nSUPER 95   40,00\nSUMME EUR 40,00\nEs bediente Sie: Kasse 1 / Olga`).data.cashier).toBe('Olga');
    expect(read(`BÄCKEREI\nBROT 3,20\nTOTAL CHF 3.20\nKasse 2 Bedient: Ruth`).data.cashier).toBe('Ruth');
    expect(read(`BAKKERIJ\nBROOD 3,21\nTOTAAL 3,21\nContant afgerond op 0,05 EUR`).data.cashier).toBe(null);
    const de = read(`SPÄTI\nSteuernr. 29/412/60771\nCOLA 1,50\nSUMME EUR 1,50`);
    expect(de.data.merchant_tax_id).toBe('29/412/60771');
    expect(de.data.merchant_phone).toBe(null);
  });

  it('reads a French company whose form opens its row (SARL VINS & TERROIRS) as the issuer, and a store card named by the brand above it as no payment card', () => {
    const ex = read(`CARREFOUR MARKET\nSAS DISTRIBUTION ROUSSEL\n45 avenue Jean Jaurès\n69007 LYON\nLAIT   5,94\nTOTAL A PAYER   5,94\nCB   5,94\nCARTE CARREFOUR N° ************7719\nCB **** **** **** 6204`);
    expect(ex.data.merchant).toBe('SAS DISTRIBUTION ROUSSEL');
    expect(ex.data.card_last_four).toBe('6204');
    expect(read(`LA CAVE DES CHARTRONS\nSARL VINS & TERROIRS\n54 rue Notre-Dame\n33000 BORDEAUX\nVIN   12,00\nTOTAL   12,00`).data.merchant).toBe('SARL VINS & TERROIRS');
  });

  it('reads the payment card, not a gift card masked on the row under its name nor the shop\'s own card (ICA-kort)', () => {
    const gift = read(`DROGERIE WENDEL\nKaiserstraße 41\n76133 Karlsruhe\nSUMME  EUR   21,62\nGeschenkkarte   15,00\n  Karte ***************7781\ngirocard   6,62\nTerminal-ID 60428817\ngirocard   ############4417`);
    expect(gift.data.card_last_four).toBe('4417');
    const ica = read(`ICA Nära Söder\nGötgatan 67\n116 21 Stockholm\nTotalt SEK   192,72\nICA-kort   ****8874\nKöp   SEK 192,72\nKort   ************5561`);
    expect(ica.data.card_last_four).toBe('5561');
    // A card on a row of its own, a blank line under a loyalty card's row, is the payment card.
    expect(read(`TESCO\nTOTAL   4.20\nClubcard points this visit: 15\n\n************8824  CONTACTLESS`).data.card_last_four).toBe('8824');
  });

  it('reads no phone number from the figures of a date and a time (14.03.2026 17:51)', () => {
    const ex = read(`DROGERIA LILIA\nAl. Jana Pawła II 41\n15-703 Białystok\nPARAGON FISKALNY\n14.03.2026 17:51                   #0412\nSzampon   14,99 A\nSUMA PLN  14,99`);
    expect(ex.data.merchant_phone).toBe(null);
    expect(read(`DION REALTIES\nTEL : + 6 03 2026 6386\nTOTAL 5.00`).data.merchant_phone).not.toBe(null);
  });

  it('reads a German till receipt (two VAT rates in a Netto/Steuer/Brutto table)', () => {
    const ex = read(`        REWE Markt GmbH
      Hauptstraße 12
       80331 München
     UID Nr.: DE812706034
                              EUR
BIO BANANEN                  1,99 B
VOLLMILCH 3,5%               1,29 B
SPUELMITTEL                  2,49 A
--------------------------------------
SUMME                 EUR    5,77
======================================
Geg. BAR              EUR   10,00
Rückgeld BAR          EUR    4,23

Steuer  %     Netto    Steuer    Brutto
A=     19,0%    2,09     0,40      2,49
B=      7,0%    3,07     0,21      3,28
Gesamtbetrag    5,16     0,61      5,77

14.03.2025  10:42   Bon-Nr.:4711`);
    expect(ex.data.amount).toBe(5.77);
    expect(ex.data.amount_tendered).toBe(10);
    expect(ex.data.change).toBe(4.23);
    expect(ex.data.tax_amount).toBe(0.61);
    expect(ex.data.tax_rate).toBe(null);
    expect((ex.data.line_items as { description: string }[]).map((i) => i.description)).toEqual(['BIO BANANEN', 'VOLLMILCH 3,5%', 'SPUELMITTEL']);
  });

  it('reads a French ticket (TVA table with HT)', () => {
    const ex = read(`     CARREFOUR CITY
  25 RUE DE LA REPUBLIQUE
      69002 LYON
   SIRET 452 123 456 00012
PAIN COMPLET              2,10
FROMAGE COMTE             6,45
EAU MINERALE 1,5L         0,89
--------------------------------
TOTAL TTC                 9,44
ESPECES                  20,00
RENDU                    10,56
--------------------------------
TVA    TAUX     HT      TVA
A      5,50%   8,95    0,49
TOTAL          8,95    0,49
LE 14/03/2025 A 18:22  TICKET 0042`);
    expect(ex.data.amount).toBe(9.44);
    expect(ex.data.amount_tendered).toBe(20);
    expect(ex.data.change).toBe(10.56);
    expect(ex.data.tax_amount).toBe(0.49);
    expect(ex.data.tax_rate).toBe(5.5);
    expect((ex.data.line_items as { description: string; amount: number }[]).map((i) => [i.description, i.amount])).toEqual([
      ['PAIN COMPLET', 2.1],
      ['FROMAGE COMTE', 6.45],
      ['EAU MINERALE 1,5L', 0.89],
    ]);
  });

  it('reads a Spanish factura simplificada (IVA base and cuota)', () => {
    const ex = read(`   SUPERMERCADOS LUNA S.L.
   CALLE MAYOR 5
   28013 MADRID
   NIF B12345678
LECHE ENTERA           0,95
PAN BARRA              0,60
ACEITE OLIVA 1L        7,45
TOTAL               9,00 EUR
EFECTIVO           10,00
CAMBIO              1,00
IVA    BASE    CUOTA
10%    8,18    0,82
FECHA 02/04/2025 HORA 18:05
FACTURA SIMPLIFICADA 2025/00123`);
    expect(ex.data.amount).toBe(9);
    expect(ex.data.amount_tendered).toBe(10);
    expect(ex.data.change).toBe(1);
    expect(ex.data.tax_amount).toBe(0.82);
    expect(ex.data.tax_rate).toBe(10);
  });

  it('reads an Italian documento commerciale (di cui IVA)', () => {
    const ex = read(`     BAR PASTICCERIA ROMA
   VIA TOSCANA 10 00187 ROMA
      P.IVA 01234567890
         DOCUMENTO COMMERCIALE
      di vendita o prestazione
DESCRIZIONE          IVA   Prezzo(€)
CAPPUCCINO           10%        1,50
CORNETTO             10%        1,30
SPREMUTA             10%        3,00
TOTALE COMPLESSIVO              5,80
di cui IVA                      0,53
PAGAMENTO CONTANTE             10,00
RESTO                           4,20
30-09-2025 08:12
DOCUMENTO N. 0042-0007`);
    expect(ex.data.amount).toBe(5.8);
    expect(ex.data.amount_tendered).toBe(10);
    expect(ex.data.change).toBe(4.2);
    expect(ex.data.tax_amount).toBe(0.53);
  });

  it('reads a UK receipt (VAT rate, VAT and net)', () => {
    const ex = read(`        TESCO EXPRESS
     45 HIGH STREET
     LEEDS LS1 4AB
   VAT NO: GB 220 4302 31
MILK 2 PINTS               1.45
BREAD WHITE                1.10
WINE RED                   7.50
BALANCE DUE               10.05
CASH                      20.00
CHANGE                     9.95
VAT RATE  VAT    NET
A 20%     1.25   6.25
Z 0%      0.00   2.55
05/06/2025 09:41  TILL 3`);
    expect(ex.data.amount).toBe(10.05);
    expect(ex.data.amount_tendered).toBe(20);
    expect(ex.data.change).toBe(9.95);
    expect(ex.data.tax_amount).toBe(1.25);
    expect(ex.data.tax_rate).toBe(20);
  });

  it('reads a US receipt (sales tax with its rate)', () => {
    const ex = read(`        WALGREENS #4521
     1200 MARKET ST
  SAN FRANCISCO CA 94102
SHAMPOO               6.99
TOOTHPASTE            3.49
SUBTOTAL             10.48
SALES TAX 8.625%      0.90
TOTAL                11.38
CASH                 20.00
CHANGE                8.62
06/12/2025 14:02`);
    expect(ex.data.amount).toBe(11.38);
    expect(ex.data.amount_tendered).toBe(20);
    expect(ex.data.change).toBe(8.62);
    expect(ex.data.tax_amount).toBe(0.9);
    expect(ex.data.tax_rate).toBe(8.625);
    expect(ex.data.subtotal).toBe(10.48);
  });

  it('reads a discount and cash printed with a minus sign as the amounts they are, and asks no review for them', () => {
    const ex = read(`KEDAI RUNCIT MAJU
NO 12, JALAN MAWAR
81750 JOHOR BAHRU
CASH INV NO.: 7721F711
DATE: 12/03/2018
ROTI                      5.60
SUSU                      8.00
SUBTOTAL                 13.60
DISCOUNT                 -1.10
TOTAL                    12.50
CASH                    -50.00
CHANGE                   37.50`);
    expect(ex.data.amount).toBe(12.5);
    expect(ex.data.discount).toBe(1.1);
    expect(ex.data.amount_tendered).toBe(50);
    expect(ex.data.change).toBe(37.5);
    // `CASH INV NO.: 7721F711` is an invoice number's line, not a cash label without its value.
    expect(ex.review.reasons.filter((r) => r.code !== 'low_confidence')).toEqual([]);
  });

  it('reads a numbered tax label (`Sales Tax 1:`) with its amount to the right, not the label\'s number', () => {
    const page = receiptPage([
      'EDWARDS DRIVE IN',
      'Feb 11, 2012 10:03am',
      [{ text: 'Sub Total:', x: 0.2 }, { text: '16.01', x: 0.5 }],
      [{ text: 'Sales Tax 1:', x: 0.2 }, { text: '1.44', x: 0.5 }],
      [{ text: 'Amount Due:', x: 0.2 }, { text: '17.45', x: 0.5 }],
    ]);
    const ex = extractFromText(parseClientOcr(page), templateVersion('retail_receipt'), { now: new Date('2026-11-25T12:00:00Z') });
    expect(ex.data.tax_amount).toBe(1.44);
    expect(ex.data.subtotal).toBe(16.01);
    expect(ex.data.amount).toBe(17.45);
  });

  it('sends a total under its subtotal to review, and lets a total rounded down to the cash step pass', () => {
    const rows = (total: string) => `SALTWATER GRILL
Howard Centre
23-02-2017 13:11
Seafood Stew               135.00
Prawn sticks               183.00
SUBTOTAL                   318.00
Incl VAT                    39.05
${total}`;
    // The total's own line was not read; a gratuity line's figure is what is left under `Total`.
    const wrong = read(rows('Gratuity\nTotal                        3.50'));
    expect(wrong.data.amount).toBe(3.5);
    expect(wrong.review.reasons).toContainEqual(expect.objectContaining({ code: 'low_confidence', path: 'amount' }));
    expect(wrong.fields.amount.confidence).toBeLessThanOrEqual(0.5);
    const rounded = read(rows('ROUNDING                    -0.02\nTOTAL                      317.98'));
    expect(rounded.data.amount).toBe(317.98);
    expect(rounded.fields.amount.confidence).toBeGreaterThan(0.5);
  });

  it('reads a minus before a currency against the figure as the sign: the total after rounding down is the one paid', () => {
    const ex = read(`UNIHAKKA INTERNATIONAL SDN BHD
12 JUN 2018 18:18
PORK                    RM2.54
VEGE                    RM5.18
TOTAL AMOUNT: RM7.72
GST @0%: RM0.00
ROUNDING: -RM0.02
NETT TOTAL: RM7.70
CASH                    RM7.70`);
    expect(ex.data.rounding).toBe(-0.02);
    expect(ex.data.amount).toBe(7.7);
  });

  it('takes no sum where a figure is added and taken away again: the total beside its label stands', () => {
    const ex = read(`MEIJER
09/08/12
ROSE BOUQUET                14.99
HANDTIED ROSES              19.99
WINE 2 @ 5.99               11.98
COUPON                       3.00 *
DISCOUNT                     3.00
OH 6.25% Sales               4.93
TOTAL TAX                    4.93
TOTAL                       96.70
TENDER                     100.00
CHANGE                       3.30`);
    expect(ex.data.amount).toBe(96.7);
    expect(ex.data.tax_amount).toBe(4.93);
  });

  it('reads the subtotal of a US till as it abbreviates it (SUBTTL) or numbers it per tax rate (TAXABLE2)', () => {
    const us = read(`SWEE HENG CAFE
(074)Wanton Soup Noodle      8.90
(043)Pork Chop Rice         12.50
SUBTTL                      21.40
7% GST                       1.50
TOTAL                       22.90`);
    expect(us.data.subtotal).toBe(21.4);
    const numbered = read(`FOOD TOWN
MEAT FT2                    $15.95
GROCERY FT2                 $6.00
TAXABLE2                    $21.95
TAX 2 RATE                  2.000%
TAX2                        $0.44
TOTAL                       $22.39`);
    expect(numbered.data.subtotal).toBe(21.95);
    expect(numbered.data.tax_amount).toBe(0.44);
    expect(numbered.data.amount).toBe(22.39);
  });

  it('asks a person to look at a day and month read month first only because of a bare dollar sign', () => {
    const slip = (town: string) => read(`GUMNUT GROCER
${town}
DATE: 11/12/24
ROSE BOUQUET                $9.86
TOTAL:                      $9.86`);
    const bare = slip('');
    expect(bare.data.transaction_date).toBe('2024-11-12');
    expect(bare.fields.transaction_date.confidence).toBeLessThanOrEqual(0.8);
    expect(bare.review.reasons.some((r) => r.path === 'transaction_date')).toBe(true);
    // A US address settles it.
    const us = slip('AUSTIN, TX 78701');
    expect(us.data.transaction_date).toBe('2024-11-12');
    expect(us.fields.transaction_date.confidence).toBeGreaterThan(0.8);
  });

  it('takes the tax from the summary row whose figures prove it, not the total the tax is included in', () => {
    const ex = read(`MR D.I.Y. (M) SDN BHD
TOILET BRUSH                 5.90
CURTAIN STRAPS               5.00
TOTAL INCL ,GST@6%       RM 15.90
CASH                     RM 50.00
CHANGE                   RM 34.10
GST SUMMARY    AMT(RM)    TAX(RM)
GST S@6%         15.00       0.90`);
    expect(ex.data.tax_amount).toBe(0.9);
    expect(ex.data.amount).toBe(15.9);
  });

  it('keeps a labelled total against an item line\'s own discount arithmetic and a count in its name', () => {
    const ex = read(`WEETONS
BUTCHERS ROSTI              7.95
OMELETTE                    2.50
£5.50 - 55% Discount. Saving £3.00
FRESH ORANGE JUICE          2.95
Sold Items Total           13.40`);
    expect(ex.data.amount).toBe(13.4);
  });

  it('reads the amount right of a total label that a count follows (SUMME [6]   11,50)', () => {
    const ex = read(`NETTO Marken-Discount
PIZZA SALAME 320G           2,49 B
MILCH 1L                    9,01 B
SUMME [6]                  11,50
EC-Karte EUR               11,50`);
    expect(ex.data.amount).toBe(11.5);
  });

  it('reads the tax of a table of two rates as their sum, and takes neither row\'s net or gross for a total', () => {
    const kiosk = read(`         Kiosk am Stadtpark
            Parkstraße 2
            04109 Leipzig

02.11.2025     09:41     Bon 0318
Süddeutsche Zeitung        4,20 B
Marlboro Red 20er          9,80 A
Club-Mate 0,5l             1,80 A
Pfand                      0,15 A
Summe             EUR     15,95
Gegeben           EUR     20,00
Zurück            EUR      4,05

A 19%  Netto  9,87  MwSt  1,88
B  7%  Netto  3,93  MwSt  0,27`);
    expect(kiosk.data.tax_amount).toBe(2.15);
    expect(kiosk.data.subtotal).toBeNull();
    expect(kiosk.data.amount).toBe(15.95);
    const pharmacie = read(`         PHARMACIE DU CENTRE
            33000 BORDEAUX
DOLIPRANE 1000MG CPR B/8         2,18  A
SERUM PHYSIOLOGIQUE 40 UNIDOSES  3,90  B
AVENE CREME HYDRATANTE 50ML     16,90  C
TOTAL                     EUR   22,98
CARTE BANCAIRE                  22,98

Code  Taux      HT       TVA       TTC
A     2,10%    2,14     0,04      2,18
B    10,00%    3,55     0,35      3,90
C    20,00%   14,08     2,82     16,90`);
    expect(pharmacie.data.amount).toBe(22.98);
    expect(pharmacie.data.tax_amount).toBe(3.21);
  });

  it('reads the rate every item prints in a rate column (Italian documento commerciale), and no phone number from the document number', () => {
    const ex = read(`       BAR SPORT DI BIANCHI LUCA
           VIA GARIBALDI 8
           40121 BOLOGNA BO
         DOCUMENTO COMMERCIALE
DESCRIZIONE               IVA  Prezzo(€)
CAFFE'                    10%       2,40
CORNETTO CREMA            10%       1,50
SPREMUTA ARANCIA          10%       3,50
TOTALE COMPLESSIVO                  7,40
di cui IVA                          0,67
04-03-2026 08:31
DOCUMENTO N. 0112-0045`);
    expect(ex.data.tax_rate).toBe(10);
    expect(ex.data.tax_amount).toBe(0.67);
    expect(ex.data.merchant_phone).toBeNull();
    // A discount's rate on one row is no rate column.
    const discount = read(`BAR SPORT
CAFFE'                              2,40
SCONTO 10%                          0,24
TOTALE                              2,16`);
    expect(discount.data.tax_rate).toBeNull();
  });

  it('reads the total tax of a Polish receipt, never one rate\'s PTU added to another\'s', () => {
    const ex = read(`   Piekarnia-Cukiernia Złoty Kłos
         ul. Długa 12, 80-827 Gdańsk
           PARAGON FISKALNY
Chleb żytni           1 x8,50     8,50C
Pączek z różą         4 x3,20    12,80C
Kawa czarna           1 x9,00     9,00B
Sprzed. opodatk. B                 9,00
Kwota PTU B 8,00%                  0,67
Sprzed. opodatk. C                21,30
Kwota PTU C 5,00%                  1,01
Łączna kwota PTU                   1,68
SUMA PLN                          30,30
Gotówka                      50,00 PLN
Reszta                       19,70 PLN`);
    expect(ex.data.tax_amount).toBe(1.68);
    expect(ex.data.amount).toBe(30.3);
  });

  it('reads a US till\'s merchandise subtotal (MDSE ST)', () => {
    const ex = read(`ROCCO'S NY PIZZA PASTA
PASTA DINNERS               $12.99
REG COLD SANDWICH            $7.99
MDSE ST                     $20.98
TAX1                         $1.73
TOTAL                       $22.71`);
    expect(ex.data.subtotal).toBe(20.98);
  });

  it('keeps the labelled total when two item prices lie a printed deduction apart', () => {
    const ex = read(`                 LIDL
Vollkornbrot                        1,29 B
Paprika rot                         1,99 B
Orangensaft 1l                      1,69 B
Preisvorteil                       -0,30 B
zu zahlen                           4,67
Kreditkarte                         4,67`);
    expect(ex.data.amount).toBe(4.67);
  });

  it('reads cashiers and savings as more tills print them', () => {
    expect(read(`dm-drogerie markt
Zahnpasta                           1,95
SUMME EUR                           1,95
Mitarbeiter 7`).data.cashier).toBe('7');
    expect(read(`FRANPRIX
PAIN                                1,20
TOTAL                               1,20
Vous avez été servi par : Inès`).data.cashier).toBe('Inès');
    expect(read(`K-Market Kalevanharju
Maito                               1,29
YHTEENSÄ                            1,29
Säästit tänään 1,00 €`).data.discount).toBe(1);
    expect(read(`Żabka
Woda                                2,99
SUMA PLN                            2,99
Kasjer nr 3`).data.cashier).toBe('3');
  });

  it('takes no phone number from a receipt number, a tax number or the card block below the prices', () => {
    const dia = read(`                 DIA
          NIF A-28164754
   C/ Bravo Murillo 287, 28020 MADRID
        FACTURA SIMPLIFICADA
Nº: 01832/003/118273
LECHE ENTERA                        0,89
TOTAL                               0,89`);
    expect(dia.data.merchant_phone).toBeNull();
    const coop = read(`                 Coop
          CHE-116.320.102 MWST
Milch                               1.60
Total CHF                           1.60`);
    expect(coop.data.merchant_phone).toBeNull();
    expect(coop.data.merchant_tax_id).toBe('CHE-116.320.102');
    const lidl = read(`                 LIDL
     Tel. 0211 5580120
Vollkornbrot                        1,29 B
zu zahlen                           1,29
Terminal-ID:                63281047`);
    expect(lidl.data.merchant_phone).toBe('0211 5580120');
  });

  it('reads a tax table whose rate column is headed by its word (Taux) and whose rows open with a code letter', () => {
    const ex = read(`FRANPRIX
Coca-Cola zero 1,25L          1,99  B
Pâtes penne 500g              5,84  A
Bière blonde 6x25cl           5,29  B
TOTAL TTC                    13,44 EUR
ESPECES                      20,00
RENDU MONNAIE                 6,56

TVA  Taux      HT      TVA     TTC
A    5,50     5,84     0,32    6,16
B   20,00     6,07     1,21    7,28`);
    expect(ex.data.tax_amount).toBe(1.53);
    expect(ex.data.tax_rate).toBeNull();
  });

  it('ends the items at a total, tax or cash row in any language', () => {
    const ex = read(`ΦΟΥΡΝΟΣ ΠΑΠΑΔΟΠΟΥΛΟΣ
ΨΩΜΙ ΧΩΡΙΑΤΙΚΟ              2,40
ΚΟΥΛΟΥΡΙ                    1,50
ΤΥΡΟΠΙΤΑ                    3,20
ΣΥΝΟΛΟ                      7,10
ΜΕΤΡΗΤΑ                    10,00
ΡΕΣΤΑ                       2,90
ΦΠΑ 13%                     0,82`);
    expect((ex.data.line_items as { description: string }[]).map((i) => i.description)).toEqual(['ΨΩΜΙ ΧΩΡΙΑΤΙΚΟ', 'ΚΟΥΛΟΥΡΙ', 'ΤΥΡΟΠΙΤΑ']);
  });

  it('reads the Danish change (Tilbage) as the change, never the total', () => {
    const ex = read(`LETZ SUSHI
Maki                      165.00
I ALT                     165.00
KONTANT                   500.00
TILBAGE                   335.00`);
    expect(ex.data.change).toBe(335);
    expect(ex.data.amount).toBe(165);
  });
});


describe('till receipts across Europe (2026-11-27, evening)', () => {
  it('reads a forint receipt\'s subtotal printed as 3 170 with no mark, and its tax as the sum of its rate rows', () => {
    const ex = readTillReceipt(`      Kossuth Pékség és Kávézó
    6720 Szeged, Kárász u. 9.
Kakaós csiga      2 x 390      780 A
Vekni kenyér 1 kg              890 A
Cappuccino                     790 A
Ásványvíz 0,5l                 350 C
------------------------------------
RÉSZÖSSZEG                   2 810
ÖSSZESEN:                 2 810 Ft
KÉSZPÉNZ                  5 000 Ft
VISSZAJÁRÓ                2 190 Ft

ÁFA  A   5%                    116
ÁFA  C  27%                     74`);
    expect(ex.data.subtotal).toBe(2810);
    expect(ex.data.amount).toBe(2810);
    expect(ex.data.tax_amount).toBe(190);
  });

  it('reads the seller after Prodavač, not the till number after Pokladna (a word one letter from Pokladní)', () => {
    const ex = readTillReceipt(`          Pekárna U Kostela
             Husova 14
            602 00 Brno
Pokladna: 1          Prodavač: Jana
Rohlík bílý        10 x 2,50    25,00
Chléb kmínový 1 kg              38,00
CELKEM                      63,00 Kč
Hotově                     100,00 Kč
Vráceno                     37,00 Kč`);
    expect(ex.data.cashier).toBe('Jana');
  });

  it('takes change given back, with no card on the receipt, as a cash payment', () => {
    const ex = readTillReceipt(`        Kiosk am Markt
      Marktplatz 3, 93047 Regensburg
Süddeutsche Zeitung        4,20 B
Club-Mate 0,5l             1,80 A
---------------------------------
Summe             EUR      6,00
Gegeben           EUR     10,00
Zurück            EUR      4,00`);
    expect(ex.data.payment_method).toBe('cash');
  });

  it('reads a unit price glued to its times mark (2 x3,49), and a weighed count is no price (1,256 x3,99)', () => {
    const ex = readTillReceipt(`     Biedronka
       ul. Marszałkowska 104
          00-017 Warszawa
          PARAGON FISKALNY
MLEKO UHT 3,2% 1L      C  2 x3,49    6,98C
JABŁKA LUZ             C  1,256 x3,99  5,01C
-----------------------------------------
SUMA PLN                           11,99`);
    const items = ex.data.line_items as { quantity?: number; unit_price?: number; amount: number }[];
    expect(items.map((i) => [i.quantity, i.unit_price, i.amount])).toEqual([
      [2, 3.49, 6.98],
      [1.256, 3.99, 5.01],
    ]);
  });

  it('reads a Polish fiscal footer\'s print number before #Kasa as the receipt number where no label gives one', () => {
    const ex = readTillReceipt(`     SKŁAD BUDOWLANY KOWALCZYK
       ul. Przemysłowa 8, 62-800 Kalisz
          PARAGON FISKALNY
Wkręty 4x40 200szt     A  1 x18,99  18,99A
SUMA PLN                           18,99
00214 #Kasa 2   Kasjer Tomasz      16:05
Karta płatnicza                    18,99`);
    expect(ex.data.receipt_number).toBe('00214');
  });

  it('reads Zu bezahlen as the total after a rounding, and a price per kilo after the times mark as no count', () => {
    const ex = readTillReceipt(` Backerei Confiserie
     STEINER AG
 Bahnhofstrasse 31
 6003 Luzern
Zopf 500g              1  5.40   5.40
Bundnerfleisch
   0.084 kg x 68.00/kg           5.71
-------------------------------------
Total CHF                       11.11
Rundung
                                -0.01
Zu bezahlen CHF                 11.10
Bar                             20.00
Ruckgeld                         8.90`);
    expect(ex.data.amount).toBe(11.1);
    const weighed = (ex.data.line_items as { amount: number; quantity?: number; unit_price?: number }[]).find((i) => i.amount === 5.71);
    expect(weighed?.quantity).not.toBe(68);
    expect(weighed?.unit_price).toBe(68);
  });

  it('takes the name after an operator number as the cashier, and a number alone as it is', () => {
    const named = readTillReceipt(`MAGAZIN MIXT SRL
Str. Brailei 14, Galati
Paine alba                      4,50
TOTAL LEI                       4,50
Operator: 3 ELENA`);
    expect(named.data.cashier).toBe('ELENA');
    const numbered = readTillReceipt(`SKLEP
Chleb                           4,99
SUMA PLN                        4,99
Kasjer nr 12`);
    expect(numbered.data.cashier).toBe('12');
  });

  it('takes no gift card\'s number for the paying card, and reads Verkäuferin as the cashier', () => {
    const ex = readTillReceipt(`   DROGERIE WENDEL
   Marktstraße 3, 35037 Marburg
Duschgel                         3,95
Zahnpasta                        2,45
SUMME EUR                        6,40
Geschenkkarte ************7781   5,00
girocard                         1,40
Karte            ############4417
Verkäuferin: Lisa`);
    expect(ex.data.card_last_four).toBe('4417');
    expect(ex.data.cashier).toBe('Lisa');
  });
});
