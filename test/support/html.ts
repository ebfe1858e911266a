/** Parses an HTML answer with jsdom and reads the app-state. */
import { JSDOM } from 'jsdom';
import type { AppState } from '../../src/shared/app-state';

export function parseHtml(html: string): Document {
  return new JSDOM(html).window.document;
}

export function appStateOf(doc: Document): AppState {
  const text = doc.getElementById('app-state')?.textContent;
  if (!text) throw new Error('no app-state in the page');
  return JSON.parse(text) as AppState;
}

/** Parses an XML answer; throws when it is not well-formed. */
export function parseXml(xml: string): Document {
  const { DOMParser } = new JSDOM('').window;
  const parsed = new DOMParser().parseFromString(xml, 'application/xml');
  const error = parsed.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent ?? ''}`);
  return parsed;
}

/** The JSON-LD objects of a page, parsed. */
export function jsonLdOf(doc: Document): Record<string, unknown>[] {
  return [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>);
}
