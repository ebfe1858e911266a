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
