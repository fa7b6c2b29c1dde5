/** An address a person could receive mail at: one `@`, a dotted domain, no spaces, at most 254 characters. */
export function validEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
}
