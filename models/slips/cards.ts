/**
 * Card schemes as slips print them: names, EMV application ids, plausible number prefixes and
 * lengths, and the many ways terminals mask a card number.
 */
import type { Rng } from './rng.js';
import type { Scheme } from './facts.js';

interface SchemeInfo {
  /** Application labels and scheme names as printed. */
  names: readonly string[];
  aids: readonly string[];
  prefixes: readonly string[];
  lengths: readonly number[];
}

export const SCHEME_INFO: Record<Scheme, SchemeInfo> = {
  visa: { names: ['VISA', 'Visa', 'VISA DEBIT', 'Visa Debit', 'VISA CREDIT', 'VISA CLASSIC'], aids: ['A0000000031010'], prefixes: ['4539', '4176', '4921', '4462'], lengths: [16] },
  mastercard: { names: ['MASTERCARD', 'Mastercard', 'DEBIT MASTERCARD', 'MASTERCARD CREDIT', 'MC DEBIT'], aids: ['A0000000041010'], prefixes: ['5412', '5168', '2223', '5355'], lengths: [16] },
  maestro: { names: ['MAESTRO', 'Maestro'], aids: ['A0000000043060'], prefixes: ['6759', '5020', '6304'], lengths: [16, 18, 19] },
  amex: { names: ['AMEX', 'AMERICAN EXPRESS', 'American Express'], aids: ['A00000002501'], prefixes: ['3712', '3456', '3782'], lengths: [15] },
  girocard: { names: ['girocard', 'GIROCARD', 'Girocard'], aids: ['A0000003591010028001'], prefixes: ['6725', '6720', '6726'], lengths: [19] },
  cb: { names: ['CB', 'CARTE BANCAIRE', 'CB CONTACT', 'CB SANS CONTACT'], aids: ['A0000000421010'], prefixes: ['4970', '5132', '4973'], lengths: [16] },
  vpay: { names: ['V PAY', 'VPAY'], aids: ['A0000000032020'], prefixes: ['4871', '4550'], lengths: [16] },
  bancontact: { names: ['BANCONTACT', 'Bancontact'], aids: ['A0000000048002'], prefixes: ['6703'], lengths: [17] },
  discover: { names: ['DISCOVER', 'Discover'], aids: ['A0000001523010'], prefixes: ['6011', '6445'], lengths: [16] },
  jcb: { names: ['JCB'], aids: ['A0000000651010'], prefixes: ['3528', '3566'], lengths: [16] },
  unionpay: { names: ['UNIONPAY', 'UnionPay', 'UNIONPAY DEBIT'], aids: ['A000000333010101', 'A000000333010102'], prefixes: ['6212', '6250'], lengths: [16] },
  diners: { names: ['DINERS CLUB', 'Diners Club', 'DINERS'], aids: ['A0000001523010'], prefixes: ['3601', '3852'], lengths: [14] },
  interac: { names: ['INTERAC', 'Interac', 'INTERAC DEBIT'], aids: ['A0000002771010'], prefixes: ['4506', '5895'], lengths: [16] },
  eftpos: { names: ['EFTPOS', 'eftpos', 'EFTPOS SAV', 'EFTPOS CHQ'], aids: ['A00000038410', 'A00000038420'], prefixes: ['5163', '4622'], lengths: [16] },
};

/** Schemes by where the card is used; weights, roughly the mix at a European till. */
export function pickScheme(rng: Rng, country: string, family: string): Scheme {
  if (family === 'zvt' && country !== 'CH' && rng.chance(0.5)) return 'girocard';
  if (family === 'cb' && rng.chance(0.6)) return 'cb';
  if (country === 'BE' && rng.chance(0.4)) return 'bancontact';
  if (country === 'AU' && rng.chance(0.35)) return 'eftpos';
  if (country === 'CA' && rng.chance(0.4)) return 'interac';
  if (country === 'FR' && rng.chance(0.3)) return 'cb';
  const us = country === 'US';
  return rng.weighted<Scheme>([
    ['visa', 40], ['mastercard', 34], ['maestro', us ? 0 : 7], ['amex', us ? 10 : 5], ['vpay', ['DE', 'AT', 'IT'].includes(country) ? 4 : 0],
    ['discover', us ? 6 : 0.5], ['jcb', 1], ['unionpay', 1], ['diners', 1],
  ]);
}

/** A card number with a valid Luhn check digit, so masked forms with shown digits look right. */
export function makePan(rng: Rng, scheme: Scheme): string {
  const info = SCHEME_INFO[scheme];
  const length = rng.pick(info.lengths);
  let body = rng.pick(info.prefixes);
  while (body.length < length - 1) body += String(rng.int(0, 9));
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

export const MASK_STYLES = ['stars', 'stars-grouped', 'X', 'x-grouped', 'hash-expiry', 'ellipsis', 'dots', 'bin-grouped', 'bin-flat'] as const;
export type MaskStyle = (typeof MASK_STYLES)[number];

/** Groups of four from the left, the last four digits always a group of their own ("**** *** 1234" for 15 digits). */
const grouped = (hidden: string, last4: string) => `${hidden.replace(/(.{4})(?=.)/g, '$1 ')} ${last4}`;

/** The card number as printed: '************1234', '5412 75** **** 1234', '•••• 1234'... */
export function maskPan(pan: string, style: MaskStyle): string {
  const last4 = pan.slice(-4);
  const hidden = pan.length - 4;
  switch (style) {
    case 'stars': return '*'.repeat(hidden) + last4;
    case 'stars-grouped': return grouped('*'.repeat(hidden), last4);
    case 'X': return 'X'.repeat(hidden) + last4;
    case 'x-grouped': return grouped('x'.repeat(hidden), last4);
    // German ZVT prints a masked expiry after the number ("############1234 0000").
    case 'hash-expiry': return `${'#'.repeat(hidden)}${last4} 0000`;
    case 'ellipsis': return `…${last4}`;
    case 'dots': return `•••• ${last4}`;
    case 'bin-grouped': return grouped(pan.slice(0, 6) + '*'.repeat(hidden - 6), last4);
    case 'bin-flat': return pan.slice(0, 6) + '*'.repeat(hidden - 6) + last4;
  }
}
