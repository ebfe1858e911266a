/** The one client entry: wakes up the interactive parts the server rendered, one module each. */
import { wireAds } from './ads';
import { wireAnalytics } from './analytics';
import { readAppState } from './app-state';
import { wireConsent } from './consent';
import { wireProgressBar } from './progress';
import { wireThemeToggle } from './theme';
import { wireVitals } from './vitals';

wireThemeToggle(document);
const state = readAppState(document);
if (state) {
  // First: the consent default is the data layer's first command, before any Google tag.
  const consent = wireConsent(window, state.consent);
  wireProgressBar(window, state.brandColor, state.basePath);
  wireAds(window, state, consent);
  const analytics = wireAnalytics(window, state, consent.ready);
  // Only where analytics runs: the site's property, after consent (never on /fortified-portal).
  if (analytics !== null) wireVitals(analytics, window.navigator.userAgent);
}
