/** The one client entry: wakes up the interactive parts the server rendered. */
import { readAppState } from './app-state';
import { wireThemeToggle } from './theme';

const state = readAppState(document);
if (state) wireThemeToggle(document);
