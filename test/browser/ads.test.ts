/** Ads in a real browser: slots, side rails by width, reveal on render, the test unit, no ads where none belong. */
import type { Page } from 'playwright-core';
import { AD_SLOT_TYPES, TEST_AD_UNIT_PATH } from '../../src/shared/ads';
import type { FakeGptLog, FakeWindow } from './support/fakes';
import { startHarness, type Harness } from './support/harness';

jest.setTimeout(30_000);

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
}, 60_000);
afterAll(() => harness.close());
afterEach(async () => {
  expect(await harness.closeVisits()).toEqual([]);
});

async function gptAfterLoad(page: Page): Promise<FakeGptLog> {
  await page.waitForFunction(() => (window as unknown as FakeWindow).__gpt?.servicesEnabled === true);
  return page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as FakeWindow).__gpt)) as FakeGptLog);
}

const displayOf = (page: Page, selector: string) => page.$eval(selector, (element) => getComputedStyle(element).display);

describe('side rails', () => {
  it.each([
    ['/', 1537, true],
    ['/', 1536, false],
    ['/article-1', 1237, true],
    ['/article-1', 1236, false],
  ])('%s at %ipx wide: shown and defined = %p', async (path, width, shown) => {
    const { page } = await harness.open({ viewport: { width, height: 900 } });
    await page.goto(harness.url('sub.example.com', path));
    const gpt = await gptAfterLoad(page);
    expect(await displayOf(page, '.siderail-left')).toBe(shown ? 'block' : 'none');
    expect(gpt.defined.some((slot) => slot.id === 'ad-siderail_left')).toBe(shown);
    expect(gpt.displayed.includes('ad-siderail_left')).toBe(shown);
    // The other slots do not depend on the width.
    expect(gpt.defined.map((slot) => slot.id)).toEqual(expect.arrayContaining(['ad-banner_1', 'ad-popup']));
  });
});
