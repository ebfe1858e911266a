/** The one client entry: wakes up the interactive parts the server rendered, one module each. */
import { wireAds } from './ads';
import { wireAnalytics } from './analytics';
import { readAppState } from './app-state';
import { wireProgressBar } from './progress';
import { wireThemeToggle } from './theme';

wireThemeToggle(document);
const state = readAppState(document);
if (state) {
  wireProgressBar(window, state.brandColor, state.basePath);
  wireAds(window, state);
  wireAnalytics(window, state);
}
