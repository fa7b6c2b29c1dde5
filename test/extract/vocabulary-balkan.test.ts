import { describe, expect, it } from 'vitest';
import { countryCurrency, findCurrencies } from '../../engine/src/extract/normalize/currency.js';
import { readSlip as read, readTillReceipt as readReceipt } from '../support/read-slip.js';

// Slips and till receipts in Bulgarian, Serbian (Cyrillic and Latin, Bosnian words too),
// Macedonian, Ukrainian and Albanian, read end to end by the words of bg.json, sr.json, mk.json,
// uk.json and sq.json and by the currency marks of those countries (`лв.`, `дин.`, `ден.`, `грн`,
// `Lekë`, `KM`).

const codes = (text: string) => findCurrencies(text).map((c) => c.code);

describe('Balkan and Ukrainian slips', () => {
  it('reads a Bulgarian sale slip (ПОКУПКА, ОДОБРЕНА, БОН №, КОД НА ОТОРИЗАЦИЯ) in leva', () => {
    const ex = read(`      ПЕКАРНА ЗЛАТЕН КЛАС
     бул. Витоша 118
        1463 София
--------------------------------
ПОКУПКА
ТЕРМИНАЛ:               BR771520
ТЪРГОВЕЦ:           400021887003
ДАТА: 04.10.2025      ЧАС: 08:12
БОН №:                    000418
VISA             ************5521
ЧИП
--------------------------------
СУМА:                  18,60 лв.
--------------------------------
КОД НА ОТОРИЗАЦИЯ:        K40219
         ОДОБРЕНА
     ПИН ВЕРИФИЦИРАН
     КОПИЕ ЗА КЛИЕНТА`);
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.amount).toBe(18.6);
    expect(ex.data.currency).toBe('BGN');
    expect(ex.data.receipt_number).toBe('000418');
    expect(ex.data.auth_code).toBe('K40219');
    expect(ex.data.terminal_id).toBe('BR771520');
    expect(ex.data.merchant_id).toBe('400021887003');
    expect(ex.data.verification_method).toBe('pin');
  });

  it('reads a Bulgarian refund (Връщане) with its receipt number and authorisation code', () => {
    const ex = read(`       ХОТЕЛ ЧЕРНО МОРЕ
     ул. Крайбрежна 3
        8000 Бургас
--------------------------------
ВРЪЩАНЕ
Терминал ID             BS302281
Дата 12.06.2025       Час 10:41
Бон номер                   0077
Mastercard   **** **** **** 8814
Безконтактно
--------------------------------
Сума               42,00 лв.
--------------------------------
Авт. код                  508812
Одобрена
КОПИЕ ЗА ТЪРГОВЕЦА`);
    expect(ex.data.transaction_type).toBe('refund');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.amount).toBe(42);
    expect(ex.data.currency).toBe('BGN');
    expect(ex.data.receipt_number).toBe('0077');
    expect(ex.data.auth_code).toBe('508812');
    expect(ex.data.entry_method).toBe('contactless');
  });

  it('reads a Serbian Cyrillic slip (ПРОДАЈА, ОДОБРЕНО, БРОЈ РАЧУНА) in dinars', () => {
    const ex = read(`        ПОСЛАСТИЧАРНИЦА ЗВЕЗДА
          Кнеза Милоша 9
           34000 Крагујевац
--------------------------------
ПРОДАЈА
Терминал:               KG550127
Трговац:            220044718801
Датум: 03.03.2026.  Време: 17:05
Број рачуна:                0219
MASTERCARD            ****7742
Бесконтактно
--------------------------------
ИЗНОС:              640,00 дин.
--------------------------------
Ауторизациони код:        771503
ОДОБРЕНО
КОПИЈА ЗА КУПЦА`);
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.amount).toBe(640);
    expect(ex.data.currency).toBe('RSD');
    expect(ex.data.receipt_number).toBe('0219');
    expect(ex.data.auth_code).toBe('771503');
    expect(ex.data.merchant_id).toBe('220044718801');
  });

  it('reads a Bosnian Latin slip (KUPOVINA, Trgovac, Autorizacioni kod) in convertible marks', () => {
    const ex = read(`        PEKARA SUNCE
       Titova 21
     75000 Tuzla
--------------------------------
KUPOVINA
Datum: 09.09.2026  Vrijeme: 07:48
Terminal:               TZ004411
Trgovac:            440011300271
Broj računa:                0051
VISA            ************3390
Beskontaktno
--------------------------------
IZNOS:                  12,40 KM
--------------------------------
Autorizacioni kod:        611928
ODOBRENO
Primerak za kupca`);
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.amount).toBe(12.4);
    expect(ex.data.currency).toBe('BAM');
    expect(ex.data.receipt_number).toBe('0051');
    expect(ex.data.auth_code).toBe('611928');
    expect(ex.data.merchant_id).toBe('440011300271');
  });

  it('reads a Macedonian slip (ПРОДАЖБА, Сметка бр., Авторизациски код) in denars', () => {
    const ex = read(`        КНИЖАРНИЦА ПРОСВЕТА
        ул. Илинденска 40
           7000 Битола
--------------------------------
ПРОДАЖБА
Терминал:               BT118205
Трговец:              0551203318
Датум: 22.04.2026   Време: 11:15
Сметка бр.:                 0093
VISA                 **** 6028
Бесконтактно
--------------------------------
ИЗНОС:            1.240,00 ден.
--------------------------------
Авторизациски код:        402277
ОДОБРЕНО
КОПИЈА ЗА КЛИЕНТОТ`);
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.amount).toBe(1240);
    expect(ex.data.currency).toBe('MKD');
    expect(ex.data.receipt_number).toBe('0093');
    expect(ex.data.auth_code).toBe('402277');
  });

  it('reads a Ukrainian refund (ПОВЕРНЕННЯ, СХВАЛЕНО, Чек №, Код авторизації) in hryvnias', () => {
    const ex = read(`         АПТЕКА ЛИСТОК
       вул. Сумська 14
        61000 Харків
--------------------------------
ПОВЕРНЕННЯ
Термінал:               HK228104
Торговець:            5500183321
Дата: 07.07.2026      Час: 19:02
Чек №:                      0183
VISA
**** **** **** 4471
Чип
--------------------------------
СУМА:                 312,50 грн
--------------------------------
Код авторизації:          209918
ТРАНЗАКЦІЮ СХВАЛЕНО
КОПІЯ КЛІЄНТА`);
    expect(ex.data.transaction_type).toBe('refund');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.amount).toBe(312.5);
    expect(ex.data.currency).toBe('UAH');
    expect(ex.data.receipt_number).toBe('0183');
    expect(ex.data.auth_code).toBe('209918');
    expect(ex.data.merchant_id).toBe('5500183321');
  });

  it('reads an Albanian slip (SHITJE, MIRATUAR, Nr. faturës, Kodi i autorizimit) in lekë', () => {
    const ex = read(`        PASTIÇERI DRITA
      Rruga Myslym Shyri 12
         1001 Tiranë
--------------------------------
SHITJE
Data: 14/02/2026      Ora: 09:30
Terminali:              TR550172
Tregtari:           770021458803
Nr. faturës:                0342
MASTERCARD      ************2207
Pa kontakt
--------------------------------
SHUMA:                 860,00 Lekë
--------------------------------
Kodi i autorizimit:       517306
MIRATUAR
Kopja e klientit`);
    expect(ex.data.transaction_type).toBe('sale');
    expect(ex.data.approved).toBe(true);
    expect(ex.data.amount).toBe(860);
    expect(ex.data.currency).toBe('ALL');
    expect(ex.data.receipt_number).toBe('0342');
    expect(ex.data.auth_code).toBe('517306');
    expect(ex.data.terminal_id).toBe('TR550172');
    expect(ex.data.entry_method).toBe('contactless');
  });
});

describe('Balkan till receipts', () => {
  it('reads a Bulgarian fiscal receipt: subtotal, VAT (ДДС), cash (В БРОЙ), change (РЕСТО) and cashier', () => {
    const ex = readReceipt(`      МАГАЗИН РОЗА ЕООД
     ул. Гладстон 7
       4000 Пловдив
-----------------------------------
ХЛЯБ ДОБРУДЖА               1,90 Б
СИРЕНЕ КРАВЕ 400Г           7,40 Б
ВОДА МИНЕРАЛНА 1,5Л         1,20 Б
-----------------------------------
МЕЖДИННА СУМА              10,50
ДДС Б = 20,00%              1,75
ОБЩА СУМА               10,50 лв.
В БРОЙ                  20,00 лв.
РЕСТО                    9,50 лв.
-----------------------------------
КАСИЕР: Мария
            ФИСКАЛЕН БОН`);
    expect(ex.data.amount).toBe(10.5);
    expect(ex.data.currency).toBe('BGN');
    expect(ex.data.subtotal).toBe(10.5);
    expect(ex.data.tax_amount).toBe(1.75);
    expect(ex.data.amount_tendered).toBe(20);
    expect(ex.data.change).toBe(9.5);
    expect(ex.data.cashier).toBe('Мария');
  });

  it('reads a Macedonian fiscal bill (ФИСКАЛНА СМЕТКА) with no currency printed: denars, ВКУПНО ДДВ, КУСУР', () => {
    const ex = readReceipt(`           КАФЕ БАР ЛИМЕНА
         ул. Партизанска 17
             1000 Скопје
----------------------------------------
             ФИСКАЛНА СМЕТКА
Сметка бр. 1207
Касиер: Горан
----------------------------------------
Макијато                   140,00 Б
Сок од портокал            180,00 Б
----------------------------------------
ВКУПНО                     320,00
ДДВ Б 10%                   29,09
ВКУПНО ДДВ                  29,09
ГОТОВИНА                   500,00
КУСУР                      180,00`);
    expect(ex.data.amount).toBe(320);
    expect(ex.data.currency).toBe('MKD');
    expect(ex.data.receipt_number).toBe('1207');
    expect(ex.data.tax_amount).toBe(29.09);
    expect(ex.data.amount_tendered).toBe(500);
    expect(ex.data.change).toBe(180);
    expect(ex.data.cashier).toBe('Горан');
  });

  it('reads an Albanian tax invoice (FATURË TATIMORE) with no currency printed: lekë, TVSH, TOTALI, Kusuri', () => {
    const ex = readReceipt(`        MINIMARKET BORA SHPK
       Rruga Kavajës 88
          1001 Tiranë
-------------------------------------------
           FATURË TATIMORE
Nr. faturës:            2207/2026/kx41
Data: 11.03.2026                   18:20
Arkëtar: Blerina
-------------------------------------------
Kafe 250g        1 x 420,00       420,00
Sheqer 1kg       1 x 130,00       130,00
-------------------------------------------
Vlera pa TVSH                     458,33
TVSH 20%                           91,67
TOTALI                            550,00
-------------------------------------------
Para në dorë                    1.000,00
Kusuri                            450,00`);
    expect(ex.data.amount).toBe(550);
    expect(ex.data.currency).toBe('ALL');
    expect(ex.data.receipt_number).toBe('2207/2026/kx41');
    expect(ex.data.subtotal).toBe(458.33);
    expect(ex.data.tax_amount).toBe(91.67);
    expect(ex.data.amount_tendered).toBe(1000);
    expect(ex.data.change).toBe(450);
    expect(ex.data.cashier).toBe('Blerina');
  });
});

describe('Balkan and Ukrainian currency marks', () => {
  it('reads the lev, dinar, denar, hryvnia, lek and convertible mark beside their sums', () => {
    expect(codes('СУМА: 86,40 лв.')).toEqual(['BGN']);
    expect(codes('ОБЩО 95,40 ЛВ')).toEqual(['BGN']);
    expect(codes('ИЗНОС: 640,00 дин.')).toEqual(['RSD']);
    expect(codes('ИЗНОС: 1.180,00 РСД')).toEqual(['RSD']);
    expect(codes('ИЗНОС: 2.480,00 ден.')).toEqual(['MKD']);
    expect(codes('СУМА: 185,00 грн')).toEqual(['UAH']);
    expect(codes('₴185.00')).toEqual(['UAH']);
    expect(codes('TOTALI 1.010,00 Lekë')).toEqual(['ALL']);
    expect(codes('SHUMA 1.450 Lek')).toEqual(['ALL']);
    expect(codes('IZNOS: 45,80 KM')).toEqual(['BAM']);
  });

  it('takes those marks beside a sum only, not as the words they also are: a day, kilometres, a drug maker', () => {
    // Macedonian and Bulgarian `ден` is a day; `KM` kilometres on a road or an odometer; `LEK` a maker's name.
    expect(codes('Пријатен ден! ВКУПНО 320,00 ден.')).toEqual(['MKD']);
    expect(codes('CTRA. N-432 KM 112 IZNOS 45,80 KM')).toEqual(['BAM']);
    expect(codes('Kilometraza: 125 KM, KM 45210, UKUPNO 30,00 KM')).toEqual(['BAM']);
    expect(codes('AMOXICILLIN LEK 500 MG 1.200 Lek')).toEqual(['ALL']);
  });

  it('gives Serbia, North Macedonia, Ukraine, Albania and Bosnia their currencies', () => {
    expect(['RS', 'MK', 'UA', 'AL', 'BA'].map((c) => countryCurrency(c))).toEqual(['RSD', 'MKD', 'UAH', 'ALL', 'BAM']);
  });
});

describe('Balkan and Ukrainian headers', () => {
  it('ends the address at the bank printed under the town, and reads a Cyrillic street with its company form and registration', () => {
    // The acquiring bank's name (acquirers.json) is no address line.
    const slip = read(`      КАФЕ ЛИПА
ул. Цар Шишман 12
1000 София
УНИКРЕДИТ БУЛБАНК
ПОКУПКА
VISA ************1234
СУМА: 12,40 лв.`);
    expect(slip.data.merchant_address).toBe('ул. Цар Шишман 12, 1000 София');
    // `ул.` opens a street; `ЕООД` is a company form; `ЕИК` a registration label.
    const till = readReceipt(`АПТЕКА ЛИПА 2010 ЕООД
ул. Александровска 12
8000 Бургас
ЕИК: 102880412
ХЛЯБ                 2,10 Б
ОБЩО                 2,10`);
    expect([till.data.merchant, till.data.merchant_address]).toEqual(['АПТЕКА ЛИПА 2010 ЕООД', 'ул. Александровска 12, 8000 Бургас']);
  });
});
