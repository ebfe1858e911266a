/** Reads the server's app-state JSON once. */
import { APP_STATE_ID, type AppState } from '../shared/app-state';

export function readAppState(doc: Document): AppState | null {
  const element = doc.getElementById(APP_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as AppState;
  } catch {
    return null;
  }
}
