// Label and value words that OCR read with a digit for a letter (`IMP0RTE`, `MAESTR0`, `N0 AUTO`),
// from photographed slips: found as their words, while codes and values keep their digits.
import { describe, expect, it } from 'vitest';
import { digitLetterReadings, fewLettersAsFigures, zerosInFigures } from '../../engine/src/extract/normalize/digit-letters.js';
import { readSlip as read, readTillReceipt } from '../support/read-slip.js';

describe('digitLetterReadings', () => {
  it('reads 0 and 1 back as letters inside words, keeping the text\'s length', () => {
    const [printed, asL, asI] = digitLetterReadings('IMP0RTE EUR  Termina1-ID  TERM1NAL');
    expect(printed).toBe('IMP0RTE EUR  Termina1-ID  TERM1NAL');
    expect(asL).toBe('IMPORTE EUR  Terminal-ID  TERMlNAL');
    expect(asI).toBe('IMPORTE EUR  TerminaI-ID  TERMINAL');
    expect(asL.length).toBe(printed.length);
  });

  it('leaves numbers and codes alone: other digits, or more digits than letters', () => {
    expect(digitLetterReadings('A0000000041010 4F1220 X1C802 10A 2,40')).toEqual(['A0000000041010 4F1220 X1C802 10A 2,40']);
    expect(digitLetterReadings('N0 AUTO')).toContain('NO AUTO');
  });

  it('reads a 2 as Z and an 8 as B in a word of four letters or more, never in a short code', () => {
    expect(digitLetterReadings('2BLIZENIOWO  8ETRAG')).toContain('ZBLIZENIOWO  BETRAG');
    expect(digitLetterReadings('BS7 8NR  A2 B8')).toEqual(['BS7 8NR  A2 B8']);
    expect(read(`SKLEP\nMASTERCARD\n**** **** **** 5094\n2BLIZENIOWO\nKWOTA:   46,20 zl`).data.entry_method).toBe('contactless');
  });
});

describe('slips read from photos with digits for letters', () => {
  it('finds labels, schemes and entry words misread with a zero (Spanish refund)', () => {
    const ex = read(`          FERRETERIA EL CLAVO
      Calle Feria 22, 41003 Sevilla
         Tlf 954 221 873

             DEVOLUCI0N
C0MERCIO:               055128300
TERMINAL:                41220877
MAESTR0             ************4471
IMP0RTE:                  24,95 EUR
FECHA 14/01/2026         HORA 11:07
            SIN C0NTACTO`);
    expect(ex.data.amount).toBe(24.95);
    expect(ex.data.merchant_id).toBe('055128300');
    expect(ex.data.transaction_type).toBe('refund');
    expect(ex.data.card_scheme).toBe('maestro');
    expect(ex.data.entry_method).toBe('contactless');
  });

  it('reads a label\'s misread word as the label, not as the value (AUTH  C0DE  119422, Receipt  N0  10772)', () => {
    const ex = read(`     BEAN & BARLEY COFFEE CO
MASTERCARD
PAN  ************0385
AMOUNT                       8.45 GBP
AUTH  C0DE               119422
TID                     50218873`);
    expect(ex.data.auth_code).toBe('119422');
    expect(ex.data.terminal_id).toBe('50218873');
    const till = readTillReceipt(`THE BLUE DOOR CAFE
Americano                   3.60
T0TAL              EUR      3.60
CASH                        5.00
Receipt  N0  10772`);
    expect(till.data.receipt_number).toBe('10772');
    expect(till.data.amount).toBe(3.6);
  });

  it('reads a number sign printed as No (N0 CONTRAT) as the label that prints N°', () => {
    const ex = read(`          OPTIQUE VAUBAN
        27 RUE ESQUERMOISE
            59800 LILLE
N0 CONTRAT                4410982
No TERMINAL              00750213
CB                 ************7701
MONTANT                   89,00 EUR`);
    expect(ex.data.merchant_id).toBe('4410982');
    expect(ex.data.merchant_address).toBe('27 RUE ESQUERMOISE, 59800 LILLE');
  });
});

describe('base amounts under the sale word', () => {
  it('reads Venta and Venda before a tip as the base amount (SumUp, Spanish and Portuguese)', () => {
    for (const [word, tipWord] of [['Venta', 'Propina'], ['Venda', 'Gorjeta']]) {
      const ex = read(`            Taberna El Puerto
Recibo n.º                     S4KD9-27
Fecha                  22/08/2025 22:41
${word}                           42,50 €
${tipWord}                          4,50 €
TOTAL                           47,00 €
Visa Crédito        **** **** **** 7730`);
      expect(ex.data.base_amount).toBe(42.5);
      expect(ex.data.tip).toBe(4.5);
      expect(ex.data.amount).toBe(47);
    }
  });
});

describe('more slips from photos and more languages', () => {
  it('reads hours and minutes a space apart right after the time label (its colon lost)', () => {
    const ex = read(`          FERRETERIA EL CLAVO
IMPORTE:                  24,95 EUR
FECHA 02/06/2025   HORA 11 07
VISA               ************4471`);
    expect(ex.data.transaction_time).toBe('11:07');
    // Elsewhere two numbers a space apart are no time.
    expect(read(`BAR
IMPORTE:                  24,95 EUR
FECHA 02/06/2025
LOTE 11 07`).data.transaction_time).toBeNull();
  });

  it('reads a figure against a pound or euro sign read as E, and not a petrol grade', () => {
    const ex = read(`     BEAN & BARLEY COFFEE CO
MASTERCARD
PAN  ************0385
AMOUNT                       E8.45
AUTH CODE                   119422`);
    expect(ex.data.amount).toBe(8.45);
    const till = readTillReceipt(`ESSO MOORSIDE
Unleaded E10 35.20L        52.45
TOTAL                      52.45
CASH                       60.00
CHANGE                      7.55`);
    expect(till.data.amount).toBe(52.45);
    // Cents parted from their figure by a space, ending the line.
    expect(readTillReceipt(`VERSMARKT\nKAAS   42,84\nTOT AAL 42, 84\nPINNEN 42,84`).data.amount).toBe(42.84);
    // A pound sign read as a small f.
    expect(read(`BOOK NOOK\nMASTERCARD\nPAN  ************0385\nREFUND AMOUNT:  f12.99`).data.amount).toBe(12.99);
  });

  it('reads Czech town rows (Brno is no business registration label) and a bank misread with a zero as the slip\'s', () => {
    const ex = read(`      KNIHKUPECTVI ARGO
        Masarykova 27
         602 00 Brno
       K0MERCNI BANKA

          VRACENI
TERMINAL ID              81220457
CASTKA                  349,00 Kc`);
    expect(ex.data.merchant).toBe('KNIHKUPECTVI ARGO');
    expect(ex.data.merchant_address).toBe('Masarykova 27, 602 00 Brno');
  });

  it('reads the merchant ids, auth codes and entry words of more languages', () => {
    expect(read(`Obchodník:            9100124557
ČÁSTKA                  120,00 Kč`).data.merchant_id).toBe('9100124557');
    expect(read(`Kereskedő:            1200418877
ÖSSZEG                  4 990 Ft`).data.merchant_id).toBe('1200418877');
    expect(read(`Goedkeuringscode:         4F1220
Bedrag                 12,50 EUR`).data.auth_code).toBe('4F1220');
    expect(read(`Autor.-Code:              4K7Q21
Betrag                 12,50 EUR`).data.auth_code).toBe('4K7Q21');
    expect(read(`Karte gesteckt
girocard
Betrag                 12,50 EUR`).data.entry_method).toBe('chip');
  });

  it('reads a company\'s registration number as the merchant\'s tax id, and not as its phone number', () => {
    const fi = readTillReceipt(`S-market Kalevanharju
Y-tunnus  0155467-3
Maito                       1,29
YHTEENSÄ                    1,29`);
    expect(fi.data.merchant_tax_id).toBe('0155467-3');
    expect(fi.data.merchant_phone).toBeNull();
    const dk = readTillReceipt(`Kaffebar Nord
CVR: 41772096
Kaffe                      35,00
TOTAL                      35,00`);
    expect(dk.data.merchant_tax_id).toBe('41772096');
    // Two letters are a cashier's initials, not a registration label (`C.F.`).
    const fr = readTillReceipt(`PHARMACIE DU CENTRE
Opérateur : CF
DOLIPRANE                  2,18
TOTAL                      2,18`);
    expect(fr.data.cashier).toBe('CF');
  });
});

describe('more OCR misreads on photographed slips', () => {
  it('reads a capital I printed or read as a small l, and an S read as 5, in words of capitals', () => {
    expect(digitLetterReadings('PlN VERIFIED')).toContain('PIN VERIFIED');
    expect(digitLetterReadings('CONTACTLES5')).toContain('CONTACTLESS');
    const ex = read(`THE COPPER KETTLE
VISA               ************4411
CONTACTLES5
ENTRY M0DE: CHlP
PlN VERIFIED
AMOUNT                      18.40 GBP
          GEWElGERD`);
    expect(ex.data.verification_method).toBe('pin');
    expect(ex.data.approved).toBe(false);
  });

  it('drops a stray mark before the name and ends the address at a terminal maker\'s or a scheme\'s row', () => {
    const ex = read(`| Ristorante Al Faro
   Hafenstrasse 9
   24937 Flensburg
   CCV Fly
Betrag                  EUR  60,00
VISA               ************4411`);
    expect(ex.data.merchant).toBe('Ristorante Al Faro');
    expect(ex.data.merchant_address).toBe('Hafenstrasse 9, 24937 Flensburg');
    expect(read(`FRITUUR DE KORENBLOEM
Grote Markt 9
8500 Kortrijk
PAYCONIQ BY BANCONTACT
Bedrag                  EUR  12,50`).data.merchant_address).toBe('Grote Markt 9, 8500 Kortrijk');
  });

  it('reads the amount a French pre-authorisation completes at (MONTANT REEL), not the amount held', () => {
    const ex = read(`STATION DU LAC
CB
MONTANT PRE-AUTORISE = 120,00 EUR
MONTANT REEL =          55,14 EUR
No AUTO : 510022`);
    expect(ex.data.amount).toBe(55.14);
  });
});

describe('British and Irish slips without a currency read', () => {
  it('reads the currency of the country its postcode names where the sign was misread (E18.40)', () => {
    const uk = read(`THE COPPER KETTLE
12 Castle Street
Shrewsbury SY1 1XB
VISA               ************4411
TOTAL                   E18.40`);
    expect(uk.data.amount).toBe(18.4);
    expect(uk.data.currency).toBe('GBP');
    const ie = read(`MULLIGAN'S BAR
Bridge Street, Westport F28 X2Y3
VISA               ************4411
TOTAL                   C48.00`);
    expect(ie.data.currency).toBe('EUR');
  });
});

describe('labels glued to their figures', () => {
  it('reads a figure with cents glued to its label (Gesamt60,00 EUR), not a word glued to digits', () => {
    const ex = read(`Ristorante Al Faro
Betrag                 54,60 EUR
Trinkgeld               5,40 EUR
Gesamt60,00 EUR
VISA               ************4411`);
    expect(ex.data.amount).toBe(60);
    expect(ex.data.tip).toBe(5.4);
  });
});

describe('fewLettersAsFigures', () => {
  it('reads up to the given number of figure-like letters as figures, spaces aside, and refuses more', () => {
    expect(fewLettersAsFigures('33B1', 1)).toBe('3381');
    expect(fewLettersAsFigures('2B4 7731 19', 2)).toBe('284 7731 19');
    expect(fewLettersAsFigures('0O93', 1)).toBe('0093');
    expect(fewLettersAsFigures('OO12O441', 2)).toBe(null);
    // Without `wide`, a B stays a B.
    expect(fewLettersAsFigures('0000000031Bl0', 2, false)).toBe('0000000031B10');
  });
});

describe('zerosInFigures (an O read among a figure\'s digits)', () => {
  it('reads the O of a figure, a rate, a date and a time as a zero, keeping the length', () => {
    for (const [text, read] of [
      ['TOTAL 12,2O E', 'TOTAL 12,20 E'],
      ['5 68O Ft', '5 680 Ft'],
      ['IVA 1O%', 'IVA 10%'],
      ['O5.O2.2026 12:O9', '05.02.2026 12:09'],
      ['Rückgeld O,50', 'Rückgeld 0,50'],
      ['Betrag: EUR l89,90', 'Betrag: EUR 189,90'],
      ['Betaling  EUR  14,S0', 'Betaling  EUR  14,50'],
      ['Zeit: 20:S1', 'Zeit: 20:51'],
      ['Kvitto 2026-11-2l 16:48', 'Kvitto 2026-11-21 16:48'],
      ['Datum 21.11.202l', 'Datum 21.11.2021'],
    ]) {
      expect(zerosInFigures(text)).toBe(read);
      expect(zerosInFigures(text)).toHaveLength(text.length);
    }
  });

  it('leaves words, codes and a brand before a figure alone', () => {
    for (const text of ['NO.5 2,50', 'H2O 1,50', 'O2 Shop 9,99', 'BON 0042', 'COOKIES', 'Il 12,00', 'Al2,50']) expect(zerosInFigures(text)).toBe(text);
  });

  it('reads a total whose decimal comma OCR read as a point, a mask of plus signs, and a reference printed in two groups', () => {
    expect(read(`V PAY ************1234\nTotaal:               1.249.00 EUR\nAKKOORD`).data.amount).toBe(1249);
    expect(read(`Paid with Mastercard ++++ 1l86\nTotal €4.20`).data.card_last_four).toBe('1186');
    expect(read(`VISA ************1234\nRRN: 6288 09114217\nKWOTA 12,40 PLN`).data.rrn).toBe('628809114217');
  });

  it('reads a slip\'s time and a till\'s date with a figure read as a letter', () => {
    expect(read(`VISA ************1234\n09.11.2026 1O.14\nYhteensä 4,60 EUR`).data.transaction_time).toBe('10:14');
    expect(readTillReceipt(`MATBODEN\nKvitto 2026-11-2l 16:48\nMJÖLK  14,90\nTOTALT 14,90`).data.transaction_date).toBe('2026-11-21');
  });

  it('reads a photographed slip\'s AID, phone and VAT number with a figure read as a letter', () => {
    const ex = readTillReceipt(`Frischemarkt Albers\nHauptstraße 104\n28832 Achim\nTel. 04202 5118O4\nUSt-IdNr. DE2B1334907\nVollmilch 3,5%   1,19 A\nSUMME EUR 7,43\nGegeben BAR EUR 10,00\nRückgeld EUR 2,57\nVielen Dank für Ihren Einkauf`);
    expect([ex.data.merchant_phone, ex.data.merchant_tax_id]).toEqual(['04202 511804', 'DE281334907']);
    expect(read(`SHOP\nVISA ************1234\nAID A00000000310l0\nAMOUNT GBP 12.00`).data.application_id).toBe('A0000000031010');
  });

  it('lets a photographed till receipt give its total, cash, date and time', () => {
    const ex = readTillReceipt(`        Frischmarkt Sommer
      Lindenstraße 4, 04109 Leipzig
Brot                        2,9O
Milch                       1,19
SUMME EUR                  4,O9
Gegeben                   50,0O
Rückgeld                  45,91
O5.O2.2026             12:O9`);
    expect(ex.data.amount).toBe(4.09);
    expect(ex.data.amount_tendered).toBe(50);
    expect(ex.data.transaction_date).toBe('2026-02-05');
    expect(ex.data.transaction_time).toBe('12:09');
  });
});

describe('cash rounding in the languages of the market', () => {
  it('reads Afronding, Rundung, Pyöristys and Øreafrunding as the rounding, never as the total', () => {
    for (const label of ['Afronding', 'Rundung', 'Pyöristys', 'Øreafrunding', 'Zaokrouhlení']) {
      const ex = readTillReceipt(`        Buurtwinkel
Brood                       2,49
Kaas                        4,99
Subtotaal                   7,48
${label}                   -0,03
Totaal                      7,45
Contant                    10,00
Wisselgeld                  2,55`);
      expect(ex.data.rounding, label).toBe(-0.03);
      expect(ex.data.amount, label).toBe(7.45);
    }
  });
});

describe('more of a photographed till\'s misreads (2026-11-27, evening)', () => {
  it('reads a letter in a price\'s second decimal place as its digit (28,4B), never a class letter after both (8,50C)', () => {
    expect(zerosInFigures('TOTAL TTC 28,4B E')).toBe('TOTAL TTC 28,48 E');
    expect(zerosInFigures('Brot 8,50C')).toBe('Brot 8,50C');
    // A litre is no misread one.
    expect(zerosInFigures('12 x 1,0l PET')).toBe('12 x 1,0l PET');
    const ex = readTillReceipt(`   PHARMACIE DU PONT NEUF
     12 Quai du Louvre, 75001 Paris
Vente N 40318   Operateur: Camille
Doliprane 1000mg              2,18
Creme solaire SPF50          26,30
TOTAL TTC             28,4B
ESPECES                      30,00
RENDU                         1,52`);
    expect(ex.data.amount).toBe(28.48);
    expect(ex.data.receipt_number).toBe('40318');
  });

  it('drops a pipe glued before the name, reads a zero opening a word of capitals as O, and takes no currency from a name (SAR0K)', () => {
    const nl = readTillReceipt(` |BUURTSUPER
  VAN LEEUWEN
 Dorpsstraat 61
 3451 AB Vleuten
Brood                         2,49
TOTAAL                        2,49`);
    expect(nl.data.merchant).toBe('BUURTSUPER VAN LEEUWEN');
    const es = readTillReceipt(`SUPERMERCADOS EL 0LIVAR S.L.
Calle Mayor 3, 28013 Madrid
Pan                           1,20
TOTAL                         1,20 EUR`);
    expect(es.data.merchant).toBe('SUPERMERCADOS EL OLIVAR S.L.');
    const hu = readTillReceipt(`SAR0K ABC
6720 Szeged, Kárász u. 9.
Kenyér                         890
ÖSSZESEN:                   890 Ft`);
    expect(hu.data.currency).toBe('HUF');
  });
});

describe('a pharmacy receipt read from a photo (2026-11-27, evening)', () => {
  it('takes a discount printed on the row under its label and rate, and a date whose first point was read as a comma', () => {
    const ex = readTillReceipt(`  LOWEN-APOTHEKE AM MARKT
 Marktplatz 11
 72072 Tubingen
Ibuprofen 400 20 St.     4,95 A
Nasenspray 0,1% 10ml     3,49 A
Rabatt 5% Kundenkarte
                        -0,42 A
----------------------------------
SUMME EUR                8,02
EC-Karte                 8,02
05,02.2026 10:41 Beleg 3107`);
    expect(ex.data.discount).toBe(0.42);
    expect(ex.data.amount).toBe(8.02);
    expect(ex.data.transaction_date).toBe('2026-02-05');
  });

  it('reads a tax table rate with its zero read as O (B 1O%), and no shop club card as the payment card', () => {
    const ex = readTillReceipt(`   MARKT ZUR LINDE
  Hauptplatz 14
  4600 Wels
Milch 3,5% 1l           1,49 B
Almdudler 1,5l          2,39 A
-------------------------------
Summe EUR                3,88
Bar EUR                  5,00
Ruckgeld EUR             1,12

MwSt-Satz Netto MwSt Brutto
A 20% 1,99 0,40 2,39
B 1O% 1,35 0,14 1,49
Summe 3,34 0,54 3,88

Bonusclub-Karte ******8803`);
    expect(ex.data.tax_amount).toBe(0.54);
    expect(ex.data.card_last_four).toBeNull();
  });
});

describe('a small l read for a 1 among figures (round 13 photos)', () => {
  it('reads an l among a figure\'s digits, a date\'s or a clock\'s seconds as a 1, but not a litre after a figure', () => {
    expect(zerosInFigures('Betrag:  EUR   1l2,4O')).toBe('Betrag:  EUR   112,40');
    expect(zerosInFigures('Datum: 19.0l.2026')).toBe('Datum: 19.01.2026');
    expect(zerosInFigures('Uhrzeit  10:22:3l Uhr')).toBe('Uhrzeit  10:22:31 Uhr');
    expect(zerosInFigures('MILCH 1,5l  1,19')).toBe('MILCH 1,5l  1,19');
    expect(zerosInFigures('CELKEM 7OO,00 Kc')).toBe('CELKEM 700,00 Kc');
    expect(zerosInFigures('l6-10-2026 08:04')).toBe('16-10-2026 08:04');
    expect(zerosInFigures('TOTAL 27,lO')).toBe('TOTAL 27,10');
    const ex = read(`BÄCKEREI\nDatum: 19.0l.2026\nUhrzeit  10:22:3l Uhr\nKarte ************O6l8\nKvit.nr: O0l4\nBetrag:  EUR   1l2,4O`);
    expect([ex.data.transaction_date, ex.data.transaction_time, ex.data.card_last_four, ex.data.receipt_number, ex.data.amount]).toEqual(['2026-01-19', '10:22', '0618', '0014', 112.4]);
  });

  it('reads a German ß read as B inside a street\'s name as the ß', () => {
    expect(read(`KAFFEEHAUS\nHauptstraBe 7\n34117 Kassel\nVISA ************1111\nBetrag EUR 12,00`).data.merchant_address).toBe('Hauptstraße 7, 34117 Kassel');
  });
});

describe('German and French prints as OCR reads a photo (round 19)', () => {
  it('reads a clock whose ones are all read as l, and a label whose ü is read as ii', () => {
    expect(zerosInFigures('LE 09/05/26 A 2l:l4:52')).toBe('LE 09/05/26 A 21:14:52');
    expect(readTillReceipt(`APOTHEKE\nSALBE   4,73\nSUMME EUR   4,73\nBAR   10,00\nZuriick                      5,27`).data.change).toBe(5.27);
  });

  it('reads a price whose one figure is read as l, and a phone number\'s groups read with O and l', () => {
    expect(zerosInFigures('Summe       7,94      l,21     9,15')).toBe('Summe       7,94      1,21     9,15');
    // (A German number: the receipt's words name the country its digits are read for.)
    expect(readTillReceipt(`DROGERIE MAYER\nKaiserstraße 4\n72764 Reutlingen\nTel. 07121 - 3O 88 l2\nSEIFE  1,20\nSUMME EUR  1,20\nGegeben BAR  5,00\nRückgeld  3,80\nVielen Dank für Ihren Einkauf`).data.merchant_phone).toBe('07121 - 30 88 12');
    expect(readTillReceipt(`CAFE\nTel. +43 732 77 18 O4\nMELANGE  4,20\nSUMME  4,20`).data.merchant_phone).toBe('+43 732 77 18 04');
  });

  it('reads the words of a German no-PIN line, a narrow French trace, a French cashier and a meal voucher', () => {
    expect(read(`girocard ************1234\nBetrag EUR 12,40\nKein PIN erforderlich`).data.verification_method).toBe('none');
    expect(read(`CB ************1234\nTrs                     000074\nMONTANT 12,40 EUR`).data.trace_number).toBe('000074');
    expect(readTillReceipt(`BRICOLAGE\nHOTE DE CAISSE : SOFIANE\nVIS   4,20\nTOTAL  4,20`).data.cashier).toBe('SOFIANE');
    expect(readTillReceipt(`BOULANGERIE\nSANDWICH   8,90\nTOTAL   8,90\nTITRE RESTAURANT                 9,00`).data.payment_method).toBe('voucher');
  });
});
