/**
 * E-invoice XML written for the tests, shaped as the standards' own examples are: Factur-X /
 * ZUGFeRD 2 CII, ZUGFeRD 1.0 CII, UBL 2.1 Invoice and CreditNote (XRechnung / Peppol BIS).
 */

export interface CiiLine {
  id: string;
  name: string;
  code?: string;
  quantity: string;
  unit: string;
  price: string;
  basis?: string;
  rate: string;
  total: string;
}

export const CII_LINES: CiiLine[] = [
  { id: '1', name: 'Trennblätter A4', code: 'TB100A4', quantity: '20.0000', unit: 'H87', price: '9.9000', rate: '19.00', total: '198.00' },
  { id: '2', name: 'Joghurt Banane', code: 'ARNR2', quantity: '50.0000', unit: 'H87', price: '5.5000', rate: '7.00', total: '275.00' },
];

function ciiLine(line: CiiLine): string {
  return `
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${line.id}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct>
        <ram:GlobalID schemeID="0160">4012345001235</ram:GlobalID>
        ${line.code ? `<ram:SellerAssignedID>${line.code}</ram:SellerAssignedID>` : ''}
        <ram:Name>${line.name}</ram:Name>
      </ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:GrossPriceProductTradePrice><ram:ChargeAmount>${line.price}</ram:ChargeAmount></ram:GrossPriceProductTradePrice>
        <ram:NetPriceProductTradePrice>
          <ram:ChargeAmount>${line.price}</ram:ChargeAmount>
          ${line.basis ? `<ram:BasisQuantity unitCode="${line.unit}">${line.basis}</ram:BasisQuantity>` : ''}
        </ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${line.unit}">${line.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${line.rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${line.total}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`;
}

export interface CiiOptions {
  lines?: CiiLine[];
  currency?: string;
  /** TaxTotalAmount elements as written, in order: `[amount, currencyID]`. */
  taxTotals?: [string, string | null][];
  taxCurrency?: string;
  /** Replaces the summation's amounts. */
  summation?: string;
  issueDate?: string;
  dateFormat?: string;
}

/** A Factur-X (EN 16931 profile) invoice in CII. */
export function ciiInvoice(options: CiiOptions = {}): string {
  const currency = options.currency ?? 'EUR';
  const taxTotals = options.taxTotals ?? [['56.87', currency]];
  const summation =
    options.summation ??
    `<ram:LineTotalAmount>473.00</ram:LineTotalAmount>
        <ram:ChargeTotalAmount>0.00</ram:ChargeTotalAmount>
        <ram:AllowanceTotalAmount>0.00</ram:AllowanceTotalAmount>
        <ram:TaxBasisTotalAmount>473.00</ram:TaxBasisTotalAmount>
        ${taxTotals.map(([amount, id]) => `<ram:TaxTotalAmount${id ? ` currencyID="${id}"` : ''}>${amount}</ram:TaxTotalAmount>`).join('\n        ')}
        <ram:GrandTotalAmount>529.87</ram:GrandTotalAmount>
        <ram:TotalPrepaidAmount>0.00</ram:TotalPrepaidAmount>
        <ram:DuePayableAmount>529.87</ram:DuePayableAmount>`;
  return `<?xml version='1.0' encoding='UTF-8' ?>
<!-- An invoice written for the tests -->
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>471102</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="${options.dateFormat ?? '102'}">${options.issueDate ?? '20180305'}</udt:DateTimeString></ram:IssueDateTime>
    <ram:IncludedNote><ram:Content>Rechnung gemäß Bestellung vom 01.03.2018.</ram:Content></ram:IncludedNote>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>${(options.lines ?? CII_LINES).map(ciiLine).join('')}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:BuyerReference>04011000-12345-34</ram:BuyerReference>
      <ram:SellerTradeParty>
        <ram:GlobalID schemeID="0088">4000001123452</ram:GlobalID>
        <ram:Name>Lieferant GmbH &amp; Co. KG</ram:Name>
        <ram:DefinedTradeContact>
          <ram:PersonName>Max Mustermann</ram:PersonName>
          <ram:TelephoneUniversalCommunication><ram:CompleteNumber>+49 89 123456</ram:CompleteNumber></ram:TelephoneUniversalCommunication>
          <ram:EmailURIUniversalCommunication><ram:URIID>rechnung@lieferant.de</ram:URIID></ram:EmailURIUniversalCommunication>
        </ram:DefinedTradeContact>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>80333</ram:PostcodeCode>
          <ram:LineOne>Lieferantenstra&#223;e 20</ram:LineOne>
          <ram:LineTwo>Hinterhaus</ram:LineTwo>
          <ram:CityName>München</ram:CityName>
          <ram:CountryID>DE</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">201/113/40209</ram:ID></ram:SpecifiedTaxRegistration>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        <ram:ID>GE2020211</ram:ID>
        <ram:Name>Kunden AG Mitte</ram:Name>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>69876</ram:PostcodeCode>
          <ram:LineOne>Kundenstraße 15</ram:LineOne>
          <ram:CityName>Frankfurt</ram:CityName>
          <ram:CountryID>DE</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE136695976</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:BuyerTradeParty>
      <ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>PO-2018-0815</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery>
      <ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">20180305</udt:DateTimeString></ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>
    </ram:ApplicableHeaderTradeDelivery>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:PaymentReference>RE 471102</ram:PaymentReference>
      ${options.taxCurrency ? `<ram:TaxCurrencyCode>${options.taxCurrency}</ram:TaxCurrencyCode>` : ''}
      <ram:InvoiceCurrencyCode>${currency}</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>58</ram:TypeCode>
        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
        <ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>BYLADEM1001</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>37.62</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>198.00</ram:BasisAmount>
        <ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19.00</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>19.25</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>275.00</ram:BasisAmount>
        <ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>7.00</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      <ram:SpecifiedTradePaymentTerms>
        <ram:Description>Zahlbar innerhalb 30 Tagen netto bis 04.04.2018,
          3% Skonto innerhalb 10 Tagen bis 15.03.2018</ram:Description>
        <ram:DueDateDateTime><udt:DateTimeString format="102">20180404</udt:DateTimeString></ram:DueDateDateTime>
      </ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        ${summation}
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}

/** A ZUGFeRD 1.0 (COMFORT) invoice: root CrossIndustryDocument, the 1.0 element names. */
export function zugferd1Invoice(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
  <rsm:SpecifiedExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:ferd:CrossIndustryDocument:invoice:1p0:comfort</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:SpecifiedExchangedDocumentContext>
  <rsm:HeaderExchangedDocument>
    <ram:ID>RE-20140703/502</ram:ID>
    <ram:Name>RECHNUNG</ram:Name>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20140703</udt:DateTimeString></ram:IssueDateTime>
  </rsm:HeaderExchangedDocument>
  <rsm:SpecifiedSupplyChainTradeTransaction>
    <ram:ApplicableSupplyChainTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>Bei Spiel GmbH</ram:Name>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>12345</ram:PostcodeCode><ram:LineOne>Ecke 12</ram:LineOne><ram:CityName>Stadthausen</ram:CityName><ram:CountryID>DE</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA"></ram:ID></ram:SpecifiedTaxRegistration>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">22/815/0815/4</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Theodor Est</ram:Name></ram:BuyerTradeParty>
      <ram:BuyerOrderReferencedDocument><ram:ID>B-4711</ram:ID></ram:BuyerOrderReferencedDocument>
    </ram:ApplicableSupplyChainTradeAgreement>
    <ram:ApplicableSupplyChainTradeSettlement>
      <ram:PaymentReference>RE-20140703/502</ram:PaymentReference>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>42</ram:TypeCode>
        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE88 2008 0000 0970 3757 00</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
        <ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>COBADEFXXX</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:SpecifiedTradePaymentTerms>
        <ram:Description>Zahlbar ohne Abzug bis zum 24.07.2014</ram:Description>
        <ram:DueDateDateTime><udt:DateTimeString format="102">20140724</udt:DateTimeString></ram:DueDateDateTime>
      </ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementMonetarySummation>
        <ram:LineTotalAmount currencyID="EUR">160.00</ram:LineTotalAmount>
        <ram:AllowanceTotalAmount currencyID="EUR">-10.00</ram:AllowanceTotalAmount>
        <ram:TaxBasisTotalAmount currencyID="EUR">150.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">10.50</ram:TaxTotalAmount>
        <ram:GrandTotalAmount currencyID="EUR">160.50</ram:GrandTotalAmount>
        <ram:TotalPrepaidAmount currencyID="EUR">60.50</ram:TotalPrepaidAmount>
        <ram:DuePayableAmount currencyID="EUR">100.00</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementMonetarySummation>
    </ram:ApplicableSupplyChainTradeSettlement>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:IncludedNote><ram:Content>Wie besprochen:</ram:Content></ram:IncludedNote></ram:AssociatedDocumentLineDocument>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedSupplyChainTradeAgreement>
        <ram:NetPriceProductTradePrice><ram:ChargeAmount currencyID="EUR">160.0000</ram:ChargeAmount><ram:BasisQuantity unitCode="HUR">1.0000</ram:BasisQuantity></ram:NetPriceProductTradePrice>
      </ram:SpecifiedSupplyChainTradeAgreement>
      <ram:SpecifiedSupplyChainTradeDelivery><ram:BilledQuantity unitCode="HUR">1.0000</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>
      <ram:SpecifiedSupplyChainTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:ApplicablePercent>7.00</ram:ApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">160.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation>
      </ram:SpecifiedSupplyChainTradeSettlement>
      <ram:SpecifiedTradeProduct><ram:SellerAssignedID>KG-1</ram:SellerAssignedID><ram:Name>Künstlerische Gestaltung (Stunde)</ram:Name></ram:SpecifiedTradeProduct>
    </ram:IncludedSupplyChainTradeLineItem>
  </rsm:SpecifiedSupplyChainTradeTransaction>
</rsm:CrossIndustryDocument>
`;
}

const UBL_NAMESPACES = `xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"`;

function ublParty(name: string, legal: string, vat: string, street: string, zone: string, city: string, country: string, contact: string): string {
  return `<cac:Party>
      <cbc:EndpointID schemeID="EM">${name.toLowerCase().replace(/\W+/g, '')}@peppol.example</cbc:EndpointID>
      <cac:PartyName><cbc:Name>${name}</cbc:Name></cac:PartyName>
      <cac:PostalAddress>
        <cbc:StreetName>${street}</cbc:StreetName>
        <cbc:CityName>${city}</cbc:CityName>
        <cbc:PostalZone>${zone}</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>${country}</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      <cac:PartyTaxScheme><cbc:CompanyID>${vat}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
      <cac:PartyLegalEntity><cbc:RegistrationName>${legal}</cbc:RegistrationName></cac:PartyLegalEntity>
      ${contact}
    </cac:Party>`;
}

/** An XRechnung 2 invoice in UBL 2.1, with `lines` invoice lines and, when `taxCurrency` is given, a second TaxTotal in it. */
export function ublInvoice(options: { lines?: number; taxCurrency?: string } = {}): string {
  const lines = Array.from({ length: options.lines ?? 2 }, (_, i) => {
    const quantity = i + 1;
    return `<cac:InvoiceLine>
    <cbc:ID>${i + 1}</cbc:ID>
    <cbc:InvoicedQuantity unitCode="HUR">${quantity}</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="EUR">${(quantity * 100).toFixed(2)}</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Description>Consulting, day ${i + 1}</cbc:Description>
      <cbc:Name>Consulting ${i + 1}</cbc:Name>
      <cac:SellersItemIdentification><cbc:ID>CONS-${i + 1}</cbc:ID></cac:SellersItemIdentification>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">100.00</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>`;
  }).join('\n  ');
  const net = Array.from({ length: options.lines ?? 2 }, (_, i) => (i + 1) * 100).reduce((a, b) => a + b, 0);
  const tax = Math.round(net * 19) / 100;
  const secondTax = options.taxCurrency ? `<cac:TaxTotal><cbc:TaxAmount currencyID="${options.taxCurrency}">${(tax * 1.1).toFixed(2)}</cbc:TaxAmount></cac:TaxTotal>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<ubl:Invoice xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ${UBL_NAMESPACES}>
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xoev-de:kosit:standard:xrechnung_2.3</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>INV-2023-0042</cbc:ID>
  <cbc:IssueDate>2023-05-17</cbc:IssueDate>
  <cbc:DueDate>2023-06-16</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:Note>Thank you for your order.</cbc:Note>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  ${options.taxCurrency ? `<cbc:TaxCurrencyCode>${options.taxCurrency}</cbc:TaxCurrencyCode>` : ''}
  <cbc:BuyerReference>991-01234-56</cbc:BuyerReference>
  <cac:OrderReference><cbc:ID>PO-77</cbc:ID></cac:OrderReference>
  <cac:AccountingSupplierParty>
    ${ublParty('Muster Consulting', 'Muster Consulting GmbH', 'DE987654321', 'Hauptstraße 1', '10115', 'Berlin', 'DE', '<cac:Contact><cbc:Name>Erika Muster</cbc:Name><cbc:Telephone>+49 30 1234567</cbc:Telephone><cbc:ElectronicMail>billing@muster.example</cbc:ElectronicMail></cac:Contact>')}
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>
    ${ublParty('Stadt Beispiel', 'Stadtverwaltung Beispiel', 'DE111222333', 'Rathausplatz 2', '50667', 'Köln', 'DE', '')}
  </cac:AccountingCustomerParty>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>
    <cbc:PaymentID>INV-2023-0042</cbc:PaymentID>
    <cac:PayeeFinancialAccount>
      <cbc:ID>DE75512108001245126199</cbc:ID>
      <cac:FinancialInstitutionBranch><cbc:ID>SOGEDEFFXXX</cbc:ID></cac:FinancialInstitutionBranch>
    </cac:PayeeFinancialAccount>
  </cac:PaymentMeans>
  <cac:PaymentTerms><cbc:Note>30 days net</cbc:Note></cac:PaymentTerms>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="EUR">${tax.toFixed(2)}</cbc:TaxAmount>
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="EUR">${net.toFixed(2)}</cbc:TaxableAmount>
      <cbc:TaxAmount currencyID="EUR">${tax.toFixed(2)}</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  ${secondTax}
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="EUR">${net.toFixed(2)}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">${net.toFixed(2)}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">${(net + tax).toFixed(2)}</cbc:TaxInclusiveAmount>
    <cbc:PrepaidAmount currencyID="EUR">0.00</cbc:PrepaidAmount>
    <cbc:PayableAmount currencyID="EUR">${(net + tax).toFixed(2)}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  ${lines}
</ubl:Invoice>
`;
}

/** A UBL 2.1 credit note: CreditNoteLine, CreditedQuantity, the due date in its payment means. */
export function ublCreditNote(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" ${UBL_NAMESPACES}>
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
  <cbc:ID>CN-0007</cbc:ID>
  <cbc:IssueDate>2023-07-01</cbc:IssueDate>
  <cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>
  <cbc:DocumentCurrencyCode>SEK</cbc:DocumentCurrencyCode>
  <cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>INV-0005</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>
  <cac:AccountingSupplierParty>
    <cac:Party>
      <cac:PartyName><cbc:Name>Nordic Supplies</cbc:Name></cac:PartyName>
      <cac:PostalAddress>
        <cbc:StreetName>Storgatan 5</cbc:StreetName>
        <cac:AddressLine><cbc:Line>Box 12</cbc:Line></cac:AddressLine>
        <cbc:CityName>Stockholm</cbc:CityName>
        <cbc:PostalZone>111 22</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>SE</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      <cac:PartyTaxScheme><cbc:CompanyID>SE556677889901</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    </cac:Party>
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>
    <cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Kund AB</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party>
  </cac:AccountingCustomerParty>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>
    <cbc:PaymentDueDate>2023-07-31</cbc:PaymentDueDate>
  </cac:PaymentMeans>
  <cac:AllowanceCharge>
    <cbc:ChargeIndicator>false</cbc:ChargeIndicator>
    <cbc:Amount currencyID="SEK">50.00</cbc:Amount>
  </cac:AllowanceCharge>
  <cac:TaxTotal><cbc:TaxAmount currencyID="SEK">112.50</cbc:TaxAmount></cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="SEK">500.00</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="SEK">450.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="SEK">562.50</cbc:TaxInclusiveAmount>
    <cbc:AllowanceTotalAmount currencyID="SEK">50.00</cbc:AllowanceTotalAmount>
    <cbc:PayableAmount currencyID="SEK">562.50</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:CreditNoteLine>
    <cbc:ID>1</cbc:ID>
    <cbc:CreditedQuantity unitCode="C62">4</cbc:CreditedQuantity>
    <cbc:LineExtensionAmount currencyID="SEK">500.00</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>Returned chairs</cbc:Name>
      <cac:StandardItemIdentification><cbc:ID schemeID="0160">7300000000017</cbc:ID></cac:StandardItemIdentification>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="SEK">250.00</cbc:PriceAmount><cbc:BaseQuantity unitCode="C62">2</cbc:BaseQuantity></cac:Price>
  </cac:CreditNoteLine>
</CreditNote>
`;
}
