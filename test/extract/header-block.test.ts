import { describe, expect, it } from 'vitest';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { findHeaderBlock, formsReadBack, nameText, streetWords } from '../../engine/src/extract/find/header-block.js';
import { layoutDocument } from '../../engine/src/extract/layout/document-text.js';
import { receiptPage } from '../support/receipt-lines.js';

const header = (rows: string[]) => {
  const h = findHeaderBlock(layoutDocument(parseClientOcr(receiptPage(rows)).pages));
  return { name: h.name?.text ?? null, address: h.address?.text ?? null };
};

describe('findHeaderBlock', () => {
  it('takes the registered company under a brand line, without its registration number', () => {
    expect(header(['A PIE THING', 'FOUR QUARTERS SDN BHD (1079369-P)', 'No.128G JLN SS21/35', '47400 SELANGOR', 'GST NO : 001716617216', 'TAX INVOICE'])).toEqual({
      name: 'FOUR QUARTERS SDN BHD',
      address: 'No.128G JLN SS21/35, 47400 SELANGOR',
    });
  });

  it('joins a company form printed on its own row to the name above it', () => {
    expect(header(['POPULAR BOOK', 'CO. (M) SDN BHD', '(Co. No. 113825-W)', 'No 8, Jalan 7/118B, Desa Tun Razak', '56000 Kuala Lumpur, Malaysia', 'Tel : 03-9201 6281'])).toEqual({
      name: 'POPULAR BOOK CO. (M) SDN BHD',
      address: 'No 8, Jalan 7/118B, Desa Tun Razak, 56000 Kuala Lumpur, Malaysia',
    });
  });

  it('passes over registration rows and a date above the address, and stops at a bare phone number', () => {
    expect(header(['ADVANCO COMPANY', '05 Mar 2018 18:24', 'Company Reg. No. : 725186-V', 'NO 1&3, Jalan Wangsa Delima 12,', 'Wangsa Link, Wangsa Maju,', '53300 Kuala Lumpur', '03-41318972', 'TAX INVOICE'])).toEqual({
      name: 'ADVANCO COMPANY',
      address: 'NO 1&3, Jalan Wangsa Delima 12, Wangsa Link, Wangsa Maju, 53300 Kuala Lumpur',
    });
  });

  it('joins a branch or place name on a row of its own between the name and the street', () => {
    expect(header(['XIN WANG', 'ANCHORPOINT', '70 Alexandra Road', '#01-13/14 Anchorpoint', 'Tel: 5474 4498'])).toEqual({
      name: 'XIN WANG ANCHORPOINT',
      address: '70 Alexandra Road, #01-13/14 Anchorpoint',
    });
    // A name printed twice (logo, then text) is one name; a row that is no street below keeps the branch out.
    expect(header(['SAMCO', 'SAMCO', '1200 Main Street', 'Tel: 555 0100']).name).toBe('SAMCO');
    // A row with a company form, or one that repeats the brand, is the company behind it, no branch.
    expect(header(['SUPERMARCHE DU PARC', 'SAS DISTRIPARC', '18 avenue Jean Jaurès', '69007 LYON']).name).toBe('SAS DISTRIPARC');
    expect(header(['MONOPRIX', 'MONOPRIX EXPLOITATION', '71 rue Saint-Antoine', '75004 PARIS']).name).toBe('MONOPRIX');
    expect(header(['XIN WANG', 'ANCHORPOINT', 'GST Reg No. 20-0711630-D', '70 Alexandra Road']).name).toBe('XIN WANG');
  });

  it('takes the address printed under the name again further down, where the top gives none', () => {
    const rows = ['Your receipt from Grindstone Coffee Co.', '£14.30', 'Flat White   £3.60', 'Total   £14.30', 'Auth code: 194721', 'Grindstone Coffee Co.', '41 Cheapside', 'Sheffield S1 2BG'];
    expect(header(rows)).toEqual({ name: 'Grindstone Coffee Co.', address: '41 Cheapside, Sheffield S1 2BG' });
    // Under another name the block is another party's.
    expect(header([...rows.slice(0, 5), 'Harbour Roasters Ltd', '41 Cheapside', 'Sheffield S1 2BG']).address).toBe(null);
  });

  it('reads a Spanish quay as a street (Muelle de Levante)', () => {
    expect(header(['BAR EL MUELLE SL', 'Muelle de Levante, 3', '11500 El Puerto de Santa María', 'Tel. 956 54 12 00']).address).toBe('Muelle de Levante, 3, 11500 El Puerto de Santa María');
  });

  it('takes no owner line for the registered company below the brand (Inh. ... e.K.)', () => {
    expect(header(['Linden-Apotheke', 'Inh. Dr. Katrin Albers e.K.', 'Hauptstr. 5', '34117 Kassel']).name).toBe('Linden-Apotheke');
  });

  it('reads a name with a number in it above the street and the town (REMA 1000, 7-Eleven)', () => {
    expect(header(['REMA 1000 GRÜNERLØKKA', 'Thorvald Meyers gate 70', '0552 OSLO', 'Org.nr. 912 345 678 MVA'])).toEqual({
      name: 'REMA 1000 GRÜNERLØKKA',
      address: 'Thorvald Meyers gate 70, 0552 OSLO',
    });
    expect(header(['7-Eleven', 'Vesterbrogade 12', '1620 København V']).name).toBe('7-Eleven');
    // A house number and a hyphen before a unit letter is still a street (`12-A, JALAN ...`).
    expect(header(['KEDAI MAJU', '12-A, JALAN SS 2/24', '47300 PETALING JAYA']).address).toBe('12-A, JALAN SS 2/24, 47300 PETALING JAYA');
  });

  it('reads a company name with its company number on the same row as the name, without the number', () => {
    expect(header(['DION REALTIES SDN BHD (CO. NO:20154-T)', '(GST REGISTRATION NO : 000650247680)', 'MENARA DION #02-03, LEVEL 2,', '27, JALAN SULTAN ISMAIL,', '50250 KUALA LUMPUR.', 'TEL : + 6 03 2026 6386'])).toEqual({
      name: 'DION REALTIES SDN BHD',
      address: 'MENARA DION #02-03, LEVEL 2, 27, JALAN SULTAN ISMAIL, 50250 KUALA LUMPUR.',
    });
    // A company number row alone is still no name.
    expect(header(['COMPANY REG. NO.: 725186-V', 'ADVANCO COMPANY', 'NO 1&3, JALAN WANGSA DELIMA 12,', '53300 KUALA LUMPUR']).name).toBe('ADVANCO COMPANY');
  });

  it('keeps the town of a row that goes on with the phone number, and ends the address there', () => {
    expect(header(['MOONLIGHT CAKE HOUSE SDN BHD', 'NO.1, JALAN PERMAS 10/5, BANDAR BARU PERMAS JAYA', '81750 JOHOR BAHRU, JOHOR, TEL NO.: 07-387 3322', 'WWW.MOONLIGHTCAKE.COM']).address).toBe(
      'NO.1, JALAN PERMAS 10/5, BANDAR BARU PERMAS JAYA, 81750 JOHOR BAHRU, JOHOR',
    );
    // A row of contact details alone still ends it.
    expect(header(['EXAMPLE TRADING SDN BHD', '12, Jalan Besar,', '45600 Batang Berjuntai', 'TEL: 03-1234 5678']).address).toBe('12, Jalan Besar, 45600 Batang Berjuntai');
  });

  it('ends the address at a care line, passes over a registration number in angle brackets, and drops an address label', () => {
    expect(header(['MYNEWS RETAIL SB', 'UNIT 105, BLOCK A, PUSAT DAGANGAN PHILEO DAMANSARA,', 'NO.9, JALAN 16/11, 46350, PETALING JAYA, SELANGOR', 'MYNEWSCARELINE : 1800 88 1231']).address).toBe(
      'UNIT 105, BLOCK A, PUSAT DAGANGAN PHILEO DAMANSARA, NO.9, JALAN 16/11, 46350, PETALING JAYA, SELANGOR',
    );
    expect(header(['SUNFISH', '<484297-M>', '22 LRG PERUSAHAAN 4', 'KIMPAL INDS.PARK B. CAVES', 'TEL : 03-61855688']).address).toBe('22 LRG PERUSAHAAN 4, KIMPAL INDS.PARK B. CAVES');
    expect(header(['HAI-O RAYA BHD (169199-V)', 'HQ ADD: LOT 11995, BATU 2, JALAN KAPAR', '41400 KLANG, SELANGOR', 'DATE: 15/12/2016']).address).toBe('LOT 11995, BATU 2, JALAN KAPAR, 41400 KLANG, SELANGOR');
  });

  it('reads words with accented letters whole: a town or hotel ending in -tel is no phone label', () => {
    expect(header(['BOULANGERIE DU LAC', 'AV DE LA GARE 15', '2000 Neuchâtel', 'Tél: 032 725 11 11']).address).toBe('AV DE LA GARE 15, 2000 Neuchâtel');
    expect(header(['HÔTEL DU LAC', 'Rue du Château 4', '1820 Montreux', 'TEL 021 963 00 00'])).toEqual({ name: 'HÔTEL DU LAC', address: 'Rue du Château 4, 1820 Montreux' });
    // A phone label after an accented word still ends the address.
    expect(header(['CAFÉ NOIR', 'Grand-Rue 3', '2000 Neuchâtel TEL 032 725 00 00']).address).toBe('Grand-Rue 3, 2000 Neuchâtel');
  });

  it('ends the address at a phone label of any language (vocabulary `contact` words)', () => {
    expect(header(['BÄCKEREI MÜLLER', 'Marktgasse 9', '9000 St. Gallen', 'Telefon 071 222 33 44']).address).toBe('Marktgasse 9, 9000 St. Gallen');
    expect(header(['BÄCKEREI MÜLLER', 'Marktgasse 9', '9000 St. Gallen, Telefon 071 222 33 44']).address).toBe('Marktgasse 9, 9000 St. Gallen');
    expect(header(['KAHVILA AALTO', 'Aleksanterinkatu 15', '33100 TAMPERE', 'Puh. 03 123 4567']).address).toBe('Aleksanterinkatu 15, 33100 TAMPERE');
    expect(header(['BAGERIET', 'Vestergade 12', '8000 Aarhus C', 'Tlf: 86 12 34 56']).address).toBe('Vestergade 12, 8000 Aarhus C');
    // A label word inside a longer word is no label (`Telefonica`, `Hotel`).
    expect(header(['TELEFONICA SHOP', 'Hotel Plaza 3', '28013 Madrid']).address).toBe('Hotel Plaza 3, 28013 Madrid');
  });

  it('keeps a region with its country after the town', () => {
    expect(header(['BANH MI CAFE SDN BHD', 'NO. 1 JALAN PUTERI 7/10', 'BANDAR PUTERI, 47100 PUCHONG', 'SELANGOR, MALAYSIA', 'GUEST CHECK']).address).toBe('NO. 1 JALAN PUTERI 7/10, BANDAR PUTERI, 47100 PUCHONG, SELANGOR, MALAYSIA');
  });

  it('keeps a country, or one region row, after the postcode and town, and no branch line after them', () => {
    expect(header(['EXAMPLE TRADING SDN BHD', '12, Jalan Besar,', '45600 Batang Berjuntai', 'MALAYSIA', 'SUNWAY VELOCITY']).address).toBe('12, Jalan Besar, 45600 Batang Berjuntai, MALAYSIA');
    expect(header(['EXAMPLE TRADING SDN BHD', '12, Jalan Besar,', '45600 Batang Berjuntai', 'SELANGOR D.E.', 'SUNWAY VELOCITY']).address).toBe('12, Jalan Besar, 45600 Batang Berjuntai, SELANGOR D.E.');
    expect(header(['EXAMPLE TRADING SDN BHD', '12, Jalan Besar,', '45600 Batang Berjuntai', 'SELANGOR', 'SUNWAY']).address).toBe('12, Jalan Besar, 45600 Batang Berjuntai, SELANGOR');
    expect(header(['EXAMPLE TRADING SDN BHD', '12, Jalan Besar,', '45600 Batang Berjuntai', 'OPPOSITE THE OLD TOWN HALL']).address).toBe('12, Jalan Besar, 45600 Batang Berjuntai');
    expect(header(['EXAMPLE TRADING SDN BHD', '12, Jalan Besar,', '56000 Kuala Lumpur, Malaysia', 'SUNWAY VELOCITY']).address).toBe('12, Jalan Besar, 56000 Kuala Lumpur, Malaysia');
  });

  it('keeps a row that finishes the town with the country, and no label row as a region', () => {
    expect(header(['EXAMPLE SHOP SDN BHD', 'LOT 5-01, 6, JALAN 9/21A,', '53300 KUALA LUMPUR,', 'WILAYAH PERSEKUTUAN KUALA', 'LUMPUR, MALAYSIA.', 'INV NO # : 0042']).address).toBe(
      'LOT 5-01, 6, JALAN 9/21A, 53300 KUALA LUMPUR, WILAYAH PERSEKUTUAN KUALA, LUMPUR, MALAYSIA.',
    );
    expect(header(['EXAMPLE FUEL SDN BHD', 'LOT 77, MUKIM BATU', '16200 KOTA BARU, KELANTAN', 'PREPAY CHIT NUMBER', '29721']).address).toBe('LOT 77, MUKIM BATU, 16200 KOTA BARU, KELANTAN');
  });

  it('reads JL as a street word and a site name with its postcode and town as an address row, a site code as registration', () => {
    expect(header(['EXAMPLE BOOKS SDN BHD', 'K3-113, JL MERANTI', '80300 JOHOR BAHRU', 'H/P: 019-1234567']).address).toBe('K3-113, JL MERANTI, 80300 JOHOR BAHRU');
    expect(header(['EXAMPLE FARM TRADING', '12A TINGKAT BAWAH JALAN DURIAN', 'SITE C 45400 TANJUNG KARANG SELANGOR', 'TAX INVOICE']).address).toBe(
      '12A TINGKAT BAWAH JALAN DURIAN, SITE C 45400 TANJUNG KARANG SELANGOR',
    );
    expect(header(['EXAMPLE PETRO TRADING', 'LOT 12 JLN KLANG LAMA', 'SITE 2044', '58000 KUALA LUMPUR']).address).toBe('LOT 12 JLN KLANG LAMA');
  });

  it('ends the header at item rows with prices, so their codes are no postcodes, and at a label with a phone number', () => {
    expect(header(['EXAMPLE PHARMACY', 'EXAMPLE CARE STORES SDN BHD', 'GST REG NO. 000123456789', 'SUMMIT MALL, SUBANG', '22241 NAIL CLIPPER 18.00 S', '64542 TWEEZER 17.90 S'])).toEqual({
      name: 'EXAMPLE CARE STORES SDN BHD',
      address: null,
    });
    expect(header(['EXAMPLE NEWS SDN BHD', 'LOT R1, KWS REHAT PAGOH,', '84600,PAGOH,JOHOR', 'EXAMPLECARELLNE : 1800 88 1231']).address).toBe('LOT R1, KWS REHAT PAGOH, 84600,PAGOH,JOHOR');
  });

  it('takes rows of words just above the postcode and town into the address', () => {
    expect(header(['Example Realty Sdn. Bhd. (779763-K)', '(GST Registration No.: 001751072768)', 'Car Park Office, Basement 1,', 'Labuhraya Sprint, PJU6A,', '47400 Petaling Jaya, Selangor', 'Tel.: +603 7726 2929']).address).toBe(
      'Car Park Office, Basement 1, Labuhraya Sprint, PJU6A, 47400 Petaling Jaya, Selangor',
    );
  });

  it('skips till boilerplate above the name and reads Company No as a registration row', () => {
    expect(header(['Thank You. Please come again.', 'Goods Sold Are Not Returnable.', 'Example Cash & Carry Sdn.Bhd', '(317041-W)', 'PT17920, SEKSYEN U9,', '40150 SHAH ALAM']).name).toBe('Example Cash & Carry Sdn.Bhd');
    expect(header(['PROSPER EXAMPLE', 'Company No : SA0099552-P', 'LOT PT 1138', '43200 CHERAS, SELANGOR']).name).toBe('PROSPER EXAMPLE');
  });

  it('joins a name wrapped before its company form', () => {
    expect(header(['AIK EXAMPLE HARDWARE', 'ENTERPRISE (SETIA', 'ALAM) SDN BHD', '822737-X', 'NO. 17-G, JALAN SETIA INDAH', '40170 SHAH ALAM']).name).toBe('AIK EXAMPLE HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
  });

  it('joins the row that closes a parenthesis whose opening recognition lost', () => {
    expect(header(['AIK EXAMPLE HARDWARE', 'ENTERPRISE SETIA', 'ALAM) SDN BHD', '822737-X', 'NO. 17-G, JALAN SETIA INDAH', '40170 SHAH ALAM']).name).toBe('AIK EXAMPLE HARDWARE ENTERPRISE SETIA ALAM) SDN BHD');
    expect(header(['EXAMPLE TRADING', 'ENTERPRISE SETIA', 'ALAM SDN BHD', 'NO. 17-G, JALAN SETIA INDAH', '40170 SHAH ALAM']).name).not.toContain('ALAM');
  });

  it('starts below a title and ends where the body starts', () => {
    expect(header(['SIMPLIFIED TAX INVOICE', 'AA PHARMACY', 'B-8, JALAN SS15/4D,', '47500 SUBANG JAYA, SELANGOR', 'Receipt No : 123', 'ITEM QTY AMOUNT'])).toEqual({
      name: 'AA PHARMACY',
      address: 'B-8, JALAN SS15/4D, 47500 SUBANG JAYA, SELANGOR',
    });
  });

  it('cuts the registration number after the legal form, whatever was matched before', () => {
    expect(header(["KING'S CONFECTIONERY S/B 273500-U (KSB)", 'LOT 1, JALAN EXAMPLE,', '43300 SERI KEMBANGAN', 'TAX INVOICE']).name).toBe("KING'S CONFECTIONERY S/B");
  });

  it('joins the kind of business printed on its own row under or over the name', () => {
    expect(header(['CHO EUN', 'KOREAN RESTAURANT', '12 Main Street', 'London SW1A 1AA', 'Tel 020 7946 0000']).name).toBe('CHO EUN KOREAN RESTAURANT');
    expect(header(['RESTAURANTE', 'ENRIQUES', 'Calle Mayor 5', '28013 Madrid']).name).toBe('RESTAURANTE ENRIQUES');
    expect(header(['Zur Linde', 'Gaststätte', 'Hauptstraße 3', '80331 München']).name).toBe('Zur Linde Gaststätte');
    // A row of other words under the name stays apart: only a business kind joins it.
    expect(header(['CHO EUN', 'KOREAN FOOD AND DRINKS', '12 Main Street', 'London SW1A 1AA']).name).toBe('CHO EUN');
    // A tagline in another print is no part of the name: mixed case under capitals, or a lower-case word.
    expect(header(['THE CORNER CUPBOARD', 'Gift Shop & Cafe', '12 Main Street', 'York YO1 7HH']).name).toBe('THE CORNER CUPBOARD');
    expect(header(['Crumb & Kettle', 'Independent cafe & bakery', '12 Main Street', 'York YO1 7HH']).name).toBe('Crumb & Kettle');
  });

  it('joins a name in large print wrapped onto a second row, and takes no street line for a company', () => {
    const line = (text: string, y: number, height = 0.02) => ({ text, bounding_box: { x: 0.3, y, width: Math.min(0.6, text.length * 0.03), height } });
    const page = { width: 600, height: 1400, lines: [
      line('FIVE', 0.03, 0.045),
      line('GUYS', 0.08, 0.045),
      line('STORE # MN-1186', 0.14),
      // `SE` is south-east here, not a Societas Europaea.
      line('1413 Fourth St SE', 0.17),
      line('Minneapolis MN 55414', 0.2),
      line('Phone (612) 357-5600', 0.23),
      line('3/7/2017 11:34:32 AM', 0.26),
      line('Cheeseburger 8.59', 0.29),
    ] };
    const h = findHeaderBlock(layoutDocument(parseClientOcr(page).pages));
    expect(h.name?.text).toBe('FIVE GUYS');
    expect(h.address?.text).toBe('1413 Fourth St SE, Minneapolis MN 55414');
  });

  it('takes a brand in large print printed again on the page over an offer or slogan above it, and only then', () => {
    const line = (text: string, y: number, height = 0.018) => ({ text, bounding_box: { x: 0.2, y, width: Math.min(0.6, text.length * 0.02), height } });
    const read = (texts: [string, number?][]) =>
      findHeaderBlock(layoutDocument(parseClientOcr({ width: 600, height: 1400, lines: texts.map(([t, h], k) => line(t, 0.02 + 0.04 * k, h)) }).pages)).name?.text;
    const offer: [string, number?][] = [['Hllgher Standards'], ['meijer', 0.05], ['ower Prices'], ['SH IIN'], ['09/08/12'], ['BANANAS 1.29'], ['meijer.com']];
    expect(read(offer)).toBe('meijer');
    // Printed nowhere else, the large row is a logo's words and the first row stays the name.
    expect(read(offer.slice(0, -1))).toBe('Hllgher Standards');
    // The first row printed again is itself the brand.
    expect(read([['CAFE AURORA'], ['ESPRESSO', 0.05], ['Via Roma 12'], ['12/03/2025'], ['ESPRESSO 1.20'], ['cafe-aurora.it']])).toBe('CAFE AURORA');
  });

  it('reads a name printed twice on one row (two copies of a receipt side by side) once', () => {
    const cell = (text: string, x: number, confidence: number) => ({ text, confidence, bounding_box: { x, y: 0.02, width: 0.25, height: 0.02 } });
    const page = { width: 800, height: 1000, lines: [cell('Banco de Bogotă', 0.05, 0.9), cell('Banco de Bogotá', 0.55, 0.99), { text: 'CAJERO NRO:02773', bounding_box: { x: 0.05, y: 0.06, width: 0.3, height: 0.02 } }] };
    expect(findHeaderBlock(layoutDocument(parseClientOcr(page).pages)).name?.text).toBe('Banco de Bogotá');
  });

  it('reads a British postcode whose digits OCR read as letters, and ends the address after it', () => {
    expect(header(['HARRODS', '87-135 BROMPTON ROAD', 'LONDON SWIX 7XL', 'MID: ***81234 TID: ****5566', 'VISA'])).toEqual({
      name: 'HARRODS',
      address: '87-135 BROMPTON ROAD, LONDON SW1X 7XL',
    });
    expect(header(['THE ABBEY SHOP', '58 VICTORIA STREET', 'BATH BAI ILN', 'SALE']).address).toBe('58 VICTORIA STREET, BATH BA1 1LN');
    expect(header(['BLACKWELL BOOKS', 'Unit 4, Riverside Park', 'Oxford 0X1 3BQ', 'SALE']).address).toBe('Unit 4, Riverside Park, Oxford OX1 3BQ');
  });

  it('takes a street whose house number OCR lost, above a town with no street, and only there', () => {
    expect(header(['PHARMACIE DES HALLES', 'QUAI DES BATELIERS', '31000 TOULOUSE', 'N° CONTRAT 4465671033']).address).toBe('QUAI DES BATELIERS, 31000 TOULOUSE');
    // A name's second row opening with `Markt` stays out of an address that has its street.
    expect(header(['EDEKA', 'Markt Müller', 'Hauptstr. 1', '80331 München']).address).toBe('Hauptstr. 1, 80331 München');
  });

  it('reads a country OCR misread by one letter as the address\'s end', () => {
    const rows = (last: string) => ['MAJU HARDWARE SDN BHD', 'LOT 5, JALAN 8/27A,', '53300 KUALA LUMPUR', 'WILAYAH PERSEKUTUAN KUALA', last, 'INV NO # : 2000047293'];
    expect(header(rows('LUMPUR, MALAYSIAL.')).address).toBe('LOT 5, JALAN 8/27A, 53300 KUALA LUMPUR, WILAYAH PERSEKUTUAN KUALA, LUMPUR, MALAYSIAL.');
    // A row of other words after the region still ends it.
    expect(header(rows('LUMPUR, MAKANAN')).address).toBe('LOT 5, JALAN 8/27A, 53300 KUALA LUMPUR, WILAYAH PERSEKUTUAN KUALA');
  });

  it('finds no name in a page of figures', () => {
    expect(header(['12.00', '3 x 4', '0.50'])).toEqual({ name: null, address: null });
  });

  it('reads a bank printed with its accent above the shop as a slip row, and S.A.U. as a company form', () => {
    expect(header(['ČSOB', 'Kavárna Slavia', 'Smetanovo nábřeží 1012/2', '110 00 Praha 1', 'PRODEJ']).name).toBe('Kavárna Slavia');
    expect(nameText('DIA RETAIL ESPAÑA, S.A.U.')).toBe('DIA RETAIL ESPAÑA, S.A.U.');
  });

  it('joins a place under the name over a post-office box (B.P.)', () => {
    expect(header(['MAGASIN CHIN LEE', 'VAITAPE', 'B.P.198', '98730 BORA BORA', '67 73 86']).name).toBe('MAGASIN CHIN LEE VAITAPE');
  });

  it('takes a name whose words hold a street word above a street line of its own', () => {
    // Polish `al.` is a street word; the name still stands over the street and the town.
    expect(header(['OSTERIA DA ENZO AL 29', 'VIA DEI VASCELLARI 29', '00153 ROMA RM', 'P.IVA 12345670589', 'PAGAMENTO CONTACTLESS'])).toEqual({
      name: 'OSTERIA DA ENZO AL 29',
      address: 'VIA DEI VASCELLARI 29, 00153 ROMA RM',
    });
  });

  it('reads `Cono` as a word, not a company number label', () => {
    expect(header(['Gelateria Il Cono', 'Piazza delle Erbe 3, 37121 Verona', 'P.IVA 04455660231', 'Ricevuta n. 2871'])).toEqual({
      name: 'Gelateria Il Cono',
      address: 'Piazza delle Erbe 3, 37121 Verona',
    });
    expect(nameText('EXAMPLE TRADING CONO: 12345-X')).toBe('EXAMPLE TRADING');
  });

  it('reads Greek and Bulgarian addresses, the town before its postcode', () => {
    expect(header(['TAVERNA TO KOUTOUKI', 'Adrianou 52, Athina 105 55', '', 'SALE']).address).toBe('Adrianou 52, Athina 105 55');
    expect(header(['FLOWER STUDIO ROSA', 'bul. Vitosha 45, Sofia 1000', '', 'SALE']).address).toBe('bul. Vitosha 45, Sofia 1000');
  });

  it('keeps the place over an address that names no house yet (a mall, an airport)', () => {
    expect(header(['AUTOS COSTA DEL SOL S.L.', 'AEROPUERTO DE MALAGA T3', '29004 MALAGA', 'COMERCIO Nº: 108822014']).address).toBe('AEROPUERTO DE MALAGA T3, 29004 MALAGA');
    expect(header(['SPORT ZONE', 'CC COLOMBO LOJA 1.045', 'AV. LUSIADA', '1500-392 LISBOA', 'TPA: 02277154']).address).toBe('CC COLOMBO LOJA 1.045, AV. LUSIADA, 1500-392 LISBOA');
    // A town row with its street already holds the house: the row above stays out (a branch, a company).
    expect(header(['Jeronimo Martins Polska S.A.', 'BIEDRONKA NR 3321', 'UL. GRUNWALDZKA 82, 80-244 GDAŃSK', 'TID: 11223047']).address).toBe('UL. GRUNWALDZKA 82, 80-244 GDAŃSK');
    expect(header(['Kossuth Pékség és Kávézó', 'Pékmester Bt.', '6720 Szeged, Kárász u. 9.', 'Adószám: 21345678-2-06']).address).toBe('6720 Szeged, Kárász u. 9.');
  });

  it('ends the address at a blank line after the town', () => {
    // The row under the gap (a slip's copy heading) is no part of the shop's address.
    expect(header(['LADESTASJON NORD AS', 'Storgata 12', '0155 OSLO', '', 'KORTVERIFISERING', 'VISA'])).toEqual({
      name: 'LADESTASJON NORD AS',
      address: 'Storgata 12, 0155 OSLO',
    });
    // Without the gap, a row ending in a country still finishes the town above it.
    expect(header(['FARLEIGH FOOD & WINE', '22 Bath Road', 'Frome BA11 2HG', 'United Kingdom']).address).toBe('22 Bath Road, Frome BA11 2HG, United Kingdom');
  });
});

describe('nameText', () => {
  it.each([
    ['GARDENIA BAKERIES (KL) SDN BHD (139386 X)', 'GARDENIA BAKERIES (KL) SDN BHD'],
    ["KING'S CONFECTIONERY S/B 273500-U (KSB)", "KING'S CONFECTIONERY S/B"],
    ['AEON CO. (M) BHD. (126926-H)', 'AEON CO. (M) BHD.'],
    ['BLUEBELL & CO HOMEWARES', 'BLUEBELL & CO HOMEWARES'],
    ['GIN KEE & CO (12345-X)', 'GIN KEE & CO'],
    ['99 SPEED MART 5/B (519537-X)', '99 SPEED MART S/B'],
    ['B & BEST RESTAURANT', 'B & BEST RESTAURANT'],
    ['SHELL 24', 'SHELL 24'],
    ['#000002 BAIFU (M) SDN BHD', 'BAIFU (M) SDN BHD'],
    ['#1 NOODLE HOUSE', '#1 NOODLE HOUSE'],
    ['7-ELEVEN MALAYSIA SDN BHD', '7-ELEVEN MALAYSIA SDN BHD'],
  ])('%s -> %s', (text, name) => {
    expect(nameText(text)).toBe(name);
  });

  it.each([
    ['ALBERT HEIJN 1402', 'ALBERT HEIJN 1402', 'ALBERT HEIJN'],
    ['SHELL OIL 57442118', 'SHELL OIL 57442118', 'SHELL OIL'],
    ['KEDAI RUNCIT MAJU (519537-X)', 'KEDAI RUNCIT MAJU', 'KEDAI RUNCIT MAJU'],
    ['KEDAI RUNCIT MAJU 519537-X', 'KEDAI RUNCIT MAJU', 'KEDAI RUNCIT MAJU'],
  ])('as printed, %s keeps a branch number but no registration number: %s (classed as %s)', (text, printed, bare) => {
    expect(nameText(text, true)).toBe(printed);
    expect(nameText(text)).toBe(bare);
  });

  it('reads a branch number as part of the name at the top of a slip', () => {
    expect(header(['ALBERT HEIJN 1402', 'Ferdinand Bolstraat 70', '1072 LM Amsterdam']).name).toBe('ALBERT HEIJN 1402');
    expect(header(['SHELL OIL 57442118', '2200 W OLIVE AVE', 'BURBANK, CA 91506']).name).toBe('SHELL OIL 57442118');
  });
});

describe('streetWords', () => {
  it.each([
    ['No.1, Jin Puteri 1/6,', 'No.1, Jln Puteri 1/6,'],
    ['No: G3, BIk G, JIn PJU 1A/3,', 'No: G3, BLk G, JLn PJU 1A/3,'],
    ['OFF JIN BT 3 SUBANG,', 'OFF JLN BT 3 SUBANG,'],
    ['L0T 5, J1N MAWAR', 'L0T 5, JLN MAWAR'],
    ['Lot 3, Jalan Pelabur 23/1,', 'Lot 3, Jalan Pelabur 23/1,'],
    ['Ipoh, Perak', 'Ipoh, Perak'],
    ['1 Main St, Lin Hill', '1 Main St, Lin Hill'],
    ['Jinjang Utara', 'Jinjang Utara'],
    ['4-20, IALAN RIA 25/62', '4-20, JALAN RIA 25/62'],
    ['NO 2, |ALAN TEMENGGUNG', 'NO 2, JALAN TEMENGGUNG'],
    ['58 VICTORIA STREET, BATH BA1 1LN', '58 VICTORIA STREET, BATH BA1 1LN'],
    ['Ian Smith', 'Ian Smith'],
    ['12, JALAN TAMPOI 7/4,KAIWASAN PERINDUSTRIAN', '12, JALAN TAMPOI 7/4,KAWASAN PERINDUSTRIAN'],
    ['Kanasan Perindustrian', 'Kawasan Perindustrian'],
    ['Rua Estradas 4', 'Rua Estradas 4'],
    // Seven letters at least: a shorter street word is no target (`STREETS`), nor is a word two edits away.
    ['12 STREETS END', '12 STREETS END'],
    ['REVENUE HOUSE', 'REVENUE HOUSE'],
  ])('%j -> %j', (text, fixed) => {
    expect(streetWords(text)).toBe(fixed);
  });

  it('reads back digits inside the words of the name and the address, and letters inside their numbers', () => {
    expect(header(['AEON C0. (M) BHD', 'NO: 1, GROUND FL00R, JLN 7/1l8B,', '43200 CHERAS, SELANG0R'])).toEqual({
      name: 'AEON CO. (M) BHD',
      address: 'NO: 1, GROUND FLOOR, JLN 7/118B, 43200 CHERAS, SELANGOR',
    });
  });

  it('reads the street words of the header address back', () => {
    expect(header(['EXAMPLE TRADING SDN BHD', 'No.1, Jin Puteri 1/6,', '47100 Puchong, Selangor']).address).toBe('No.1, Jln Puteri 1/6, 47100 Puchong, Selangor');
  });
});

describe('formsReadBack', () => {
  it.each([
    ['99 SPEED MART 5/B', '99 SPEED MART S/B'],
    ['FRESH MART SDIN BHD', 'FRESH MART SDN BHD'],
    ['BEMED (SP) SDN. BH', 'BEMED (SP) SDN. BHD'],
    ['EXAMPLE SDN HD', 'EXAMPLE SDN BHD'],
    ['AEON CO. (M) HD (1292-H)', 'AEON CO. (M) BHD (1292-H)'],
    ['Segi Cash & Carry Sdn. Bhd.', 'Segi Cash & Carry Sdn. Bhd.'],
    ['ROOM 5/B12', 'ROOM 5/B12'],
    ['SHADE BH', 'SHADE BH'],
  ])('%j -> %j', (text, fixed) => {
    expect(formsReadBack(text)).toBe(fixed);
  });

  it('cuts a company number after the name, not at its `Co.`', () => {
    expect(nameText('DION REALTIES SDN BHD (CO. NO:20154-T)')).toBe('DION REALTIES SDN BHD');
    expect(nameText('EXAMPLE TRADING CO. REG NO 12345-X')).toBe('EXAMPLE TRADING');
  });

  it('lets the name be cut after the form read back', () => {
    expect(nameText('AEON CO. (M) HD (1292-H)')).toBe('AEON CO. (M) BHD');
  });
});
