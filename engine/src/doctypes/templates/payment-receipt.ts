import type { Definition } from '../../contracts/definition.js';
import { CARD_SCHEMES, PAYMENT_METHODS } from '../known-values.js';

/** A card-payment slip as a payment terminal prints it. */
export const PAYMENT_RECEIPT: Definition = {
  name: 'Payment receipt',
  description: 'A card-payment slip printed by a payment terminal: who was paid, how much, when, and the card and approval details.',
  fields: {
    // Not required: many terminals print no trading name (the merchant id and the address say who
    // was paid), and the counter that scans its own slips knows it; a missing name is no reason
    // for a person to look (docs/document-types.md, Built-in templates).
    merchant: { type: 'string', description: 'Business name as printed at the top of the slip.' },
    merchant_address: { type: 'string', description: 'Street address of the merchant, lines joined with ", ".' },
    merchant_id: { type: 'string', description: 'Merchant identifier assigned by the acquirer.', aliases: ['MID', 'Merchant ID', 'Merchant No', 'Merchant #'] },
    terminal_id: { type: 'string', description: 'Terminal identifier.', aliases: ['TID', 'Terminal ID', 'Terminal', 'Term ID'] },
    transaction_type: {
      type: 'enum',
      values: ['sale', 'refund', 'void', 'pre_authorization', 'completion'],
      description: 'What the terminal did.',
      aliases: ['Sale', 'Purchase', 'Refund', 'Void', 'Pre-Auth'],
    },
    base_amount: { type: 'money', minimum: 0, description: 'Amount before tip and cashback, where the slip prints it.', aliases: ['Base', 'Base Amount', 'Sale Amount'] },
    tip: { type: 'money', minimum: 0, description: 'Gratuity added on the terminal.', aliases: ['Tip', 'Gratuity'] },
    cashback: { type: 'money', minimum: 0, description: 'Cash given back to the cardholder.', aliases: ['Cashback', 'Cash Back', 'Cash Out'] },
    amount: {
      type: 'money',
      required: true,
      minimum: 0,
      description: 'Total charged to the card.',
      aliases: ['Total', 'Amount', 'Total Amount', 'Jumlah', 'Montant', 'Betrag', 'Importe', 'Total Charged'],
    },
    currency: { type: 'currency', description: 'ISO 4217 code of the amounts.', aliases: ['Currency', 'CCY'] },
    transaction_date: { type: 'date', required: true, description: 'Date of the transaction, YYYY-MM-DD.', aliases: ['Date', 'Txn Date', 'Tarikh'] },
    transaction_time: { type: 'time', description: 'Time of the transaction, HH:MM.', aliases: ['Time', 'Masa'] },
    receipt_number: { type: 'string', description: 'Number of the slip or invoice on the terminal.', aliases: ['Receipt No', 'Receipt #', 'Invoice No', 'Inv No', 'Ticket'] },
    // A STAN has six figures; Swiss and Dutch terminals print their transaction counter with seven
    // or eight (`Trx. Seq-Cnt: 0004421`, `Transactie: 02004512`).
    trace_number: { type: 'string', pattern: '^[0-9]{1,8}$', description: 'System trace audit number (STAN) or the terminal\'s transaction counter.', aliases: ['Trace', 'Trace No', 'STAN'] },
    batch_number: { type: 'string', description: 'Settlement batch.', aliases: ['Batch', 'Batch No'] },
    rrn: { type: 'string', pattern: '^[0-9A-Za-z]{6,12}$', description: 'Retrieval reference number.', aliases: ['RRN', 'Ref No', 'Reference', 'Retrieval Ref'] },
    auth_code: { type: 'string', pattern: '^[0-9A-Za-z]{2,8}$', description: 'Approval code from the issuer.', aliases: ['Auth Code', 'Approval Code', 'APPR CODE', 'Auth No', 'Auth'] },
    payment_method: {
      type: 'enum',
      values: [...PAYMENT_METHODS],
      description: 'How the amount was paid.',
    },
    card_scheme: {
      type: 'enum',
      values: [...CARD_SCHEMES],
      description: 'Card network.',
      aliases: ['Card Type', 'Card'],
    },
    card_last_four: { type: 'string', pattern: '^[0-9]{4}$', description: 'Last four digits of the card number as printed (masked digits dropped).', aliases: ['Card No', 'Card Number', 'PAN', 'Acct'] },
    entry_method: {
      type: 'enum',
      values: ['chip', 'contactless', 'swipe', 'manual', 'fallback'],
      description: 'How the card was read.',
      aliases: ['Entry', 'Entry Mode', 'CHIP', 'CTLS', 'Contactless', 'Swiped'],
    },
    application_id: { type: 'string', pattern: '^[0-9A-F]{10,32}$', description: 'EMV application identifier (AID).', aliases: ['AID', 'App ID'] },
    application_label: { type: 'string', description: 'EMV application label, e.g. VISA CREDIT.', aliases: ['App Label', 'Application', 'APP'] },
    verification_method: {
      type: 'enum',
      values: ['pin', 'signature', 'cdcvm', 'none'],
      description: 'How the cardholder was verified.',
      aliases: ['PIN Verified', 'Signature', 'No CVM'],
    },
    approved: { type: 'boolean', description: 'Whether the transaction was approved.', aliases: ['Status', 'Result', 'Response', 'Approval'] },
  },
  rules: [
    { name: 'date_not_in_future', kind: 'not_in_future', field: 'transaction_date', description: 'A slip cannot be dated after today.' },
    { name: 'amount_adds_up', kind: 'sum', terms: ['base_amount', 'tip', 'cashback'], optional: ['tip', 'cashback'], equals: 'amount', tolerance: 0.01, description: 'Base amount, tip and cashback add up to the total.' },
    { name: 'card_last_four_format', kind: 'card_last_four', field: 'card_last_four' },
    { name: 'card_last_four_for_cards', kind: 'required_if', when: 'payment_method', equals: 'card', field: 'card_last_four', severity: 'warning' },
    { name: 'known_currency', kind: 'one_of', field: 'currency', list: 'iso_4217' },
  ],
};
