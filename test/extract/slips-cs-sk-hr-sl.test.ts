import { describe, expect, it } from 'vitest';
import { readSlip as read, readTillReceipt as readReceipt } from '../support/read-slip.js';

// Slips and till receipts in Czech, Slovak, Croatian and Slovenian (vocabulary cs.json, sk.json,
// hr.json, sl.json): the receipt and authorisation numbers, the outcome, the entry method, the
// parts of the amount and the totals of a till receipt are found only by these languages' words.
describe('Czech card-terminal slips and receipts', () => {
  it('reads a Czech slip in Kč: numbers, tip, outcome and contactless entry', () => {
    const ex = read(`   KAVÁRNA U ZLATÉHO KLASU
     Vinohradská 1234/56
        120 00 Praha 2
           PRODEJ
Datum: 14.03.2025      Čas: 10:42
Terminál ID:          80012345
ID obchodníka:         1234567
Č. dokladu:             000218
Ref. číslo:       507314002183
VISA
Karta:        ************4821
AID:            A0000000031010
BEZKONTAKTNÍ
Částka nákupu:       260,00 Kč
Spropitné:            26,50 Kč
Celkem:              286,50 Kč
Autorizační kód:        384215
PIN OVĚŘEN
SCHVÁLENO
KOPIE PRO ZÁKAZNÍKA`);
    expect(ex.data.amount).toBe(286.5);
    expect(ex.data.base_amount).toBe(260);
    expect(ex.data.tip).toBe(26.5);
    expect(ex.data.currency).toBe('CZK');
    expect(ex.data.transaction_date).toBe('2025-03-14');
    expect(ex.data.transaction_time).toBe('10:42');
    expect(ex.data.receipt_number).toBe('000218');
    expect(ex.data.auth_code).toBe('384215');
    expect(ex.data.terminal_id).toBe('80012345');
    expect(ex.data.merchant_id).toBe('1234567');
    expect(ex.data.rrn).toBe('507314002183');
    expect(ex.data.card_scheme).toBe('visa');
    expect(ex.data.card_last_four).toBe('4821');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.entry_method).toBe('contactless');
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.merchant).toBe('KAVÁRNA U ZLATÉHO KLASU');
    expect(ex.data.merchant_address).toBe('Vinohradská 1234/56, 120 00 Praha 2');
  });

  it('reads a Czech refund slip printed without accents, declined', () => {
    const ex = read(`LEKARNA U ANDELA
VRACENI PENEZ
MASTERCARD ************1204
CASTKA: 89,00 Kc
AUTORIZACNI KOD: 55T1Q2
ZAMITNUTO`);
    // Crowns without the háček, as ASCII printers write them.
    expect(ex.data.currency).toBe('CZK');
    expect(ex.data.transaction_type).toBe('refund');
    expect(ex.data.approved).toBe(false);
    expect(ex.data.auth_code).toBe('55T1Q2');
    expect(ex.data.amount).toBe(89);
  });

  it('reads a Czech till receipt: the total to pay, not the cash handed over; the tax base and DPH', () => {
    const ex = readReceipt(`        PEKÁRNA U MOSTU
          Karlova 12
        110 00 Praha 1
  ZJEDNODUŠENÝ DAŇOVÝ DOKLAD
Účtenka č.:           2025/04812
Datum: 14.03.2025      Čas: 08:15
Chléb kmínový   1 x 45,90   45,90
Rohlík          6 x 3,90    23,40
Koláč tvarohový 2 x 24,00   48,00
Základ daně 12 %           104,73
DPH 12 %                    12,57
CELKEM K ÚHRADĚ         117,30 Kč
Hotově                     200,00
Vráceno                     82,70`);
    expect(ex.data.amount).toBe(117.3);
    expect(ex.data.subtotal).toBe(104.73);
    expect(ex.data.tax_amount).toBe(12.57);
    expect(ex.data.amount_tendered).toBe(200);
    expect(ex.data.change).toBe(82.7);
    expect(ex.data.receipt_number).toBe('2025/04812');
    expect(ex.data.currency).toBe('CZK');
    expect(ex.data.merchant).toBe('PEKÁRNA U MOSTU');
  });
});

describe('Slovak card-terminal slips and receipts', () => {
  it('reads a Slovak slip in EUR: numbers, cashback, chip and PIN, approved', () => {
    const ex = read(`     PEKÁREŇ U MIKULÁŠA
        Obchodná 25
      811 06 Bratislava
           PREDAJ
Dátum: 21.05.2025   Čas: 17:05:33
Terminál:             70045128
Číslo obchodníka:   0456789123
Číslo dokladu:            0042
Dávka:                  000117
MASTERCARD
Číslo karty: **** **** **** 7310
ČIP
Nákup:               12,90 EUR
Výber hotovosti:     20,00 EUR
Spolu:               32,90 EUR
Autorizačný kód:        562917
PIN OVERENÝ
TRANSAKCIA SCHVÁLENÁ
Kópia pre zákazníka`);
    expect(ex.data.amount).toBe(32.9);
    expect(ex.data.base_amount).toBe(12.9);
    expect(ex.data.cashback).toBe(20);
    expect(ex.data.currency).toBe('EUR');
    expect(ex.data.transaction_date).toBe('2025-05-21');
    expect(ex.data.transaction_time).toBe('17:05');
    expect(ex.data.receipt_number).toBe('0042');
    expect(ex.data.auth_code).toBe('562917');
    expect(ex.data.terminal_id).toBe('70045128');
    expect(ex.data.merchant_id).toBe('0456789123');
    expect(ex.data.batch_number).toBe('000117');
    expect(ex.data.card_scheme).toBe('mastercard');
    expect(ex.data.card_last_four).toBe('7310');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.entry_method).toBe('chip');
    expect(ex.data.verification_method).toBe('pin');
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.merchant).toBe('PEKÁREŇ U MIKULÁŠA');
    expect(ex.data.merchant_address).toBe('Obchodná 25, 811 06 Bratislava');
  });

  it('reads a Slovak refund slip', () => {
    const ex = read(`LEKÁREŇ SV. KLÁRY\nVRÁTENIE\nVISA ************6622\nSUMA: 15,40 EUR\nBEZKONTAKTNE`);
    expect(ex.data.transaction_type).toBe('refund');
    expect(ex.data.entry_method).toBe('contactless');
    expect(ex.data.amount).toBe(15.4);
  });

  it('reads a Slovak till receipt: the total, the tax base and DPH, the cash and the change', () => {
    const ex = readReceipt(`      POTRAVINY JEDNOTA
          Hlavná 8
       040 01 Košice
     POKLADNIČNÝ DOKLAD
Číslo dokladu:               3387
Dátum: 21.05.2025     Čas: 17:12
Mlieko          2 x 1,19     2,38
Chlieb          1 x 2,49     2,49
Syr Eidam       1 x 3,65     3,65
Základ dane 23 %             6,93
DPH 23 %                     1,59
SPOLU EUR                    8,52
Hotovosť                    10,00
Vydaj                        1,48`);
    expect(ex.data.amount).toBe(8.52);
    expect(ex.data.subtotal).toBe(6.93);
    expect(ex.data.tax_amount).toBe(1.59);
    expect(ex.data.amount_tendered).toBe(10);
    expect(ex.data.change).toBe(1.48);
    expect(ex.data.receipt_number).toBe('3387');
    expect(ex.data.merchant).toBe('POTRAVINY JEDNOTA');
  });
});

describe('Croatian card-terminal slips and receipts', () => {
  it('reads a Croatian slip in EUR: numbers, tip, contactless, approved', () => {
    const ex = read(`      CAFFE BAR ZVONIMIR
          Ilica 45
        10000 Zagreb
          PRODAJA
MAESTRO
Broj kartice: ************5512
Datum: 03.06.2025  Vrijeme: 19:48
ID terminala:         44123987
ID trgovca:          300412877
Broj računa:              1123
Iznos kupnje:        16,00 EUR
Napojnica:            2,40 EUR
Ukupno:              18,40 EUR
BESKONTAKTNO
Autorizacijski kod:     730164
ODOBRENO
Primjerak za kupca`);
    expect(ex.data.amount).toBe(18.4);
    expect(ex.data.base_amount).toBe(16);
    expect(ex.data.tip).toBe(2.4);
    expect(ex.data.currency).toBe('EUR');
    expect(ex.data.transaction_date).toBe('2025-06-03');
    expect(ex.data.transaction_time).toBe('19:48');
    expect(ex.data.receipt_number).toBe('1123');
    expect(ex.data.auth_code).toBe('730164');
    expect(ex.data.terminal_id).toBe('44123987');
    expect(ex.data.merchant_id).toBe('300412877');
    expect(ex.data.card_scheme).toBe('maestro');
    expect(ex.data.card_last_four).toBe('5512');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.entry_method).toBe('contactless');
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.merchant).toBe('CAFFE BAR ZVONIMIR');
    expect(ex.data.merchant_address).toBe('Ilica 45, 10000 Zagreb');
  });

  it('reads a Croatian refund slip that was not approved', () => {
    const ex = read(`LJEKARNA CENTAR\nPOVRAT NOVCA\nVISA ************9015\nIZNOS: 9,99 EUR\nNIJE ODOBRENO`);
    expect(ex.data.transaction_type).toBe('refund');
    expect(ex.data.approved).toBe(false);
    expect(ex.data.amount).toBe(9.99);
  });

  it('reads a Croatian slip from before the euro in kuna (kn)', () => {
    const ex = read(`KONOBA STARI MOL\n23000 Zadar\nPRODAJA\nVisa   ****5521\nIZNOS:   412,00 kn\nODOBRENO`);
    expect([ex.data.amount, ex.data.currency]).toEqual([412, 'HRK']);
  });

  it('reads a Croatian fiscal receipt: the total, the tax base and PDV, the cash and the change', () => {
    const ex = readReceipt(`      PEKARA KLAS d.o.o.
        Vukovarska 58
        21000 Split
Račun br.:              245/PP1/1
Datum: 03.06.2025  Vrijeme: 08:05
Kruh polubijeli 1 x 1,80     1,80
Kroasan         2 x 1,20     2,40
Jogurt          1 x 0,95     0,95
Osnovica                     4,12
PDV 25%                      1,03
UKUPNO EUR                   5,15
Gotovina                    10,00
Povrat                       4,85
JIR: 6f1c2a3e-8b4d-4c1a-9e2f-0a7b5c3d9e11`);
    expect(ex.data.amount).toBe(5.15);
    expect(ex.data.subtotal).toBe(4.12);
    expect(ex.data.tax_amount).toBe(1.03);
    expect(ex.data.amount_tendered).toBe(10);
    expect(ex.data.change).toBe(4.85);
    expect(ex.data.receipt_number).toBe('245/PP1/1');
    expect(ex.data.merchant_address).toBe('Vukovarska 58, 21000 Split');
  });
});

describe('Slovenian card-terminal slips and receipts', () => {
  it('reads a Slovenian slip in EUR: numbers, chip and PIN, approved', () => {
    const ex = read(`      GOSTILNA PRI LIPI
     Trubarjeva cesta 7
       1000 Ljubljana
           NAKUP
Datum: 09.07.2025     Ura: 12:15
Št. terminala:        38005521
ID trgovca:            2200441
Številka računa:        000587
VISA DEBIT
Številka kartice: ************0932
ČIP
Znesek:              42,60 EUR
Avtorizacijska koda:    091274
PIN PREVERJEN
ODOBRENO
Kopija za kupca`);
    expect(ex.data.amount).toBe(42.6);
    expect(ex.data.currency).toBe('EUR');
    expect(ex.data.transaction_date).toBe('2025-07-09');
    expect(ex.data.transaction_time).toBe('12:15');
    expect(ex.data.receipt_number).toBe('000587');
    expect(ex.data.auth_code).toBe('091274');
    expect(ex.data.terminal_id).toBe('38005521');
    expect(ex.data.merchant_id).toBe('2200441');
    expect(ex.data.card_scheme).toBe('visa');
    expect(ex.data.card_last_four).toBe('0932');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.entry_method).toBe('chip');
    expect(ex.data.verification_method).toBe('pin');
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.merchant).toBe('GOSTILNA PRI LIPI');
    expect(ex.data.merchant_address).toBe('Trubarjeva cesta 7, 1000 Ljubljana');
  });

  it('reads a Slovenian pre-authorisation keyed by hand and declined, printed without accents', () => {
    const ex = read(`PEKARNA MLINAR\nPREDAVTORIZACIJA\nMAESTRO ************3381\nZNESEK: 150,00 EUR\nROCNI VNOS\nZAVRNJENO`);
    expect(ex.data.transaction_type).toBe('pre_authorization');
    expect(ex.data.entry_method).toBe('manual');
    expect(ex.data.approved).toBe(false);
    expect(ex.data.amount).toBe(150);
  });

  it('reads a Slovenian till receipt: the total, the tax base and DDV, the cash and the change', () => {
    const ex = readReceipt(`       KAVARNA CENTRAL
       Prešernov trg 3
        2000 Maribor
Račun št.:           12-PP1-3345
Datum: 09.07.2025    Ura: 10:20
Kava z mlekom   2 x 1,80     3,60
Rogljič         1 x 1,50     1,50
Sok pomaranča   1 x 2,90     2,90
Osnova za DDV 22%            6,56
DDV 22%                      1,44
SKUPAJ EUR                   8,00
Gotovina                    10,00
Vračilo                      2,00
EOR: 7a2b4c6d-1e3f-4a5b-8c7d-9e0f1a2b3c4d`);
    expect(ex.data.amount).toBe(8);
    expect(ex.data.subtotal).toBe(6.56);
    expect(ex.data.tax_amount).toBe(1.44);
    expect(ex.data.amount_tendered).toBe(10);
    expect(ex.data.change).toBe(2);
    expect(ex.data.receipt_number).toBe('12-PP1-3345');
    expect(ex.data.merchant).toBe('KAVARNA CENTRAL');
  });
});
