/**
 * European address shapes from vocabulary/addresses.json: street words and suffixes
 * (`Götgatan 2`, `Schillerstr. 40`, `Rua Augusta 12`), postcodes with their towns in the
 * formats of the countries (`118 46 Stockholm`, `00-950 Warszawa`, `1011 AB Amsterdam`,
 * `1100-148 Lisboa`, `LONDON SW1X 7XL`), branch labels (`Filiale 1140`) and company forms
 * (`SE`, `AB`, `Oy`, `Sp. z o.o.`).
 */
import { escapeRegExp } from '../layout/labels.js';
import addresses from '../vocabulary/addresses.json' with { type: 'json' };

const words = (list: readonly string[]) => list.map((w) => escapeRegExp(w).replace(/\\\./g, '\\.?').replace(/ /g, '\\s*')).join('|');

// A street word standing with a house number before or after it.
const STREET_WORD = new RegExp(`(?<![\\p{L}])(?:${words(addresses.street_words)})\\.?(?![\\p{L}])`, 'iu');
// A word ending in a street suffix (`Schillerstr.`, `Hauptstraße`, `Götgatan`).
const STREET_SUFFIX = new RegExp(`\\p{L}{2,}(?:${words(addresses.street_suffixes)})\\.?(?![\\p{L}])`, 'iu');
const HOUSE_NUMBER = /(?<![\p{L}\p{N}])\d{1,4}\s?[a-zA-Z]?(?![\p{N}])/u;
const POSTCODE_TOWNS = addresses.postcode_towns.map((p) => new RegExp(p, 'u'));
const BRANCH = new RegExp(`^\\s*(?:${words(addresses.branch_labels)})\\.?\\s*(?:Nr\\.?|No\\.?|#)?\\s*:?\\s*\\d+\\s*$`, 'iu');
// A row that ends with a house number after words (`Marzahner Promenade 1 A`, `Götgatan 2`).
const ENDS_WITH_NUMBER = /^\p{L}[\p{L}'.-]*(?:\s+[\p{L}'.-]+)*\s+\d{1,4}(?:\s?[a-zA-Z])?\s*,?$/u;

// Words that open an address's line before a number (`Lote 5`, `LOT 12, JALAN ...`, `Unit 4`).
const ADDRESS_OPENERS: ReadonlySet<string> = new Set(addresses.address_openers.map((w) => w.toLowerCase()));

/** A word that opens an address's line before its number: as a label it names no slip's number there. */
export function isAddressOpener(word: string): boolean {
  return ADDRESS_OPENERS.has(word.trim().toLowerCase());
}

/** A street line of a European address: a street word or suffix with a house number. */
export function isEuropeanStreet(text: string): boolean {
  return (STREET_WORD.test(text) || STREET_SUFFIX.test(text)) && HOUSE_NUMBER.test(text);
}

/**
 * A row that opens with a street word (`QUAI DES BATELIERS`, `Rue de la Paix`): the street, where
 * recognition lost its house number, when a postcode and town follow.
 */
export function opensWithStreetWord(text: string): boolean {
  return STREET_WORD.exec(text.trim())?.index === 0;
}

/** A postcode with its town in one of the European formats the data file lists. */
export function isEuropeanPostcodeTown(text: string): boolean {
  return POSTCODE_TOWNS.some((re) => re.test(text));
}

// An Irish county after its town (`Castleisland, Co. Kerry`), as Irish addresses name the town's row.
const IRISH_COUNTY = new RegExp(`(?<![\\p{L}])Co\\.?\\s+(?:${words(addresses.irish_counties)})(?![\\p{L}])`, 'u');

/** The text without an Irish county (`Co. Kerry`), whose `Co.` is no company's form. */
export function withoutIrishCounty(text: string): string {
  return text.replace(IRISH_COUNTY, '');
}

/**
 * A British postcode whose digits recognition read as letters, or letters as digits (`SWIX 7XL` ->
 * `SW1X 7XL`, `BAI ILN` -> `BA1 1LN`, `0X1 3BQ` -> `OX1 3BQ`): a character in a place only a digit
 * can take (the outward code's first figure, the inward code's figure) read back as the digit it
 * resembles, and a zero in a place only a letter can take (the area, the unit) as an O.
 */
export function britishPostcodeReadBack(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}])([A-Z0]{1,2})([0-9IlO|])([A-Z0-9]?) ([0-9IlO|])([A-Z0]{2})(?![\p{L}\p{N}])/gu, (all, area: string, d1: string, rest: string, d2: string, unit: string) => {
    if (!/[A-Z]/u.test(area) || (/\d/u.test(d1) && /\d/u.test(d2) && !/0/u.test(area + unit))) return all;
    const digit = (c: string) => (c === 'O' ? '0' : /[Il|]/u.test(c) ? '1' : c);
    const letters = (t: string) => t.replace(/0/gu, 'O');
    return `${letters(area)}${digit(d1)}${rest} ${digit(d2)}${letters(unit)}`;
  });
}

/** A branch or till label with its number alone on a row (`Filiale 1140`): not an address. */
export function isBranchRow(text: string): boolean {
  return BRANCH.test(text);
}

/** A row that opens with a house number before its street's words (`14 Wyle Cop`, `27 RUE ESQUERMOISE`). */
export function opensWithHouseNumber(text: string): boolean {
  return /^\s*\d{1,4}[A-Za-z]?,?\s+\p{L}{2,}(?:[\s'.-]+\p{L}+)*\s*,?$/u.test(text);
}

/** Words and a house number: a street line when a postcode and town follow. */
export function endsWithHouseNumber(text: string): boolean {
  // A label and its number (`Beleg-Nr. 4821`, `No: 12`) is no street.
  return ENDS_WITH_NUMBER.test(text.trim()) && !/[:#]|(?<![\p{L}])(?:nr|no|n°|nº)\.?\s*\d/iu.test(text);
}

/**
 * The labels of company and tax registration numbers of the data file (`BTW`, `Org.nr`,
 * `P.IVA`, `SIRET`, `Y-tunnus`), as a pattern source: a row with one is no address line, and
 * the number after one is no phone number.
 */
export const REGISTRATION_LABELS = words(addresses.registration_labels);

/** The labels of a business's owner (`Inh.`, `Inhaber`, `Proprietor`), as a pattern source. */
export const OWNER_LABELS = words(addresses.owner_labels);

/** The company forms of the data file, as a pattern source to join with the engine's own. */
export const EXTRA_LEGAL_FORMS = words(addresses.legal_forms);

/** The street words of the address file (`Chaussee`, `Avenida`, `Steenweg`...). */
export function addressStreetWords(): readonly string[] {
  return addresses.street_words;
}
