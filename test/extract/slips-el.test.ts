import { describe, expect, it } from 'vitest';
import { readSlip as read, readTillReceipt as readReceipt } from '../support/read-slip.js';

// Slips and a till receipt in Greek, read by the words of el.json. Each value asserted here is read
// by the Greek labels and words only: the amounts, dates, schemes and card numbers that the other
// languages' words already read are left to the other slip tests.
describe('Greek slips and receipts', () => {
  it('reads a Greek contactless sale slip: merchant ID, terminal, batch and receipt numbers, authorisation, entry and outcome', () => {
    const ex = read(`      ΤΑΒΕΡΝΑ ΤΟ ΑΙΓΑΙΟ
       ΑΔΡΙΑΝΟΥ 42
       105 55 ΑΘΗΝΑ
   ΤΗΛ.: 210 3245678
ΚΩΔ.ΕΜΠΟΡΟΥ:     000123456789
ΤΕΡΜΑΤΙΚΟ:           CL482913
          ΠΩΛΗΣΗ
ΗΜ/ΝΙΑ: 14/03/2025   ΩΡΑ: 14:32
ΠΑΚΕΤΟ:                   045
ΑΡ.ΑΠΟΔΕΙΞΗΣ:          000187
VISA
ΚΑΡΤΑ:       ************4242
         ΑΝΕΠΑΦΗ
ΠΟΣΟ:               59,00 EUR
ΚΩΔ.ΕΓΚΡΙΣΗΣ:          203318
    ΕΠΑΛΗΘΕΥΣΗ ΜΕ PIN
        ΕΓΚΡΙΘΗΚΕ
     ΑΝΤΙΓΡΑΦΟ ΠΕΛΑΤΗ`);
    expect(ex.data.merchant_id).toBe('000123456789');
    expect(ex.data.terminal_id).toBe('CL482913');
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.batch_number).toBe('045');
    expect(ex.data.receipt_number).toBe('000187');
    expect(ex.data.auth_code).toBe('203318');
    expect(ex.data.entry_method).toBe('contactless');
    expect(ex.data.approved).toBe(true);
  });

  it('reads a Greek slip with a tip (ΦΙΛΟΔΩΡΗΜΑ): the purchase and the tip, reference number, signature and outcome', () => {
    const ex = read(`     ΨΑΡΟΤΑΒΕΡΝΑ Η ΘΑΛΑΣΣΑ
    ΑΚΤΗ ΚΟΥΝΔΟΥΡΙΩΤΟΥ 8
       185 33 ΠΕΙΡΑΙΑΣ
ΑΡ.ΕΜΠΟΡΟΥ:        4812345
ΑΡ.ΤΕΡΜΑΤΙΚΟΥ:    PB771204
           ΑΓΟΡΑ
ΗΜΕΡΟΜΗΝΙΑ: 02/08/2025
ΩΡΑ: 21:47
ΑΡ.ΑΠΟΔΕΙΞΗΣ:         000412
ΑΡ.ΑΝΑΦΟΡΑΣ:    521421004412
MASTERCARD
ΑΡ.ΚΑΡΤΑΣ:  ************9876
ΠΟΣΟ ΑΓΟΡΑΣ:       86,50 EUR
ΦΙΛΟΔΩΡΗΜΑ:         8,50 EUR
ΣΥΝΟΛΟ:            95,00 EUR
ΚΩΔ.ΕΓΚΡΙΣΗΣ:         A7K2P9
 ΕΓΚΡΙΘΗΚΕ Η ΣΥΝΑΛΛΑΓΗ
     ΥΠΟΓΡΑΦΗ ΚΑΤΟΧΟΥ
    ΑΝΤΙΓΡΑΦΟ ΕΜΠΟΡΟΥ`);
    expect(ex.data.base_amount).toBe(86.5);
    expect(ex.data.tip).toBe(8.5);
    expect(ex.data.merchant_id).toBe('4812345');
    expect(ex.data.terminal_id).toBe('PB771204');
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.receipt_number).toBe('000412');
    expect(ex.data.rrn).toBe('521421004412');
    expect(ex.data.auth_code).toBe('A7K2P9');
    expect(ex.data.verification_method).toBe('signature');
    expect(ex.data.approved).toBe(true);
  });

  it('reads a declined Greek slip (ΑΠΟΡΡΙΦΘΗΚΕ) and a pharmacy named after its pharmacist', () => {
    const ex = read(`        ΦΑΡΜΑΚΕΙΟ
    ΠΑΠΑΔΟΠΟΥΛΟΥ ΜΑΡΙΑΣ
      ΤΣΙΜΙΣΚΗ 120
   546 21 ΘΕΣΣΑΛΟΝΙΚΗ
ΚΩΔ.ΕΜΠΟΡΟΥ:        9900112233
ΚΩΔ.ΤΕΡΜΑΤΙΚΟΥ:       NX305518
          ΠΩΛΗΣΗ
ΗΜ/ΝΙΑ: 21/05/2025  ΩΡΑ: 10:05
ΑΡ.ΑΠΟΔΕΙΞΗΣ:            000093
VISA
ΚΑΡΤΑ:         ************1111
ΠΟΣΟ:                 23,40 EUR
    ΑΠΟΡΡΙΦΘΗΚΕ Η ΣΥΝΑΛΛΑΓΗ
      ΑΝΤΙΓΡΑΦΟ ΠΕΛΑΤΗ`);
    expect(ex.data.approved).toBe(false);
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.merchant).toBe('ΦΑΡΜΑΚΕΙΟ ΠΑΠΑΔΟΠΟΥΛΟΥ ΜΑΡΙΑΣ');
    expect(ex.data.merchant_id).toBe('9900112233');
    expect(ex.data.terminal_id).toBe('NX305518');
    expect(ex.data.receipt_number).toBe('000093');
  });

  it('reads a Greek refund printed in small letters with accents (Επιστροφή, Κωδ. έγκρισης)', () => {
    const ex = read(`Βιβλιοπωλείο Πανόραμα
Ερμού 56
105 63 Αθήνα
Κωδ. εμπόρου: 000777123456
Τερματικό: VW204411
Επιστροφή
Ημερομηνία: 09/04/2025 Ώρα: 17:20
Αρ. απόδειξης: 000051
Maestro
Κάρτα: ****3434
Ποσό: 24,90 €
Κωδ. έγκρισης: 118240
Ανέπαφη συναλλαγή
Εγκρίθηκε
Αντίγραφο πελάτη`);
    expect(ex.data.transaction_type).toBe('refund');
    expect(ex.data.merchant_id).toBe('000777123456');
    expect(ex.data.terminal_id).toBe('VW204411');
    expect(ex.data.receipt_number).toBe('000051');
    expect(ex.data.auth_code).toBe('118240');
    expect(ex.data.entry_method).toBe('contactless');
    expect(ex.data.approved).toBe(true);
  });

  it('reads a Greek pre-authorisation (ΠΡΟΕΓΚΡΙΣΗ): Α/Α, batch and transaction numbers, swipe, no signature', () => {
    const ex = read(`     ΞΕΝΟΔΟΧΕΙΟ ΑΚΡΟΠΟΛΙΣ
    ΦΙΛΕΛΛΗΝΩΝ 10
    105 57 ΑΘΗΝΑ
ΕΜΠΟΡΟΣ:        000555666777
ΤΕΡΜΑΤΙΚΟ:          AB123456
        ΠΡΟΕΓΚΡΙΣΗ
ΗΜΕΡ.: 01/07/2025 ΩΡΑ: 15:00
Α/Α:                  000021
ΑΡ.ΠΑΚΕΤΟΥ:              007
ΑΡ.ΣΥΝΑΛΛΑΓΗΣ:        004455
VISA
************2222
ΜΑΓΝΗΤΙΚΗ ΤΑΙΝΙΑ
ΤΕΛΙΚΟ ΠΟΣΟ:      300,00 EUR
ΕΓΚΡΙΣΗ:              X1Y2Z3
  ΔΕΝ ΑΠΑΙΤΕΙΤΑΙ ΥΠΟΓΡΑΦΗ
       ΕΓΚΕΚΡΙΜΕΝΗ`);
    expect(ex.data.transaction_type).toBe('pre_authorization');
    expect(ex.data.merchant_id).toBe('000555666777');
    expect(ex.data.terminal_id).toBe('AB123456');
    expect(ex.data.receipt_number).toBe('000021');
    expect(ex.data.batch_number).toBe('007');
    expect(ex.data.trace_number).toBe('004455');
    expect(ex.data.auth_code).toBe('X1Y2Z3');
    expect(ex.data.entry_method).toBe('swipe');
    expect(ex.data.verification_method).toBe('none');
    expect(ex.data.approved).toBe(true);
  });

  it('reads a Greek till receipt (ΑΠΟΔΕΙΞΗ ΛΙΑΝΙΚΗΣ ΠΩΛΗΣΗΣ): ΣΥΝΟΛΟ, ΚΑΘΑΡΗ ΑΞΙΑ and ΦΠΑ, not the cash (ΜΕΤΡΗΤΑ) or the change (ΡΕΣΤΑ)', () => {
    const ex = readReceipt(`    ΑΡΤΟΠΟΙΕΙΟ Ο ΜΥΛΟΣ
   ΕΡΜΟΥ 15
   546 24 ΘΕΣΣΑΛΟΝΙΚΗ
   ΑΦΜ: 099999999  ΔΟΥ: Δ ΘΕΣ/ΝΙΚΗΣ
 ΑΠΟΔΕΙΞΗ ΛΙΑΝΙΚΗΣ ΠΩΛΗΣΗΣ
ΑΡ. ΑΠΟΔΕΙΞΗΣ: 0318
ΨΩΜΙ ΧΩΡΙΑΤΙΚΟ            2,40
ΚΟΥΛΟΥΡΙ                  1,20
ΤΥΡΟΠΙΤΑ                  3,50
------------------------------
ΣΥΝΟΛΟ                    7,10
ΜΕΤΡΗΤΑ                  10,00
ΡΕΣΤΑ                     2,90
------------------------------
ΚΑΘΑΡΗ ΑΞΙΑ               6,28
ΦΠΑ 13%                   0,82
14/03/2025          08:12`);
    expect(ex.data.amount).toBe(7.1);
    expect(ex.data.subtotal).toBe(6.28);
    expect(ex.data.tax_amount).toBe(0.82);
    expect(ex.data.tax_rate).toBe(13);
    expect(ex.data.amount_tendered).toBe(10);
    expect(ex.data.change).toBe(2.9);
    expect(ex.data.payment_method).toBe('cash');
    expect(ex.data.receipt_number).toBe('0318');
  });
});

describe('Greek registration numbers', () => {
  it('reads the ΑΦΜ as the merchant\'s tax id', () => {
    const ex = readReceipt(`ΦΟΥΡΝΟΣ ΠΑΠΑΔΟΠΟΥΛΟΣ
ΑΦΜ: 099999999  ΔΟΥ: Δ ΘΕΣ/ΝΙΚΗΣ
ΨΩΜΙ                        1,20
ΣΥΝΟΛΟ                      1,20`);
    expect(ex.data.merchant_tax_id).toBe('099999999');
  });
});
