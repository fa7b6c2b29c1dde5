// Users' patterns run in linear time (engine/src/doctypes/user-pattern.ts): RegExp semantics for
// what they match, no backtracking for what they cannot.
import { describe, expect, it } from 'vitest';
import { userPattern, userPatternProblem } from '../../engine/src/doctypes/user-pattern.js';
import { definitionProblems } from '../../engine/src/doctypes/check-definition.js';

describe('userPattern', () => {
  it('matches as RegExp.test does: anywhere unless anchored, Unicode classes included', () => {
    expect(userPattern('^[+0-9 ().-]{5,25}$')?.test('+49 (30) 123-45')).toBe(true);
    expect(userPattern('^[+0-9 ().-]{5,25}$')?.test('call +49 30 12345')).toBe(false);
    expect(userPattern('[0-9]{4}')?.test('card 1234 end')).toBe(true);
    expect(userPattern('^\\p{Lu}\\p{Ll}+$')?.test('Łódź')).toBe(true);
  });

  it('answers an ambiguous pattern against a hostile value at once', () => {
    const re = userPattern('^(a|a)*b$');
    expect(re).not.toBeNull();
    const started = performance.now();
    expect(re?.test('a'.repeat(31))).toBe(false);
    expect(re?.test('a'.repeat(100_000))).toBe(false);
    expect(re?.test('aaab')).toBe(true);
    // RegExp takes minutes on the first value alone.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('has no runner for look-around or back-references, and says so', () => {
    expect(userPattern('^(?=a)a$')).toBeNull();
    expect(userPatternProblem('^(a)\\1$')).toMatch(/linear time/);
    expect(userPatternProblem('^[A-Z]{2}[0-9]+$')).toBeNull();
  });

  it('is refused in a definition when RE2 cannot run it', () => {
    const problems = definitionProblems({ name: 'x', fields: { code: { type: 'string', pattern: '^(?!0)[0-9]+$' } } });
    expect(problems).toEqual([expect.objectContaining({ path: 'fields.code.pattern', message: expect.stringMatching(/linear time/) })]);
  });
});
