import type { Definition } from '../../contracts/definition.js';
import { ServiceError } from '../../errors/service-error.js';
import { INVOICE } from './invoice.js';
import { PAYMENT_RECEIPT } from './payment-receipt.js';
import { RETAIL_RECEIPT } from './retail-receipt.js';

export const TEMPLATE_NAMES = ['payment_receipt', 'retail_receipt', 'invoice'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

const TEMPLATES: Record<TemplateName, Definition> = {
  payment_receipt: PAYMENT_RECEIPT,
  retail_receipt: RETAIL_RECEIPT,
  invoice: INVOICE,
};

/** Whether `name` is a built-in template's. */
export function isTemplateName(name: string): name is TemplateName {
  return (TEMPLATE_NAMES as readonly string[]).includes(name);
}

/** A built-in template's definition (a copy: callers may edit it into their own type); `unknown_template` otherwise. */
export function templateDefinition(name: string): Definition {
  if (!isTemplateName(name)) throw new ServiceError('unknown_template', { param: 'template' });
  return structuredClone(TEMPLATES[name]);
}
