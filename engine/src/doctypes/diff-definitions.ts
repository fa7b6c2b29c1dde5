import type { Change, ChangeKind, Definition, FieldDefinition, RuleDefinition } from '../contracts/definition.js';
import { DEFINITION_LIMITS } from './limits.js';
import { canonicalJson } from './canonical-json.js';

export interface DefinitionDiff {
  changes: Change[];
  /** True when any change can break a consumer of the previous version's data. */
  breaking: boolean;
}

/**
 * What changed from `before` to `after`. A change is breaking when data valid under the old
 * schema, or code reading it, can stop working: a field removed or retyped, a value newly
 * required, an enum value gone, a stricter pattern or range, fewer array items. Additions,
 * wording, aliases and rules are not breaking: rules change checks and review, not data.
 */
export function diffDefinitions(before: Definition, after: Definition): DefinitionDiff {
  const changes: Change[] = [];
  const push = (kind: ChangeKind, path: string, breaking: boolean, value?: string) =>
    changes.push(value === undefined ? { kind, path, breaking } : { kind, path, breaking, value });
  if (before.name !== after.name) push('name_changed', '', false);
  if ((before.description ?? '') !== (after.description ?? '')) push('description_changed', '', false);
  diffFieldMaps(before.fields, after.fields, '', push);
  diffRules(before.rules ?? [], after.rules ?? [], push);
  return { changes, breaking: changes.some((c) => c.breaking) };
}

type Push = (kind: ChangeKind, path: string, breaking: boolean, value?: string) => void;

function diffFieldMaps(a: Record<string, FieldDefinition>, b: Record<string, FieldDefinition>, prefix: string, push: Push) {
  const at = (name: string) => (prefix === '' ? name : `${prefix}.${name}`);
  for (const name of Object.keys(a)) if (!(name in b)) push('field_removed', at(name), true);
  for (const name of Object.keys(b)) {
    if (!(name in a)) push('field_added', at(name), false);
    else diffField(a[name], b[name], at(name), push);
  }
}

function diffField(a: FieldDefinition, b: FieldDefinition, path: string, push: Push) {
  if (a.type !== b.type) {
    // Nothing below a retyped field compares meaningfully.
    push('type_changed', path, true);
    return;
  }
  if (!a.required && b.required) push('required_added', path, true);
  if (a.required && !b.required) push('required_removed', path, false);
  if ((a.description ?? '') !== (b.description ?? '')) push('description_changed', path, false);
  if (canonicalJson(a.aliases ?? []) !== canonicalJson(b.aliases ?? [])) push('aliases_changed', path, false);
  if (a.pattern === undefined && b.pattern !== undefined) push('pattern_added', path, true);
  else if (a.pattern !== undefined && b.pattern === undefined) push('pattern_removed', path, false);
  else if (a.pattern !== b.pattern) push('pattern_changed', path, true);
  const va = a.values ?? [];
  const vb = b.values ?? [];
  for (const v of va) if (!vb.includes(v)) push('enum_value_removed', path, true, v);
  for (const v of vb) if (!va.includes(v)) push('enum_value_added', path, false, v);
  if (a.minimum !== b.minimum || a.maximum !== b.maximum) {
    const narrower = tighter(a.minimum, b.minimum, 1) || tighter(a.maximum, b.maximum, -1);
    push('range_changed', path, narrower);
  }
  if (a.type === 'array') {
    const ma = a.max_items ?? DEFINITION_LIMITS.defaultMaxItems;
    const mb = b.max_items ?? DEFINITION_LIMITS.defaultMaxItems;
    if (ma !== mb) push('max_items_changed', path, mb < ma);
    if (a.items && b.items) diffField(a.items, b.items, `${path}[]`, push);
  }
  if (a.type === 'object') diffFieldMaps(a.fields ?? {}, b.fields ?? {}, path, push);
}

/** Whether bound `after` admits fewer values than `before` (sign 1: a minimum, -1: a maximum). */
function tighter(before: number | undefined, after: number | undefined, sign: 1 | -1): boolean {
  if (after === undefined) return false;
  if (before === undefined) return true;
  return sign * (after - before) > 0;
}

function diffRules(a: RuleDefinition[], b: RuleDefinition[], push: Push) {
  const byName = (rules: RuleDefinition[]) => new Map(rules.map((r) => [r.name, r]));
  const ra = byName(a);
  const rb = byName(b);
  for (const name of ra.keys()) if (!rb.has(name)) push('rule_removed', `rules.${name}`, false);
  for (const [name, rule] of rb) {
    const old = ra.get(name);
    if (!old) push('rule_added', `rules.${name}`, false);
    else if (canonicalJson(old) !== canonicalJson(rule)) push('rule_changed', `rules.${name}`, false);
  }
}
