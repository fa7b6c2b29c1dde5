/** Every capability (scope) of the spec, in its order. */
export const CAPABILITIES = [
  'documents.upload',
  'documents.extract',
  'documents.verify',
  'camera.capture',
  'adaptive_tiling',
  'ocr.basic',
  'schemas.read',
  'schemas.execute',
  'schemas.write',
  'webhooks.receive',
  'quality.telemetry',
  'usage.read',
  'client_tokens.create',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Never on a publishable key or a client token. */
export const SERVER_ONLY_CAPABILITIES: readonly Capability[] = ['schemas.write', 'webhooks.receive', 'usage.read', 'client_tokens.create'];

export const PUBLIC_CAPABILITIES: readonly Capability[] = CAPABILITIES.filter((c) => !SERVER_ONLY_CAPABILITIES.includes(c));

export function isCapability(value: unknown): value is Capability {
  return typeof value === 'string' && (CAPABILITIES as readonly string[]).includes(value);
}

/**
 * What a credential may do: a capability counts only when every layer (organization,
 * application, key, and a token's own list) holds it, so removing it from one layer removes it
 * from every key at once. Kept in the spec's order.
 */
export function effectiveCapabilities(...layers: readonly (readonly string[])[]): Capability[] {
  return CAPABILITIES.filter((c) => layers.every((layer) => layer.includes(c)));
}
