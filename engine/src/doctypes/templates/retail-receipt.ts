import type { Definition } from '../../contracts/definition.js';
import { PAYMENT_METHODS } from '../known-values.js';

/** A till receipt from a shop, restaurant or petrol station, with its line items. */
export const RETAIL_RECEIPT: Definition = {
  name: 'Retail receipt',
  description: 'A till receipt: the merchant, what was bought, the totals and how it was paid.',
  fields: {
    merchant: { type: 'string', required: true, description: 'Business name as printed at the top of the receipt.' },
    merchant_address: { type: 'string', description: 'Street address of the store, lines joined with ", ".' },
    merchant_phone: { type: 'string', pattern: '^[+0-9 ().-]{5,25}$', description: 'Telephone number of the store.', aliases: ['Tel', 'Tel No', 'Phone', 'Telephone', 'Tel.'] },
    merchant_tax_id: {
      type: 'string',
      description: 'Tax registration of the merchant (VAT, GST, SST or company number).',
      aliases: ['GST No', 'GST Reg No', 'GST ID', 'VAT No', 'VAT Reg', 'Tax ID', 'SST No', 'TIN', 'ABN', 'Co. Reg', 'Company No'],
    },
    transaction_date: { type: 'date', required: true, description: 'Date of the purchase, YYYY-MM-DD.', aliases: ['Date', 'Tarikh', 'Datum', 'Fecha'] },
    transaction_time: { type: 'time', description: 'Time of the purchase, HH:MM.', aliases: ['Time', 'Masa'] },
    receipt_number: {
      type: 'string',
      description: 'Number of the receipt or bill.',
      aliases: ['Receipt No', 'Receipt #', 'Invoice No', 'Bill No', 'Doc No', 'Ticket No', 'Trans No', 'No Resit', 'Cash Bill No'],
    },
    cashier: { type: 'string', description: 'Cashier or server named on the receipt.', aliases: ['Cashier', 'Served by', 'Server', 'Operator'] },
    currency: { type: 'currency', description: 'ISO 4217 code of the amounts.', aliases: ['Currency'] },
    line_items: {
      type: 'array',
      max_items: 100,
      description: 'The goods and services bought, one entry per printed line.',
      items: {
        type: 'object',
        fields: {
          description: { type: 'string', description: 'Name of the item as printed.', aliases: ['Description', 'Item', 'Items', 'Product'] },
          product_code: { type: 'string', description: 'SKU, barcode or article number.', aliases: ['SKU', 'Code', 'Item Code', 'Art. No'] },
          quantity: { type: 'number', minimum: 0, description: 'Units bought (may be a weight).', aliases: ['Qty', 'Quantity', 'Kuantiti'] },
          unit_price: { type: 'money', description: 'Price of one unit.', aliases: ['Price', 'Unit Price', 'U.Price', 'Harga'] },
          amount: { type: 'money', description: 'Total of the line.', aliases: ['Amount', 'Amt', 'Total', 'Jumlah'] },
        },
      },
    },
    subtotal: { type: 'money', description: 'Sum of the items before tax, tip and rounding.', aliases: ['Subtotal', 'Sub Total', 'Sub-total', 'Total Excl. Tax', 'Net'] },
    discount: { type: 'money', minimum: 0, description: 'Discount on the whole receipt, as a positive amount.', aliases: ['Discount', 'Disc', 'Savings', 'Promotion'] },
    tax_amount: { type: 'money', minimum: 0, description: 'Tax charged (VAT, GST, SST, sales tax).', aliases: ['Tax', 'VAT', 'GST', 'SST', 'Sales Tax', 'Total GST', 'Service Tax'] },
    tax_rate: { type: 'number', minimum: 0, maximum: 100, description: 'Tax rate in percent.', aliases: ['Tax Rate', 'VAT %', 'GST @'] },
    tip: { type: 'money', minimum: 0, description: 'Gratuity or service charge.', aliases: ['Tip', 'Gratuity', 'Service Charge', 'Svc Chg'] },
    rounding: { type: 'money', description: 'Rounding adjustment (positive or negative).', aliases: ['Rounding', 'Rounding Adj', 'Round Adj', 'Adjustment'] },
    amount: {
      type: 'money',
      required: true,
      minimum: 0,
      description: 'The total paid.',
      aliases: ['Total', 'Grand Total', 'Total Amount', 'Amount Due', 'Total Due', 'Nett Total', 'Total (RM)', 'Jumlah', 'Balance Due', 'Total Payable'],
    },
    amount_tendered: { type: 'money', minimum: 0, description: 'Cash or card amount handed over.', aliases: ['Cash', 'Tendered', 'Paid', 'Amount Paid', 'Tunai'] },
    change: { type: 'money', minimum: 0, description: 'Change given back.', aliases: ['Change', 'Change Due', 'Baki'] },
    payment_method: {
      type: 'enum',
      values: [...PAYMENT_METHODS],
      description: 'How the total was paid.',
      aliases: ['Payment', 'Paid by', 'Tender'],
    },
    card_last_four: { type: 'string', pattern: '^[0-9]{4}$', description: 'Last four digits of the card, when paid by card.', aliases: ['Card No', 'Card', 'Acct'] },
  },
  rules: [
    { name: 'date_not_in_future', kind: 'not_in_future', field: 'transaction_date', description: 'A receipt cannot be dated after today.' },
    {
      name: 'line_items_add_up',
      kind: 'sum',
      terms: ['line_items[].amount'],
      equals: 'subtotal',
      tolerance: 0.05,
      severity: 'warning',
      description: 'The line items add up to the subtotal.',
    },
    {
      name: 'totals_add_up',
      kind: 'sum',
      terms: ['subtotal', 'tax_amount', 'tip', 'rounding'],
      minus: ['discount'],
      optional: ['tax_amount', 'tip', 'rounding', 'discount'],
      equals: 'amount',
      tolerance: 0.01,
      // Many receipts print a subtotal that already includes tax: a mismatch is worth showing, not a review.
      severity: 'warning',
      description: 'Subtotal plus tax, tip and rounding, less discount, equals the total.',
    },
    { name: 'line_amount', kind: 'product', factors: ['line_items[].quantity', 'line_items[].unit_price'], equals: 'line_items[].amount', tolerance: 0.01, severity: 'warning' },
    { name: 'change_adds_up', kind: 'sum', terms: ['amount', 'change'], equals: 'amount_tendered', tolerance: 0.01, severity: 'warning', description: 'Total plus change equals the amount tendered.' },
    { name: 'card_last_four_format', kind: 'card_last_four', field: 'card_last_four' },
    { name: 'known_currency', kind: 'one_of', field: 'currency', list: 'iso_4217' },
  ],
};
