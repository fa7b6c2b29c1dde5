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
  // One separator lost to a space before a full year: `13/03 20 1 8`, `27 04/2 018` -> 13/03/2018.
  t = t.replace(/(?<![\p{N}])(\d{1,2})([/.-])(\d{1,2}) ((?:1 ?9|2 ?0)(?: ?\d){2})(?![\p{N}])/gu, (_, d, sep, m, y) => `${d}${sep}${m}${sep}${y.replace(/ /g, '')}`);
  t = t.replace(/(?<![\p{N}])(\d{1,2}) (\d{1,2})([/.-])((?:1 ?9|2 ?0)(?: ?\d){2})(?![\p{N}])/gu, (_, d, m, sep, y) => `${d}${sep}${m}${sep}${y.replace(/ /g, '')}`);
  // One separator lost outright before a full year: `13/032018`, `2704/2018` -> 13/03/2018, 27/04/2018
  // (day and month in range, so codes such as `1234/2018` stay).
  t = t.replace(/(?<![\p{N}/.-])(\d{2})([/.-])(\d{2})((?:19|20)\d\d)(?![\p{N}])/gu, (run, a, sep, b, y) => (dayMonth(a, b) ? `${a}${sep}${b}${sep}${y}` : run));
  t = t.replace(/(?<![\p{N}/.-])(\d{2})(\d{2})([/.-])((?:19|20)\d\d)(?![\p{N}])/gu, (run, a, b, sep, y) => (dayMonth(a, b) ? `${a}${sep}${b}${sep}${y}` : run));
  // A zero read for the O of October after a day: `10 0CT 2017`.
  t = t.replace(/(?<=\d[\s./-]?)0(?=CT\b)/giu, 'O');
  // A date and a time run together: `06-04-1816:46`.
  t = t.replace(/(?<![\p{N}])(\d{1,2}([/.-])\d{1,2}\2(?:\d{4}|\d{2}))(?=\d{1,2}:\d{2}(?!\d))/gu, '$1 ');
  // An amount after its currency, spaced out: `RM 5 1 . 3 0`, `R M8. 50` -> RM 51.30.
  t = t.replace(/\b(R ?M|\$|€|£) ?((?:\d ?){1,7}[.,] ?\d ?\d)(?![\p{N}])/gu, (_, cur: string, num: string) => `${cur.replace(/ /g, '')} ${num.replace(/ /g, '')}`);
  // Cents split from their first digit: `52.0 0`; a decimal point split from the whole part: `127 .35`.
  t = t.replace(/(?<=\d) (?=[.,]\d ?\d(?!\d))/g, '');
  t = t.replace(/(?<=\d[.,]\d) (?=\d(?!\d))/g, '');
  t = t.replace(/(?<=\d[.,]) (?=\d\d(?!\d))/g, '');
  // Spaces around a time's colon.
  t = t.replace(/(?<=\d) ?: ?(?=\d\d)/g, ':');
  return t;
}

/** Two numbers that can be a day and a month in either order. */
function dayMonth(a: string, b: string): boolean {
  const x = Number(a);
  const y = Number(b);
  return x >= 1 && y >= 1 && ((x <= 31 && y <= 12) || (x <= 12 && y <= 31));
}

/**
 * Dotted leaders between a label and its value (`Uhrzeit........20:17:44`, `TOTAL.........12,50`)
 * as spaces, one for each mark, so places in the line stay: the value then stands apart from its
 * label as printed with spaces.
 */
export function leadersAsSpaces(text: string): string {
  return text.replace(LEADER, (run) => ' '.repeat(run.length));
}

// Four marks or more, with single spaces or stray commas among them (`..... ....`, `...,....`);
// not right before four figures alone, a masked card number's (`...3567`, `....1234`).
const LEADER = /[.·…](?:[ ,]?[.·…]){3,}(?![ ,]?[.·…])(?!\d{4}(?!\d))/gu;

