/** Google Consent Mode v2 as the page uses it: what the server decides and the client applies. */

/**
 * Where consent defaults are "denied" unless the site lists its own regions: the EEA (the 27 EU
 * members, Iceland, Liechtenstein, Norway), the United Kingdom and Switzerland (ISO 3166-1).
 */
export const DEFAULT_CONSENT_REGIONS: readonly string[] = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'IS', 'LI', 'NO',
  'GB',
  'CH',
];

/** The consent part of the app-state: null where no Google tag may run (/fortified-portal). */
export interface ConsentSettings {
  /** ISO 3166 codes (`DE`, or a subdivision like `US-CA`) where the defaults are denied. */
  readonly regions: readonly string[];
  /** An https consent-management script loaded before any Google tag, or null. */
  readonly cmpSrc: string | null;
}
