/**
 * Field roles the layout model gives each text line (several at once where a line holds several
 * values: `Date 14/03/2025 Time 12:41` is a date and a time). A line with none is "other".
 * The order is the model's output order: append, never reorder, without retraining.
 */
export const ROLES = [
  'merchant',
  'address',
  'phone',
  'date',
  'time',
  'total',
  'subtotal',
  'tax',
  'item_description',
  'item_quantity',
  'item_price',
  'card_last_four',
  'auth_code',
  'receipt_number',
  'invoice_number',
] as const;

export type Role = (typeof ROLES)[number];
