import { describe, expect, it } from 'vitest';
import { readSlip as read, readTillReceipt as readReceipt } from '../support/read-slip.js';

// Slips and till receipts in Hungarian and Romanian, read by the words of hu.json and ro.json.
describe('Hungarian slips and receipts', () => {
  it('reads a Hungarian card slip: merchant ID, terminal, batch and receipt numbers, authorisation, scheme, entry, PIN and outcome', () => {
    const ex = read(`        ARANY KORONA
          ÉTTEREM
       Váci utca 12.
       1052 Budapest
   Tel.: +36 1 234 5678
Kereskedő azon.:       3012345
Terminál azonosító:   OTP48213
          VÁSÁRLÁS
Dátum: 2025. 03. 14.   Idő: 14:32
Köteg:                     012
Nyugtaszám:               0187
Kártyaszám:   ************4242
VISA
      ÉRINTÉS NÉLKÜLI
Összeg:              12 450 Ft
Engedélyszám:           A1B2C3
     PIN ELLENŐRIZVE
   SIKERES TRANZAKCIÓ
   KÁRTYABIRTOKOS PÉLDÁNYA`);
    // Whole forints grouped by spaces, the mark against them; the date as Hungary spaces it.
    expect(ex.data.amount).toBe(12450);
    expect(ex.data.currency).toBe('HUF');
    expect(ex.data.transaction_date).toBe('2025-03-14');
    expect(ex.data.transaction_time).toBe('14:32');
    expect(ex.data.receipt_number).toBe('0187');
    expect(ex.data.batch_number).toBe('012');
    expect(ex.data.auth_code).toBe('A1B2C3');
    expect(ex.data.terminal_id).toBe('OTP48213');
    expect(ex.data.merchant_id).toBe('3012345');
    expect(ex.data.card_scheme).toBe('visa');
    expect(ex.data.card_last_four).toBe('4242');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.entry_method).toBe('contactless');
    expect(ex.data.verification_method).toBe('pin');
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.merchant).toBe('ARANY KORONA ÉTTEREM');
    expect(ex.data.merchant_address).toBe('Váci utca 12., 1052 Budapest');
  });

  it('reads a Hungarian till receipt (nyugta): Összesen, Nettó and ÁFA, not the cash or the change', () => {
    const ex = readReceipt(`     KIFLI ÉS KAKAÓ PÉKSÉG
       Király utca 8.
       1061 Budapest
           NYUGTA
KAKAÓS CSIGA              350
SAJTOS POGÁCSA            240
ÁSVÁNYVÍZ 0,5L            190
------------------------------
RÉSZÖSSZEG                780
ÖSSZESEN:              780 Ft
KÉSZPÉNZ                  800
VISSZAJÁRÓ                 20
------------------------------
NETTÓ                     614
ÁFA 27%                   166
2025.03.14.  08:12
Nyugtaszám: 0042/00318`);
    expect(ex.data.amount).toBe(780);
    expect(ex.data.currency).toBe('HUF');
    expect(ex.data.subtotal).toBe(614);
    expect(ex.data.tax_amount).toBe(166);
    expect(ex.data.amount_tendered).toBe(800);
    expect(ex.data.change).toBe(20);
    expect(ex.data.receipt_number).toBe('0042/00318');
  });
});

describe('Romanian slips and receipts', () => {
  it('reads a Romanian card slip with a tip (Bacșiș): the total, batch and receipt numbers, authorisation, scheme, entry, PIN and outcome', () => {
    const ex = read(`      CAFENEAUA VERDE
   Str. Lipscani nr. 14
   030031 București
   Tel: 021 312 4567
ID comerciant:    0045123
ID terminal:      BT902144
          VANZARE
Data: 14.03.2025   Ora: 09:41
Nr. lot:              000012
Nr. bon:              000362
STAN:                 004518
MASTERCARD
Nr. card:   ************9876
        FARA CONTACT
Sumă:             40,00 RON
Bacșiș:            5,50 RON
Total:            45,50 RON
Cod aprobare:         604217
       PIN VERIFICAT
   TRANZACŢIE APROBATĂ
       COPIE CLIENT`);
    expect(ex.data.amount).toBe(45.5);
    expect(ex.data.tip).toBe(5.5);
    expect(ex.data.currency).toBe('RON');
    expect(ex.data.transaction_date).toBe('2025-03-14');
    expect(ex.data.transaction_time).toBe('09:41');
    expect(ex.data.receipt_number).toBe('000362');
    expect(ex.data.batch_number).toBe('000012');
    expect(ex.data.trace_number).toBe('004518');
    expect(ex.data.auth_code).toBe('604217');
    expect(ex.data.terminal_id).toBe('BT902144');
    expect(ex.data.merchant_id).toBe('0045123');
    expect(ex.data.card_scheme).toBe('mastercard');
    expect(ex.data.card_last_four).toBe('9876');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.entry_method).toBe('contactless');
    expect(ex.data.verification_method).toBe('pin');
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.merchant).toBe('CAFENEAUA VERDE');
    expect(ex.data.merchant_address).toBe('Str. Lipscani nr. 14, 030031 București');
  });

  it('reads a Romanian bon fiscal: Total, Total fără TVA and Total TVA, not the cash or the change (Rest)', () => {
    const ex = readReceipt(`   BRUTĂRIA DOBROGEANĂ SRL
   Str. Mihai Viteazu nr. 5
      900682 Constanța
       CIF: RO12345678
         BON FISCAL
PÂINE ALBĂ                4,50 B
CROISSANT                12,00 B
CAFEA                     9,00 A
------------------------------
TOTAL FĂRĂ TVA           22,70
TOTAL TVA                 2,80
TVA A 19,00%              1,44
TVA B 9,00%               1,36
TOTAL LEI                25,50
NUMERAR                  50,00
REST                     24,50
14.03.2025          10:42
Nr. bon: 0318`);
    expect(ex.data.amount).toBe(25.5);
    expect(ex.data.subtotal).toBe(22.7);
    expect(ex.data.tax_amount).toBe(2.8);
    expect(ex.data.amount_tendered).toBe(50);
    expect(ex.data.change).toBe(24.5);
    expect(ex.data.receipt_number).toBe('0318');
  });
});
