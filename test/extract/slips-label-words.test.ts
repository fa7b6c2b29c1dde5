// Label and value words of the market's languages as terminals and tills print them (issue 30,
// vocabulary/*.json): each check failed before its words were added.
import { describe, expect, it } from 'vitest';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { templateVersion } from '../../engine/src/extract/document-type.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import { slipClientOcr } from '../support/slip-text.js';

const now = new Date('2026-11-25T12:00:00Z');
const read = (text: string, type: 'payment_receipt' | 'retail_receipt' = 'payment_receipt') =>
  extractFromText({ pages: parseClientOcr(slipClientOcr(text)).pages }, templateVersion(type), { now });

describe('transaction and batch numbers', () => {
  it('reads the Swiss German, Italian and French transaction numbers as the receipt number', () => {
    expect(read(`CAFÉ LINDE\nKauf\nVISA ************1111\nNr. Transaktion:     000341\nBetrag CHF     12.00`).data.receipt_number).toBe('000341');
    expect(read(`BAR CENTRALE\nVISA ************1111\nNr. transazione:     002806\nIMPORTO EUR   12,00`).data.receipt_number).toBe('002806');
    expect(read(`BAR CENTRALE\nVISA ************1111\nNUM. OPERAZ. 000094      STAN 003818\nIMPORTO EUR   12,00`).data.receipt_number).toBe('000094');
    expect(read(`CAVE\nVISA ************1111\nNUM. TRANSACTION : 000662\nMONTANT   12,00 EUR`).data.receipt_number).toBe('000662');
  });

  it('reads a bare French or Romanian Lot and a Portuguese Per. as the batch number', () => {
    expect(read(`CAVE DU PORT\nMASTERCARD ************4476\nLot :          042\nMONTANT   12,00 EUR`).data.batch_number).toBe('042');
    expect(read(`FARMACIA TEI\nVISA ************1111\nLOT:        000205\nSUMA RON   12,00`).data.batch_number).toBe('000205');
    expect(read(`PASTELARIA\nPER. 0318       TRANS. 00412\nVISA ************1111\nVALOR 12,00 EUR`).data.batch_number).toBe('0318');
  });

  it('reads app-based acquirers\' words: a merchant account\'s name as the MID, Reader and ID czytnika as the terminal, Quittung 1-3307, Programnavn, Consumición, Nessuna firma richiesta', () => {
    expect(read(`HARBOUR TWINE\nMID              HarbourTwineGB_POS\nVisa •••• 4242\nTotal GBP 12.00`).data.merchant_id).toBe('HarbourTwineGB_POS');
    expect(read(`LATAUS\nMerchant ID: VoltPisteFI\nVisa •••• 4242\nYhteensä EUR 12,00`).data.merchant_id).toBe('VoltPisteFI');
    // A word of small letters after the label is no account's name.
    expect(read(`LATAUS\nMID: Contactless\nVisa •••• 4242\nTotal EUR 12,00`).data.merchant_id).toBeNull();
    expect(read(`CAFE\nReader: RR-00419B22\nVisa •••• 4242\nTotal EUR 12.00`).data.terminal_id).toBe('RR-00419B22');
    expect(read(`KAWIARNIA\nID czytnika: RR-2284C1A0\nVisa •••• 4242\nSuma PLN 12,00`).data.terminal_id).toBe('RR-2284C1A0');
    expect(read(`Buchhandlung\nQuittung 1-3307\nVisa •••• 4242\nSumme EUR 12,00`).data.receipt_number).toBe('1-3307');
    expect(read(`KAFFE\nProgramnavn: Visa Debit\nVisa •••• 4242\nTotal DKK 12,00`).data.application_label).toBe('Visa Debit');
    expect(read(`BAR\nConsumición     38,00 €\nPropina          3,80 €\nTotal           41,80 €\nVISA •••• 4242`).data.base_amount).toBe(38);
    expect(read(`BAR\nVISA •••• 4242\nContactless\nNESSUNA FIRMA RICHIESTA\nTotale EUR 12,00`).data.verification_method).toBe('none');
  });

  it('reads round 13\'s words: Num.autor, Oper. original, PIN nebyl vyžadován, Punkt, Obch. ID, Toestel, Partia, Code secret vérifié', () => {
    expect(read(`BAR\nVISA ************1111\nNUM.AUTOR: 714226\nIMPORTE 12,00 EUR`).data.auth_code).toBe('714226');
    expect(read(`TIENDA\nDEVOLUCION\nVISA ************1111\nOPER. ORIGINAL     000233\nOPERACION          000251\nIMPORTE 12,00 EUR`).data.receipt_number).toBe('000251');
    expect(read(`KNIHKUPECTVI\nVISA ************1111\nPIN nebyl vyžadován\nČÁSTKA 120,00 Kč`).data.verification_method).toBe('none');
    expect(read(`KWIACIARNIA\nPUNKT: 0019874412\nVISA ************1111\nKWOTA 12,00 PLN`).data.merchant_id).toBe('0019874412');
    expect(read(`KNIHY\nObch. ID: 3002771845\nVISA ************1111\nČÁSTKA 120,00 Kč`).data.merchant_id).toBe('3002771845');
    expect(read(`BAKKERIJ\nToestel      1091420-01\nBANCONTACT ************1111\nBEDRAG 12,00 EUR`).data.terminal_id).toBe('1091420-01');
    expect(read(`APTEKA\nVISA ************1111\nPARTIA           0112\nKWOTA 12,00 PLN`).data.batch_number).toBe('0112');
    expect(read(`PHARMACIE\nBANCONTACT ************1111\nCode secret vérifié\nMONTANT 12,00 EUR`).data.verification_method).toBe('pin');
  });

  it('reads a Catalan Redsys slip (ca.json): the shop under its copy marker, COMERÇ, SESSIÓ, SENSE CONTACTE, NO CAL SIGNATURA, DEVOLUCIÓ', () => {
    const ex = read(`CÒPIA PER AL CLIENT\nFORN DE PA CAN SERRA\nCarrer Major 12\n08001 Barcelona\nCOMERÇ: 331290478\nTERMINAL: 00000012\nSESSIÓ: 0355\nVENDA\nVISA ************1111\nSENSE CONTACTE\nNÚM.AUTOR: 118043\nIMPORT: 12,40 EUR\nNO CAL SIGNATURA\nOPERACIÓ AUTORITZADA`);
    expect([ex.data.merchant, ex.data.merchant_id, ex.data.batch_number, ex.data.entry_method, ex.data.verification_method, ex.data.approved, ex.data.amount]).toEqual(['FORN DE PA CAN SERRA', '331290478', '0355', 'contactless', 'none', true, 12.4]);
    expect(read(`BOTIGA\nDEVOLUCIÓ\nVISA ************1111\nImport   12,40 EUR`).data.transaction_type).toBe('refund');
  });

  it('reads round 14\'s words: French Transaction as the trace, NIP vérifié, Quittance, Montant estimé held, Opération abandonnée, Réf. trx; Buchung Reservierung, Buchungs-Nr., Genehm., TWINT, Galician and Basque slip words', () => {
    expect(read(`MARCHE\nCB ************1111\nTRANSACTION              000846\nMONTANT   12,00 EUR`).data.trace_number).toBe('000846');
    expect(read(`FROMAGERIE\nVISA ************1111\nNIP vérifié\nMONTANT CHF  12.00`).data.verification_method).toBe('pin');
    expect(read(`HOTEL\nCB ************1111\nMONTANT ESTIME       350,00 EUR\nMONTANT REEL         276,80 EUR`).data.amount).toBe(276.8);
    expect(read(`TABAC\nCB ************1111\nOPERATION ABANDONNEE\nMONTANT   12,00 EUR`).data.approved).toBe(false);
    expect(read(`PATISSERIE\nVISA ************1111\nRéf. trx:   ARQX0914KD2C\nMONTANT   12,00 EUR`).data.rrn).toBe('ARQX0914KD2C');
    const hotel = read(`HOTEL\nBUCHUNG RESERVIERUNG\nVISA ************1111\nBuchungs-Nr.:   0627\nGenehm.     116407\nBetrag EUR  286,40`);
    expect([hotel.data.transaction_type, hotel.data.receipt_number, hotel.data.auth_code]).toEqual(['completion', '0627', '116407']);
    expect(read(`BAECKEREI\nBuchung\nTWINT\nMobile Payment\nTotal-EFT CHF:   8.40`).data.payment_method).toBe('mobile_wallet');
    const gl = read(`PANADERIA\nVENDA\nVISA ************1111\nSEN CONTACTO\nNON PRECISA SINATURA\nIMPORTE 12,00 EUR`);
    expect([gl.data.entry_method, gl.data.verification_method]).toEqual(['contactless', 'none']);
    expect(read(`TIENDA\nANULACION\nVISA ************1111\nOperacion              001460\nOp. anulada            001457\nIMPORTE 12,00 EUR`).data.receipt_number).toBe('001460');
    expect(read(`Banc Sabadell\nESPORTS MEDITERRANI\nRambla Nova 12\n43001 Tarragona\nVISA ************1111\nIMPORT 12,00 EUR`).data.merchant).toBe('ESPORTS MEDITERRANI');
  });

  it('reads round 15\'s words: OPERAZ. N., Oper. annullata, Kwota blokady held, Fare, Servitör, Ober, Abgerechnet, EFT No., Vahvistus, Kundens signatur ikke nødvendig', () => {
    expect(read(`FERRAMENTA\nMAESTRO ************1111\nOPERAZ. N.: 000214\nIMPORTO EUR 12,00`).data.receipt_number).toBe('000214');
    expect(read(`NEGOZIO\nANNULLAMENTO\nVISA ************1111\nN.OPER.: 000612\nOPER. ANNULLATA N.: 000609\nIMPORTO EUR 12,00`).data.receipt_number).toBe('000612');
    expect(read(`STACJA\nVISA ************1111\nKwota blokady:         400,00 PLN\nKwota transakcji:      322,87 PLN`).data.amount).toBe(322.87);
    expect(read(`TAXI\nVisa •••• 4242\nFare   £18.40\nTip   £2.60\nTotal   £21.00`).data.base_amount).toBe(18.4);
    expect(read(`WASCHBOX\nVISA ************1111\nVorautorisiert:     EUR 20,00\nAbgerechnet:        EUR  9,50`).data.amount).toBe(9.5);
    expect(read(`PUB\nVISA ************1111\nEFT No.   0412\nTOTAL  £12.00`).data.trace_number).toBe('0412');
    expect(read(`KAHVILA\nVISA ************1111\nVahvistus:              901426\nYHTEENSÄ EUR 12,00`).data.auth_code).toBe('901426');
    expect(read(`JERNVARE\nRETUR\nMastercard ************1111\nKundens signatur ikke nødvendig\nBELØP NOK 120,00`).data.verification_method).toBe('none');
  });

  it('reads round 16\'s slip words: Operation no., Transakcja nr, Nr par., Tranz. szám, Elfogadó azonosító, Comerciant, Provozovna, Cardholder verification: device', () => {
    expect(read(`HOTEL\nVISA ************1111\nOperation no.       000052\nAMOUNT EUR 12.00`).data.receipt_number).toBe('000052');
    expect(read(`SKLEP\nVISA ************1111\n  Transakcja nr:             001507\nKWOTA 12,00 PLN`).data.trace_number).toBe('001507');
    expect(read(`SKLEP\nVISA ************1111\nNr trans. 000284    Nr par. 0131\nKWOTA 12,00 PLN`).data.receipt_number).toBe('0131');
    expect(read(`BOLT\nVISA ************1111\nTRANZ. SZÁM:                000612\nÖSSZEG 1 200 Ft`).data.trace_number).toBe('000612');
    expect(read(`BOLT\nVISA ************1111\nELFOGADÓ AZONOSÍTÓ:            100700318\nÖSSZEG 1 200 Ft`).data.merchant_id).toBe('100700318');
    expect(read(`FARMACIE\nCOMERCIANT    3301660418\nVISA ************1111\nSUMA RON 12,00`).data.merchant_id).toBe('3301660418');
    expect(read(`POTRAVINY\n   Provozovna        5503381024\nVISA ************1111\nČÁSTKA 120,00 Kč`).data.merchant_id).toBe('5503381024');
    expect(read(`CAFE\nMastercard ************1111\nCardholder verification: device\nTOTAL SEK 120,00`).data.verification_method).toBe('cdcvm');
  });

  it('reads a Spanish IMP. as the amount, never the batch number after LOTE', () => {
    const ex = read(`BAR EL RINCON\nCOMPRA\n***********9626\nLOTE:000831\nCOD. AUTORIZACIÓN:635309\n\nIMP.:4,04 €\nAUTORIZADA`);
    expect(ex.data.amount).toBe(4.04);
  });

  it('reads a till footer\'s TRANS as the receipt number, where no receipt\'s own label names another', () => {
    expect(read(`SUPERSAVE\nMILK   1.20\nTOTAL  1.20\nCASH   5.00\nCHANGE 3.80\nST:0412  TILL:03  TRANS:5521  OP:Kerry`, 'retail_receipt').data.receipt_number).toBe('5521');
    expect(read(`POPULAR BOOK\nSLIP NO. : 9070058756\nTRANS: 21396\nPEN   1.90\nTOTAL  1.90`, 'retail_receipt').data.receipt_number).toBe('9070058756');
  });

  it('reads the card block\'s own number on a slip printed in a till receipt, not the till\'s Bon or DOC.N., and the till\'s where it is alone', () => {
    const text = `DROGERIE\nSHAMPOO   3,95\nSUMME EUR 3,95\nKasse 2   Bon 8893   14.03.26\nKartenzahlung\ngirocard\nBeleg-Nr.: 0411\nBetrag EUR 3,95\nZahlung erfolgt`;
    expect(read(text).data.receipt_number).toBe('0411');
    expect(read(`SUPERSTORE\nPANE 1,20\nTOTALE 1,20\nDOC.N. 1207-0416\nPAGAMENTO ELETTRONICO\nOPER. 000211\nIMPORTO EUR 1,20`).data.receipt_number).toBe('000211');
    expect(read(`DROGERIE\nKasse 2   Bon 8893\nKartenzahlung\nBetrag EUR 3,95`).data.receipt_number).toBe('8893');
    // Read as the till receipt it is printed in, the till's own number wins (`Bon 4402 / Kasse 2`).
    expect(read(text, 'retail_receipt').data.receipt_number).toBe('8893');
    expect(read(`EDEKA\nLEERGUT   -0,25\nMILCH   1,19\nSUMME EUR 0,94\nTA-Nr. 001287         Beleg-Nr. 0098\nBon 4402 / Kasse 2 / 29.11.2025 10:41`, 'retail_receipt').data.receipt_number).toBe('4402');
  });

  it('reads TRANSACTIE AANVAARD as an outcome, not a receipt number', () => {
    const ex = read(`FRITUUR\nVISA ************1111\nBEDRAG EUR 12,00\nTRANSACTIE AANVAARD`);
    expect(ex.data.receipt_number).toBe(null);
    expect(ex.data.approved).toBe(true);
  });

  it('takes no cash handed over from a way of paying printed with nothing paid', () => {
    const ex = read(`PASTICCERIA\nTORTA   33,30\nTOTALE COMPLESSIVO   33,30\nPagamento contante   0,00\nPagamento elettronico   33,30`, 'retail_receipt');
    expect(ex.data.amount_tendered).toBe(null);
  });

  it('reads bare and bilingual operation and transaction labels (OPERACIÓN, Operació/Operación, Tapahtuma) and Finnish and Swedish approval labels', () => {
    expect(read(`FARMACIA\nVISA ************1111\nSESIÓN: 142           OPERACIÓN: 000318\nIMPORTE   12,00 EUR`).data.receipt_number).toBe('000318');
    expect(read(`BAR\nVISA ************1111\nOperació/Operación:         004412\nIMPORT   12,00 EUR`).data.receipt_number).toBe('004412');
    const fi = read(`KAUPPA\nVISA ************1111\nTapahtuma        004471\nHyväksyntä/Godkännande       652918\nYHTEENSÄ EUR 12,00`);
    expect(fi.data.trace_number).toBe('004471');
    expect(fi.data.auth_code).toBe('652918');
    expect(read(`LADEN\nAkt-Id / ID-Commerce:    880441207\nVISA ************1111\nBETRAG CHF 12.00`).data.merchant_id).toBe('880441207');
    // Two figures there are a counter, no merchant's number.
    expect(read(`LADEN\nAkt-Id:                       05\nVISA ************1111\nBETRAG CHF 12.00`).data.merchant_id).toBe(null);
  });

  it('reads Trn No as the receipt number, Austrian Händler as the merchant id, a card\'s last figure read as O, and never a clock\'s time as a number', () => {
    const uk = read(`SHOP\nREFUND\nCard:      ************992O\nTrn No:                       0042\nAMOUNT GBP 12.00`);
    expect(uk.data.receipt_number).toBe('0042');
    expect(uk.data.card_last_four).toBe('9920');
    // Any of the four read as a letter, three staying figures.
    for (const [printed, four] of [['************33B1', '3381'], ['**** **** **** 0O93', '0093'], ['xxxxxxxxxxxxxxx773B', '7738'], ['************31S4', '3154']]) {
      expect(read(`SHOP\nVISA\nCard:  ${printed}\nAMOUNT GBP 12.00`).data.card_last_four).toBe(four);
    }
    expect(read(`SPORT\nHändler:                  0023519907\nVISA ************1111\nBetrag EUR 12,00`).data.merchant_id).toBe('0023519907');
    expect(read(`LEIPOMO\nASIAKKAAN KUITTI\n08.10.2026                       09.12\nVISA ************1111\nYHTEENSÄ EUR 4,20`).data.receipt_number).toBe(null);
  });

  it('reads Application name as the application label\'s label, Trx.Nr. as the trace and a bare OPERAZIONE as the operation number', () => {
    expect(read(`BOOKSHOP\nApplication name            Visa Debit\nVisa •••• 0662\nTotal EUR 12.00`).data.application_label).toBe('Visa Debit');
    expect(read(`APOTHEKE\nVisa                    •••• •••• 0662\nTrx.Nr.:                   004417\nBetrag EUR 12,00`).data.trace_number).toBe('004417');
    expect(read(`FARMACIA\nOPERAZIONE                    000208\nIMPORTO EUR 12,00`).data.receipt_number).toBe('000208');
  });

  it('takes a void\'s own operation number, not the number of the operation it voids', () => {
    const ex = read(`FARMACIA\nANULACION\nVISA ************1111\nOPER. ANULADA   000415\nNº OPER.    000418\nIMPORTE    12,00 EUR`);
    expect(ex.data.receipt_number).toBe('000418');
    expect(read(`BAR\nSTORNO\nVISA ************1111\nOp. stornata              000231\nNum. operaz.              000233\nIMPORTO EUR 12,00`).data.receipt_number).toBe('000233');
  });
});

describe('dotted leaders', () => {
  it('reads values joined to their labels by dotted leaders', () => {
    const ex = read(`GASTHAUS KRONE\nUhrzeit.....................20:17:44\nDatum.......21.02.2026\nTA-Nr.........................001187\nGenehmigungs-Nr...............731455\nBetrag EUR............54,30\nTrinkgeld EUR...,.................5,70\nGesamt EUR........60,00`);
    expect(ex.data).toMatchObject({ transaction_time: '20:17', trace_number: '001187', auth_code: '731455', tip: 5.7, amount: 60 });
  });

  it('keeps points before four figures as a masked card number, not a leader', () => {
    expect(read(`KONDITORI\nTotalt   SEK 48,99\nVISA DEBIT ...3567`).data.card_last_four).toBe('3567');
    expect(read(`KONDITORI\nTotalt   SEK 48,99\nVISA .....1234`).data.card_last_four).toBe('1234');
  });
});

describe('amounts around the purchase', () => {
  it('reads a German slip\'s purchase and cash withdrawn (Kauf, Bargeld)', () => {
    const ex = read(`EDEKA\ngirocard\nKauf           EUR 23,16\nBargeld        EUR 50,00\nGesamt         EUR 73,16\nZahlung erfolgt`);
    expect(ex.data.base_amount).toBe(23.16);
    expect(ex.data.cashback).toBe(50);
    expect(ex.data.amount).toBe(73.16);
  });

  it('reads a British till\'s multibuy saving as its discount', () => {
    const ex = read(`HARDWARE\nPAINT BRUSH       12.00\nMULTIBUY SAVING   -5.00\nTOTAL             7.00\nCARD              7.00`, 'retail_receipt');
    expect(ex.data.discount).toBe(5);
    expect(read(`APOTHEKE\nSumme            44,90\nKundenbonus 5% Freiverkauf   -1,10\nZu zahlen EUR    43,80\nBankomat         43,80`, 'retail_receipt').data.discount).toBe(1.1);
  });
});

describe('outcome, verification, type and method words', () => {
  it('reads German and French outcome words of refunds and voids as approved', () => {
    expect(read(`SHOP\nGutschrift\nVISA ************1111\nBetrag EUR 12,00\nGutschrift erfolgt`).data.approved).toBe(true);
    expect(read(`SHOP\nANNULATION\nVISA ************1111\nMONTANT 12,00 CHF\nAnnulation effectuée`).data.approved).toBe(true);
  });

  it('reads a refund or void named alone on its row over the card payment\'s heading (Kartenzahlung / Gutschrift)', () => {
    expect(read(`DROGERIE\nKartenzahlung\nGutschrift\ngirocard\nBeleg-Nr.: 0411\nBetrag EUR -36,48\nGutschrift erfolgt`).data.transaction_type).toBe('refund');
    expect(read(`LADEN\nKartenzahlung\nSTORNO\nMastercard\nBetrag EUR -59,90\nStorno durchgeführt`).data.transaction_type).toBe('void');
    expect(read(`LADEN\nKartenzahlung\ngirocard\nBetrag EUR 9,90\nZahlung erfolgt`).data.transaction_type).toBe('sale');
  });

  it('reads a card payment that names no type as a sale, and a Danish ANNULLERET as a void', () => {
    expect(read(`NOODLE BAR\nRamen   12.50\nTotal   £12.50\nMASTERCARD •••• 4417\nApproved`).data.transaction_type).toBe('sale');
    expect(read(`BLOMSTERHJØRNET\nTOTALBELØB   44,90 kr.\nBetalt med MAESTRO •••• 3296\nTYPE   ANNULLERET`).data.transaction_type).toBe('void');
    // No card, no amount: nothing to say.
    expect(read(`NOODLE BAR\nThank you`).data.transaction_type).toBe(null);
  });

  it('reads a PIN not asked for as no verification, and an Italian device verification as CDCVM', () => {
    expect(read(`CAFÉ\nBankomat\n************1111\nBetrag EUR 4,20\nPIN-Eingabe nicht erforderlich`).data.verification_method).toBe('none');
    expect(read(`BAR\nMASTERCARD ************1111\nIMPORTO EUR 4,20\nVerifica del titolare sul device`).data.verification_method).toBe('cdcvm');
  });

  it('reads no cardholder verification from a merchant\'s or cashier\'s signature line on a refund', () => {
    expect(read(`CAVE\nREMBOURSEMENT\nVISA ************1111\nMONTANT 12,00 EUR\nSIGNATURE DU COMMERCANT`).data.verification_method).toBe(null);
    expect(read(`SKLEP\nZWROT\nVISA ************1111\nKWOTA 12,00 PLN\nPodpis kasjera ..........`).data.verification_method).toBe(null);
    expect(read(`SHOP\nSALE\nVISA ************1111\nAMOUNT GBP 12.00\nSIGNATURE VERIFIED`).data.verification_method).toBe('signature');
  });

  it('reads a Dutch PIN payment (Betaald met PIN) as no PIN verification', () => {
    expect(read(`SUPERMARKT\nApple Pay          Contactloos\nBEDRAG EUR 12,00\nBetaald met PIN`).data.verification_method).toBe(null);
    expect(read(`SUPERMARKT\nMaestro\nBEDRAG EUR 12,00\nPIN geverifieerd`).data.verification_method).toBe('pin');
  });

  it('reads a Norwegian completion of a pre-authorisation as a completion', () => {
    expect(read(`HOTELL\nFULLFØRING AV FORHÅNDSAUTORISASJON\nVISA ************1111\nBelastet beløp NOK 2 486,00\nGodkjent`).data.transaction_type).toBe('completion');
  });

  it('reads a BLIK payment as paid by phone', () => {
    expect(read(`KAWIARNIA\nSUMA PLN 53,50\nPłatność BLIK  53,50`, 'retail_receipt').data.payment_method).toBe('mobile_wallet');
  });
});
