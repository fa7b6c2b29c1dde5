import { RE2JS } from 're2js';

/**
 * Patterns from document types (a field's `pattern`) come from users, so they are never run by
 * the backtracking RegExp engine: `^(a|a)*b$` against 31 `a` takes minutes there and stalls every
 * tenant sharing the event loop. RE2 (re2js, pure JavaScript, so the browser runtime runs the same
 * code) matches in time linear in the value's length whatever the pattern, which bounds every check.
 * RE2 has no look-around or back-references: definitions using them are refused (check-definition.ts).
 */
export interface UserPattern {
  /** Whether the pattern matches somewhere in the value (RegExp `test` semantics: anchors are the pattern's own). */
  test(value: string): boolean;
}

const compiled = new Map<string, UserPattern | null>();
const MAX_CACHED = 1000;

/** The pattern ready to run; null where RE2 cannot run it (a definition stored before such patterns were refused). */
export function userPattern(source: string): UserPattern | null {
  let p = compiled.get(source);
  if (p === undefined) {
    p = compile(source);
    // Definitions are few and long-lived; a flood of distinct ones only costs a recompile.
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(source, p);
  }
  return p;
}

/** Why RE2 cannot run the pattern (a sentence for `invalid_definition`), or null when it can. */
export function userPatternProblem(source: string): string | null {
  try {
    RE2JS.compile(source);
    return null;
  } catch {
    return 'pattern uses syntax that cannot be matched in linear time (look-around, back-references or another construct RE2 lacks), which is not allowed.';
  }
}

function compile(source: string): UserPattern | null {
  try {
    const re = RE2JS.compile(source);
    return { test: (value) => re.matcher(value).find() };
  } catch {
    return null;
  }
}
