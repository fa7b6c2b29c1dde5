// Tills that print several registration numbers and their staff in short forms (issue 30, round
// 17): each check failed before the change it names.
import { describe, expect, it } from 'vitest';
import { readSlip, readTillReceipt } from '../support/read-slip.js';

describe('the tax number of a till that prints its company registration too', () => {
  it('takes the VAT number over SIRET, KvK and RCS numbers printed before it', () => {
    const fr = readTillReceipt(`PHARMACIE DU PARC
14 avenue Foch
69006 LYON
SIRET 512 447 901 00027 - APE 4773Z
N° TVA intracom : FR 63 512447901
DOLIPRANE 1000MG          2,18
TOTAL TTC                 2,18`);
    expect(fr.data.merchant_tax_id).toBe('FR63512447901');
    const nl = readTillReceipt(`BOUWMARKT DE SCHROEF
Industrieweg 4
8251 KX Dronten
KvK 30114872   BTW NL812244870B01
SCHROEVEN 4X40            4,99
TOTAAL                    4,99`);
    expect(nl.data.merchant_tax_id).toBe('NL812244870B01');
    const rcs = readTillReceipt(`LIBRAIRIE DES QUAIS
SARL Quais - RCS Nantes 812 114 302
TVA FR 18 812114302
ROMAN                     8,90
TOTAL                     8,90`);
    expect(rcs.data.merchant_tax_id).toBe('FR18812114302');
  });

  it('reads an Austrian UID printed with a space, alone under the town, as the tax number and no address line', () => {
    const at = readTillReceipt(`Bäckerei Gruber
Linzer Straße 12
3100 St. Pölten
ATU 51812094
Semmel                    0,90
SUMME                     0,90`);
    expect(at.data.merchant_tax_id).toBe('ATU51812094');
    expect(at.data.merchant_address).toBe('Linzer Straße 12, 3100 St. Pölten');
  });
});

describe('numbers as OCR reads a phone photo', () => {
  it('reads a small l and an O among a labelled tax number\'s figures as figures', () => {
    const tax = (row: string) => readTillReceipt(`TIENDA\n${row}\nPAN         1,20\nTOTAL       1,20`).data.merchant_tax_id;
    expect(tax('NIF: B-472l8830')).toBe('B-47218830');
    expect(tax('NIP 725-228-4l-90')).toBe('725-228-41-90');
    expect(tax('P.IVA O7418820725')).toBe('07418820725');
    expect(tax('BTW NL8622l4590B0l')).toBe('NL862214590B01');
  });

  it('reads an O and a small l among the figures of a numbered part and of a code as figures', () => {
    expect(readTillReceipt(`CAFETERIA\nFactura simplificada T1-0O4471\nCAFE   1,20\nTOTAL  1,20`).data.receipt_number).toBe('T1-004471');
    expect(readTillReceipt(`BOLT\nNyugta: O418/0023l\nKENYER  450\nOSSZESEN  450`).data.receipt_number).toBe('0418/00231');
    expect(readSlip(`Terminal ID: KB2188O3\nMastercard ************1234\nCelkem 120,00 CZK`).data.terminal_id).toBe('KB218803');
    // A code's own B stays (`RR-00419B22`).
    expect(readSlip(`Terminal: RR-00419B22\nVisa ************1234\nTotal €12.00`).data.terminal_id).toBe('RR-00419B22');
  });

  it('reads a name opening with two small l\'s as a capital I', () => {
    expect(readTillReceipt(`KAASHANDEL\nBon 0712       Kassa 1     Medew: llse\nGOUDA   6,20\nTOTAAL  6,20`).data.cashier).toBe('Ilse');
  });
});

describe('staff and operators', () => {
  it('reads the short cashier labels of German, Dutch and Spanish tills', () => {
    expect(readTillReceipt(`BIOLADEN\nBROT          3,20\nSUMME         3,20\nBAR           5,00\nBed.: Sabine`).data.cashier).toBe('Sabine');
    expect(readTillReceipt(`KAASHANDEL\nKassa 3    Bon 4471882    Mdw: Noor\nGOUDA         6,20\nTOTAAL        6,20`).data.cashier).toBe('Noor');
    expect(readTillReceipt(`PANADERIA\n25/10/2025 09:12    Caja: 2   Dep: LUCIA\nBARRA         1,20\nTOTAL         1,20`).data.cashier).toBe('LUCIA');
  });

  it('reads the company operating a franchise as the merchant, and no cashier in its words', () => {
    const shop = readTillReceipt(`Operated by Northgate Forecourts Ltd
Moorside Road
Swinton M27 0EW
03/03/2026 17:44        Till 2   Op: Jordan
Unleaded             40.00
TOTAL                40.00`);
    expect(shop.data.merchant).toBe('Northgate Forecourts Ltd');
    expect(shop.data.cashier).toBe('Jordan');
  });

  // With `Godk.kod` read as a label (this round), the scheme's name under it was taken for the code.
  it('reads no card scheme as an authorisation code under labels printed below their values', () => {
    const sv = readSlip(`KÖP
30288117
012884
612450
Terminal
Ref.nr
Godk.kod
VISA
************6059
SEK 1 845,00
Totalt
GODKÄND`);
    expect(sv.data.auth_code).not.toBe('VISA');
  });
});

describe('the moment of the payment among other printed moments', () => {
  it('passes over a car park\'s entry time and a ticket\'s validity for the payment\'s own', () => {
    const park = readSlip(`QUAYSIDE CAR PARK
entry              21/02/2026 09:31
paid               21/02/2026 14:05
exit by                       14:20
fee                          €13.50
VISA ************1234
21/02/26                      14:05`);
    expect(park.data.transaction_time).toBe('14:05');
    const ticket = readSlip(`SL BILJETTAUTOMAT
giltig till        2026-03-02 18:54
Mastercard ************1234
2026-03-02                   17:39
Belopp                   SEK 39,00`);
    expect(ticket.data.transaction_time).toBe('17:39');
  });
});

describe('rebates, change and tax tables of tills', () => {
  it('takes the sum an offer takes off, not its price; compound rebate and change words', () => {
    const no = readTillReceipt(`KIOSK\nCOLA 0,5L              2  56,00\n  Tilbud 2 for 45,00             -11,00\nTOTALT                    45,00`);
    expect(no.data.discount).toBe(11);
    const at = readTillReceipt(`BUCHHANDLUNG\nROMAN                  22,00 B\nStammkundenrabatt 5% Bücher     -1,10 B\nSUMME EUR              20,90\nBAR EUR                30,00\nRetourgeld EUR          9,10`);
    expect([at.data.discount, at.data.change]).toEqual([1.1, 9.1]);
  });

  it('reads a coupon rebate as a discount, no voucher payment', () => {
    const de = readTillReceipt(`BAUMARKT\nSCHRAUBEN              57,20 1\n10% Coupon Herbstaktion          -5,72 1\nSUMME EUR              51,48\nBAR EUR                60,00\nRückgeld EUR            8,52`);
    expect(de.data.payment_method).toBe('cash');
  });

  it('reads the rate from the column its heading names, wherever the column stands', () => {
    const es = readTillReceipt(`FERRETERIA\nTORNILLOS               33,10\nTOTAL (IVA incluido)     EUR      33,10\n  Base imponible    %IVA     Cuota IVA\n       27,36        21,00       5,74`);
    expect([es.data.tax_rate, es.data.tax_amount]).toEqual([21, 5.74]);
  });
});
