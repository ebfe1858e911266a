/**
 * Jest global setup of the browser tests: finds a Chromium once (scripts/lib/chromium.mjs) and
 * hands it to the test workers through the environment they inherit (read by ./harness.ts).
 * When none starts, the run stops here within seconds on one line saying why.
 */
import { findChromium } from '../../../scripts/lib/chromium.mjs';

export default async function findChromiumForTests() {
  const found = await findChromium().catch((error) => {
    // The reasons are the whole message; a stack into the finder would only hide them.
    error.stack = error.message;
    throw error;
  });
  process.env.QA_SITES_TEST_CHROMIUM = JSON.stringify(found);
}
