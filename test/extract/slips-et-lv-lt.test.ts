import { describe, expect, it } from 'vitest';
import { readSlip as read, readTillReceipt as readReceipt } from '../support/read-slip.js';

// Card-terminal slips and till receipts of Estonia, Latvia and Lithuania (all in euros), read by
// the words of et.json, lv.json and lt.json.
describe('Estonian, Latvian and Lithuanian card-terminal slips', () => {
  it('reads an Estonian contactless Visa slip', () => {
    const ex = read(`      KOHVIK MOKA
    Tartu mnt 14
    10117 Tallinn
    Tel 6123456
     KAARDIMAKSE
Kuupäev: 14.03.2025  Kellaaeg: 09:47
Terminali ID:           E0123456
Kaupmehe ID:           112233445
Tšeki nr:                 000418
OST
VISA
**** **** **** 4821
Kontaktivaba
SUMMA:                12,90 EUR
Autoriseerimiskood:       A7K2Q9
TEHING KINNITATUD
KLIENDI KOOPIA`);
    expect(ex.data.amount).toBe(12.9);
    expect(ex.data.currency).toBe('EUR');
    expect(ex.data.transaction_date).toBe('2025-03-14');
    expect(ex.data.transaction_time).toBe('09:47');
    expect(ex.data.receipt_number).toBe('000418');
    expect(ex.data.auth_code).toBe('A7K2Q9');
    expect(ex.data.terminal_id).toBe('E0123456');
    expect(ex.data.merchant_id).toBe('112233445');
    expect(ex.data.card_scheme).toBe('visa');
    expect(ex.data.card_last_four).toBe('4821');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.entry_method).toBe('contactless');
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.merchant).toBe('KOHVIK MOKA');
    expect(ex.data.merchant_address).toBe('Tartu mnt 14, 10117 Tallinn');
  });

  it('reads a Latvian contactless Mastercard slip', () => {
    const ex = read(`    KAFEJNĪCA RĪTS
  Brīvības iela 40
   LV-1050 Rīga
  Tālr. 67123456
       PIRKUMS
Datums: 14.03.2025  Laiks: 13:05
Termināļa ID:           L7720154
Tirgotāja ID:          000123456
Čeka nr.:                 004512
MASTERCARD
************7310
Bezkontakta
Summa:                 8,40 EUR
Aut. kods:                552901
DARĪJUMS APSTIPRINĀTS
KLIENTA KOPIJA`);
    expect(ex.data.amount).toBe(8.4);
    expect(ex.data.currency).toBe('EUR');
    expect(ex.data.transaction_date).toBe('2025-03-14');
    expect(ex.data.transaction_time).toBe('13:05');
    expect(ex.data.receipt_number).toBe('004512');
    expect(ex.data.auth_code).toBe('552901');
    expect(ex.data.terminal_id).toBe('L7720154');
    expect(ex.data.merchant_id).toBe('000123456');
    expect(ex.data.card_scheme).toBe('mastercard');
    expect(ex.data.card_last_four).toBe('7310');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.entry_method).toBe('contactless');
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.merchant).toBe('KAFEJNĪCA RĪTS');
    expect(ex.data.merchant_address).toBe('Brīvības iela 40, LV-1050 Rīga');
  });

  it('reads a Lithuanian chip-and-PIN Maestro slip', () => {
    const ex = read(`     KAVINĖ SAULĖ
   Gedimino pr. 9
  LT-01103 Vilnius
   Tel. 852123456
      PIRKIMAS
Data: 2025-03-14  Laikas: 18:22
Terminalo ID:           T4410078
Prekybininko ID:       300445566
Kvito Nr.:                001937
MAESTRO
Kortelė: ************6604
Lustas
Suma:                 23,75 EUR
Autorizacijos kodas:      Q1W2E3
PIN patvirtintas
OPERACIJA PATVIRTINTA
KLIENTO KOPIJA`);
    expect(ex.data.amount).toBe(23.75);
    expect(ex.data.currency).toBe('EUR');
    expect(ex.data.transaction_date).toBe('2025-03-14');
    expect(ex.data.transaction_time).toBe('18:22');
    expect(ex.data.receipt_number).toBe('001937');
    expect(ex.data.auth_code).toBe('Q1W2E3');
    expect(ex.data.terminal_id).toBe('T4410078');
    expect(ex.data.merchant_id).toBe('300445566');
    expect(ex.data.card_scheme).toBe('maestro');
    expect(ex.data.card_last_four).toBe('6604');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.entry_method).toBe('chip');
    expect(ex.data.verification_method).toBe('pin');
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.merchant).toBe('KAVINĖ SAULĖ');
    expect(ex.data.merchant_address).toBe('Gedimino pr. 9, LT-01103 Vilnius');
  });

  it('reads the purchase amount, the tip and the total, chip and PIN, and the merchant copy in the three languages', () => {
    const et = read(`RESTORAN KULDNE KALA
OST
VISA ************4821
Ostu summa:      20,00 EUR
Jootraha:         2,00 EUR
KOKKU:           22,00 EUR
Kiip
PIN kinnitatud
Kinnitatud
Kaupmehe koopia`);
    expect([et.data.base_amount, et.data.tip, et.data.amount]).toEqual([20, 2, 22]);
    expect([et.data.entry_method, et.data.verification_method, et.data.approved]).toEqual(['chip', 'pin', true]);
    expect(et.data.merchant).toBe('RESTORAN KULDNE KALA');
    const lv = read(`RESTORĀNS ZIVS
PIRKUMS
VISA ************4821
Pirkuma summa:   20,00 EUR
Dzeramnauda:      2,00 EUR
KOPĀ:            22,00 EUR
Mikroshēma
PIN pārbaudīts
Apstiprināts
Tirgotāja kopija`);
    expect([lv.data.base_amount, lv.data.tip, lv.data.amount]).toEqual([20, 2, 22]);
    expect([lv.data.entry_method, lv.data.verification_method, lv.data.approved]).toEqual(['chip', 'pin', true]);
    expect(lv.data.merchant).toBe('RESTORĀNS ZIVS');
    const lt = read(`RESTORANAS ŽUVIS
PIRKIMAS
VISA ************4821
Pirkimo suma:    20,00 EUR
Arbatpinigiai:    2,00 EUR
IŠ VISO:         22,00 EUR
Magnetinė juosta
Parašas ______
Patvirtinta
Prekybininko kopija`);
    expect([lt.data.base_amount, lt.data.tip, lt.data.amount]).toEqual([20, 2, 22]);
    expect([lt.data.entry_method, lt.data.verification_method, lt.data.approved]).toEqual(['swipe', 'signature', true]);
    expect(lt.data.merchant).toBe('RESTORANAS ŽUVIS');
  });

  it('reads the trace, batch and reference numbers in the three languages', () => {
    const numbers = (text: string) => {
      const { data } = read(text);
      return [data.trace_number, data.batch_number, data.rrn];
    };
    expect(numbers(`POOD\nJrk nr: 004411\nPartii nr: 000123\nViitenumber: 506112345678\nVISA ************4821\nSumma 3,00 EUR`)).toEqual(['004411', '000123', '506112345678']);
    expect(numbers(`VEIKALS\nKārtas numurs: 004411\nPartijas nr: 000123\nAtsauces nr: 506112345678\nVISA ************4821\nSumma 3,00 EUR`)).toEqual(['004411', '000123', '506112345678']);
    expect(numbers(`PARDUOTUVĖ\nSekos Nr: 004411\nPaketo Nr: 000123\nNuorodos Nr: 506112345678\nVISA ************4821\nSuma 3,00 EUR`)).toEqual(['004411', '000123', '506112345678']);
  });

  it('reads refunds, voids and pre-authorisations in the three languages, printed with or without accents', () => {
    const type = (word: string) => read(`POOD\n${word}\nVISA ************4821\nSumma: 5,00 EUR`).data.transaction_type;
    expect(['TAGASTUS', 'TÜHISTAMINE', 'EELAUTORISEERIMINE'].map(type)).toEqual(['refund', 'void', 'pre_authorization']);
    expect(['ATMAKSA', 'ATCELŠANA', 'IEPRIEKSEJA AUTORIZACIJA'].map(type)).toEqual(['refund', 'void', 'pre_authorization']);
    expect(['GRĄŽINIMAS', 'ATSAUKIMAS', 'IŠANKSTINĖ AUTORIZACIJA'].map(type)).toEqual(['refund', 'void', 'pre_authorization']);
  });

  it('reads declined slips in the three languages', () => {
    const et = read(`VISA ************1190
SUMMA:     5,00 EUR
KEELDUTUD`);
    expect(et.data.approved).toBe(false);
    const lv = read(`VISA ************1190
Summa:     5,00 EUR
DARĪJUMS NORAIDĪTS`);
    expect(lv.data.approved).toBe(false);
    const lt = read(`VISA ************1190
Suma:      5,00 EUR
OPERACIJA ATMESTA`);
    expect(lt.data.approved).toBe(false);
  });
});

describe('Estonian, Latvian and Lithuanian till receipts', () => {
  it('reads an Estonian till receipt: KOKKU, SUMMA ILMA KM-ta, KÄIBEMAKS, Sularaha and Tagasi', () => {
    const ex = readReceipt(`     PAGARIÄRI LEIVAKE
    Pärnu mnt 22
    10141 Tallinn
RUKKILEIB                  1,89
PIIM 2,5% 1L               0,99
KOHV 500G                  6,49
SUMMA ILMA KM-ta           7,81
KÄIBEMAKS 20%              1,56
KOKKU                      9,37
Sularaha                  20,00
Tagasi                    10,63
14.03.2025 10:42   Tšekk nr 4711`);
    expect(ex.data.amount).toBe(9.37);
    expect(ex.data.subtotal).toBe(7.81);
    expect(ex.data.tax_amount).toBe(1.56);
    expect(ex.data.amount_tendered).toBe(20);
    expect(ex.data.change).toBe(10.63);
  });

  it('reads a Latvian till receipt: KOPĀ APMAKSAI, Summa bez PVN, PVN, Skaidra nauda and Atlikums', () => {
    const ex = readReceipt(`     MAIZNĪCA LIEPA
   Elizabetes iela 12
    LV-1010 Rīga
Rupjmaize                  2,10
Kefīrs 1L                  1,35
Kafija                     2,80
Summa bez PVN              5,17
PVN 21%                    1,08
KOPĀ APMAKSAI EUR          6,25
Skaidra nauda             10,00
Atlikums                   3,75
14.03.2025 10:42   Čeka nr. 4711`);
    expect(ex.data.amount).toBe(6.25);
    expect(ex.data.subtotal).toBe(5.17);
    expect(ex.data.tax_amount).toBe(1.08);
    expect(ex.data.amount_tendered).toBe(10);
    expect(ex.data.change).toBe(3.75);
  });

  it('reads a Lithuanian till receipt: IŠ VISO MOKĖTI, Suma be PVM, PVM, Grynieji and Grąža', () => {
    const ex = readReceipt(`     KEPYKLA DUONELĖ
   Vilniaus g. 5
  LT-01119 Vilnius
Duona                      1,59
Pienas                     1,19
Sūris                      4,22
Suma be PVM                5,79
PVM 21%                    1,21
IŠ VISO MOKĖTI EUR         7,00
Grynieji                  10,00
Grąža                      3,00
2025-03-14 10:42   Čekio Nr. 4711`);
    expect(ex.data.amount).toBe(7);
    expect(ex.data.subtotal).toBe(5.79);
    expect(ex.data.tax_amount).toBe(1.21);
    expect(ex.data.amount_tendered).toBe(10);
    expect(ex.data.change).toBe(3);
  });
});
