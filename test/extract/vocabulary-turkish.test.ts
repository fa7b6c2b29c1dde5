// Turkish bank terminals and the Mediterranean islands' prints (issue 30, round 19): each check
// failed before the change it names.
import { describe, expect, it } from 'vitest';
import { aliasPattern } from '../../engine/src/extract/layout/labels.js';
import { findCurrencies } from '../../engine/src/extract/normalize/currency.js';
import { readSlip as read, readTillReceipt } from '../support/read-slip.js';

describe('Turkish slips', () => {
  it('matches a label written with the dotted capital İ, and its dotless ASCII print', () => {
    const re = aliasPattern('İşyeri no') as RegExp;
    expect('İŞYERİ NO: 000000384152077'.match(re)?.[0]).toBe('İŞYERİ NO');
    expect('ISYERI NO: 000000384152077'.match(aliasPattern('İşyeri no') as RegExp)?.[0]).toBe('ISYERI NO');
  });

  it('reads a bank terminal\'s sale: the shop under the bank, its numbers, chip and PIN, lira', () => {
    const ex = read(`GARANTI BBVA
KAPALIÇARŞI GÜMÜŞ EVİ
NURUOSMANİYE CAD. NO:42/B
34120 FATİH/İSTANBUL
ÜYE İŞYERİ NO: 000000912345678
TERMİNAL NO: GB001122
              SATIŞ
VISA ************1234
ÇİPLİ
TUTAR              1.240,00 TL
ONAY KODU: 407211
ŞİFRE İLE DOĞRULANMIŞTIR
     İŞLEM ONAYLANMIŞTIR
       MÜŞTERİ NÜSHASI`);
    expect(ex.data.merchant).toBe('KAPALIÇARŞI GÜMÜŞ EVİ');
    expect([ex.data.merchant_id, ex.data.terminal_id, ex.data.auth_code]).toEqual(['000000912345678', 'GB001122', '407211']);
    expect([ex.data.transaction_type, ex.data.amount, ex.data.currency]).toEqual(['sale', 1240, 'TRY']);
    expect([ex.data.entry_method, ex.data.verification_method, ex.data.approved]).toEqual(['chip', 'pin', true]);
  });

  it('reads a void, a decline and the national network', () => {
    expect(read(`SATIŞ İPTALİ\nMASTERCARD ************1234\nİPTAL TUTARI   650,00 TL\nİPTAL İŞLEMİ ONAYLANMIŞTIR`).data.transaction_type).toBe('void');
    expect(read(`SATIŞ\nVISA ************1234\nTUTAR  150,00 TL\nİŞLEM ONAYLANMADI`).data.approved).toBe(false);
    expect(read(`TROY  9792 03** **** 8825\nTEMASSIZ\nTUTAR  85,50 TL`).data.card_scheme).toBe('other');
  });

  it('reads TL only after a sum with its kuruş: a code ending in TL is none', () => {
    expect(findCurrencies('TOPLAM  1.240,00 TL').map((c) => c.code)).toEqual(['TRY']);
    expect(findCurrencies('AUT.CODE : ZVN4TL').map((c) => c.code)).toEqual([]);
  });

  it('reads the street word of a Turkish address, not a Canadian dollar, beside a lira total', () => {
    const till = readTillReceipt(`KORDON MARKET\nATATÜRK CAD. NO:12\n35210 KONAK/İZMİR\nEKMEK          15,00\nTOPLAM        *15,00 TL`);
    expect(till.data.currency).toBe('TRY');
  });
});

describe('the islands\' words', () => {
  it('reads a Greek no-verification line and an Andorran simplified ticket\'s number', () => {
    expect(read(`ΠΩΛΗΣΗ\nVISA ************1234\nΠΟΣΟ €18,40\nΧΩΡΙΣ ΕΠΑΛΗΘΕΥΣΗ ΚΑΤΟΧΟΥ ΚΑΡΤΑΣ`).data.verification_method).toBe('none');
    expect(readTillReceipt(`SUPERMERCAT\nTIQUET SIMPLIFICAT          Núm.: T01-0093412\nPA   1,20\nTOTAL   1,20`).data.receipt_number).toBe('T01-0093412');
  });
});
