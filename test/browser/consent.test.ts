/** Consent Mode v2 in a real browser: the consent default first, non-personalised ads before consent, the consent platform first. */
import type { Page } from 'playwright-core';
import { consentDefaultOf } from '../../src/client/consent';
import { DEFAULT_CONSENT_REGIONS } from '../../src/shared/consent';
import { FIXTURE_CMP_SRC, type FakeGptLog, type FakeWindow } from './support/fakes';
import { useHarness } from './support/harness';

const harness = useHarness();

async function gptAfterLoad(page: Page): Promise<FakeGptLog> {
  await page.waitForFunction(() => (window as unknown as FakeWindow).__gpt?.servicesEnabled === true);
  return page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as FakeWindow).__gpt)) as FakeGptLog);
}

const dataLayerOf = (page: Page) => page.evaluate(() => ((window as unknown as FakeWindow).dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>)));

describe('a site without a consent platform', () => {
  it('makes the consent default the first data-layer entry, and asks GPT for non-personalised ads', async () => {
    const { page } = await harness.open({ viewport: { width: 1280, height: 900 } });
    await page.goto(harness.url('sub.example.com', '/article-1'));
    const gpt = await gptAfterLoad(page);
    expect((await dataLayerOf(page))[0]).toEqual(['consent', 'default', consentDefaultOf(DEFAULT_CONSENT_REGIONS)]);
    expect(gpt.requests.length).toBeGreaterThan(0);
    expect(gpt.requests.every((adRequest) => adRequest.npa)).toBe(true);
  });

  it('asks for personalised ads once a consent update grants them', async () => {
    const { page } = await harness.open({ viewport: { width: 1236, height: 900 } });
    await page.goto(harness.url('sub.example.com', '/article-1'));
    await gptAfterLoad(page);
    await page.evaluate(() => (window as unknown as FakeWindow).gtag?.('consent', 'update', { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' }));
    // Growing past the side-rail width makes a new ad request.
    await page.setViewportSize({ width: 1237, height: 900 });
    await page.waitForFunction(() => (window as unknown as FakeWindow).__gpt?.displayed.includes('ad-siderail_left'));
    const gpt = await gptAfterLoad(page);
    expect(gpt.requests.filter((adRequest) => adRequest.id !== 'ad-siderail_left').every((adRequest) => adRequest.npa)).toBe(true);
    expect(gpt.requests.find((adRequest) => adRequest.id === 'ad-siderail_left')).toEqual({ id: 'ad-siderail_left', npa: false });
  });
});

describe('a site with a consent platform (cmp_src)', () => {
  it('loads the platform before any Google tag, after the consent default; its update takes effect', async () => {
    const visit = await harness.open();
    await visit.page.goto(harness.url('example.com', '/'));
    const gpt = await gptAfterLoad(visit.page);
    const cmp = await visit.page.evaluate(() => (window as unknown as FakeWindow).__cmp);
    expect(cmp?.dataLayerAtLoad).toEqual([['consent', 'default', consentDefaultOf(['DE', 'FR', 'US-CA'])]]);
    expect(visit.thirdParty[0]).toBe(FIXTURE_CMP_SRC);
    expect(visit.thirdParty.slice(1).some((url) => url.includes('gpt.js'))).toBe(true);
    // The platform granted consent before GPT ran: the ad requests are personalised.
    expect(gpt.requests.length).toBeGreaterThan(0);
    expect(gpt.requests.every((adRequest) => !adRequest.npa)).toBe(true);
  });
});

describe('/fortified-portal', () => {
  it('has no data layer, no consent platform and no Google tag', async () => {
    const visit = await harness.open();
    await visit.page.goto(harness.url('example.com', '/fortified-portal'));
    await visit.page.waitForLoadState('load');
    expect(await visit.page.evaluate(() => (window as unknown as FakeWindow).dataLayer)).toBeUndefined();
    expect(visit.thirdParty).toEqual([]);
  });
});
