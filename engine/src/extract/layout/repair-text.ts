/**
 * Undoes the stray spaces recognition puts inside figures on receipts printed with wide letter
 * spacing: `15/0 1/2 01 8` -> `15/01/2018`, `52.0 0` -> `52.00`, `18 : 24` -> `18:24`. Only
 * spaces inside a figure go; a space between two figures (`2 9.90`, a quantity and a price) stays.
 */
export function repairFigures(text: string): string {
  let t = text;
  // Date-like runs: digits and spaces around two separators of one kind.
  t = t.replace(/(?<![\p{N}])\d[\d ]{0,3}([/.-]) ?[\d ]{1,4}\1 ?[\d ]{1,6}(?<=\d)/gu, (run) => {
    const joined = run.replace(/ /g, '');
    const m = /^\d{1,2}([/.-])\d{1,2}\1(\d{2}|\d{4})$/.exec(joined);
    if (!m) return run;
    // A year broken by spaces must be a four-digit 19xx or 20xx: `18 08` is a year and an hour.
    const yearPart = run.slice(run.lastIndexOf(m[1]) + 1);
    return yearPart.trim().includes(' ') && !/^(19|20)\d\d$/.test(m[2]) ? run : joined;
  });
  // A date and a time run together: `06-04-1816:46`.
  t = t.replace(/(?<![\p{N}])(\d{1,2}([/.-])\d{1,2}\2(?:\d{4}|\d{2}))(?=\d{1,2}:\d{2}(?!\d))/gu, '$1 ');
  // Cents split from their first digit: `52.0 0`.
  t = t.replace(/(?<=\d[.,]\d) (?=\d(?!\d))/g, '');
  // Spaces around a time's colon.
  t = t.replace(/(?<=\d) ?: ?(?=\d\d)/g, ':');
  return t;
}
