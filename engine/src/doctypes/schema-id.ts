import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Definition } from '../contracts/definition.js';
import { canonicalJson } from './canonical-json.js';

/**
 * The stable id of a published version: `sch_` and 24 hex digits of a SHA-256 over who owns the
 * type (`scope`, e.g. an organization id), its key, the version number and the definition.
 * The same version always gets the same id; any other version a different one.
 */
export function schemaIdFor(scope: string, key: string, version: number, definition: Definition): string {
  const digest = sha256(utf8ToBytes(canonicalJson({ scope, key, version, definition })));
  return `sch_${bytesToHex(digest).slice(0, 24)}`;
}
