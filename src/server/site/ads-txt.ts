/**
 * ads.txt of a site (IAB Tech Lab ads.txt 1.1). Pure. The lines come from the setting's
 * `config.ads_txt`; each is checked on its own and a malformed one is dropped, so one typo
 * never takes the whole file (and the inventory it declares) down.
 */

/** Bounds: the largest publishers list a few thousand sellers; lines are short records. */
export const MAX_ADS_TXT_LINES = 10_000;
export const MAX_ADS_TXT_LINE_LENGTH = 1_000;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const ACCOUNT_ID = /^[^\s,;#=]{1,200}$/;
const RELATIONSHIP = /^(?:DIRECT|RESELLER)$/i;
const CERTIFICATION_AUTHORITY_ID = /^[a-z0-9]{1,64}$/i;
/** Printable text only: a line break inside a line would smuggle in another record. */
const PRINTABLE = /^[^\u0000-\u0008\u000A-\u001F\u007F]*$/;
const VARIABLE = /^([A-Za-z]+)=(.+)$/;

/** The variables of ads.txt 1.1 and the check of each one's value. */
const VARIABLES: Readonly<Record<string, (value: string) => boolean>> = {
  CONTACT: () => true,
  SUBDOMAIN: (value) => DOMAIN.test(value),
  INVENTORYPARTNERDOMAIN: (value) => DOMAIN.test(value),
  OWNERDOMAIN: (value) => DOMAIN.test(value),
  // A domain, optionally followed by the ISO country code of the market it manages.
  MANAGERDOMAIN: (value) => /^[^,]+(?:,\s*[a-z]{2})?$/i.test(value) && DOMAIN.test(value.split(',')[0]?.trim() ?? ''),
};

/** `domain, account id, DIRECT|RESELLER[, certification authority id][;extension]`. */
function isDataRecord(record: string): boolean {
  const [fields = ''] = record.split(';', 1);
  const [domain = '', account = '', relationship = '', authority, ...extra] = fields.split(',').map((field) => field.trim());
  if (extra.length > 0) return false;
  return DOMAIN.test(domain) && ACCOUNT_ID.test(account) && RELATIONSHIP.test(relationship) && (authority === undefined || CERTIFICATION_AUTHORITY_ID.test(authority));
}

function isVariable(record: string): boolean {
  const match = VARIABLE.exec(record);
  if (!match) return false;
  const check = VARIABLES[(match[1] ?? '').toUpperCase()];
  const value = (match[2] ?? '').trim();
  return check !== undefined && value !== '' && check(value);
}

/** True for a line an ads.txt crawler reads as meant: blank, a comment, a record or a variable. */
export function isValidAdsTxtLine(line: string): boolean {
  if (line.length > MAX_ADS_TXT_LINE_LENGTH || !PRINTABLE.test(line)) return false;
  // A comment runs from `#` to the end of the line, after a record or on its own.
  const record = line.split('#', 1)[0]?.trim() ?? '';
  if (record === '') return true;
  return isVariable(record) || isDataRecord(record);
}

export interface AdsTxtLines {
  /** The valid lines, trimmed, in their order. */
  readonly lines: readonly string[];
  /** What was dropped (non-strings shown as JSON), for the log. */
  readonly invalid: readonly string[];
}

/** The valid lines of a `config.ads_txt` value. Missing or null: none; not a list: all invalid. */
export function adsTxtLinesOf(value: unknown): AdsTxtLines {
  if (value === undefined || value === null) return { lines: [], invalid: [] };
  if (!Array.isArray(value)) return { lines: [], invalid: [describe(value)] };
  const lines: string[] = [];
  const invalid: string[] = [];
  for (const [index, line] of value.entries()) {
    if (typeof line === 'string' && index < MAX_ADS_TXT_LINES && isValidAdsTxtLine(line)) lines.push(line.trim());
    else invalid.push(typeof line === 'string' ? line : describe(line));
  }
  return { lines, invalid };
}

function describe(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** True when the lines hold something besides blanks and comments (a file worth serving). */
export function hasAdsTxtRecords(lines: readonly string[]): boolean {
  return lines.some((line) => (line.split('#', 1)[0]?.trim() ?? '') !== '');
}

/** The ads.txt part of a setting's config. */
interface AdsTxtConfig {
  readonly _id: string;
  readonly config: { readonly ads_txt?: unknown };
}

/** Where a site's ads.txt comes from: the record (by `_id`) and its raw `config.ads_txt`. */
export interface AdsTxtSource {
  readonly from: string;
  readonly value: unknown;
}

/**
 * The setting's list when it has one, else the global setting's (contract: the global list
 * applies when the resolved setting has none). "None" is missing, null or empty; a malformed
 * value is the setting's own, so a typo never hands the site the network's sellers.
 */
export function adsTxtSourceOf(setting: AdsTxtConfig, global: AdsTxtConfig | null | undefined): AdsTxtSource | null {
  if (hasList(setting.config.ads_txt)) return { from: setting._id, value: setting.config.ads_txt };
  if (global && hasList(global.config.ads_txt)) return { from: global._id, value: global.config.ads_txt };
  return null;
}

const hasList = (value: unknown) => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

/** The document: one line each, newline-terminated. */
export function adsTxtDocument(lines: readonly string[]): string {
  return `${lines.join('\n')}\n`;
}
