/**
 * The content path's length (decision 0335): how many folder lines of src/server a content
 * lookup crosses on its way from the Express step that asks to the data cache, counted on the
 * call stack at the cache (each frame grouped by src/server/<folder>; frames of libraries left
 * out). An uncached article's page makes six lookups (four of its site, the article, findnew),
 * each across one line: a concern's step and its loader are one folder (decision 0400), and the
 * next is content/'s. Half the 12 of the layer folders (middleware/ to site/ to upstream/).
 */
import request from 'supertest';
import type { DataCache } from '../../src/server/content/data-cache';
import { dataCacheOnTestClock } from '../support/data-cache';
import { startTestApp, type TestApp } from '../support/test-app';
import { PERSON } from '../support/user-agents';

/** The src/server folders of a stack's frames, outermost first. */
function foldersOf(stack: string): string[] {
  const folders: string[] = [];
  for (const line of stack.split('\n').slice(1)) {
    const match = /src\/server\/(?:([^/]+)\/|(app|index)\.tsx?:)/.exec(line);
    if (match) folders.push((match[1] ?? match[2]) as string);
  }
  return folders.reverse();
}

/** Folder lines crossed from the Express step that asks on: the frames after the typed chain's runner (http/steps.ts). */
function crossings(folders: readonly string[]): number {
  const way = folders.slice(folders.indexOf('http') + 1);
  return way.filter((folder, index) => index > 0 && folder !== way[index - 1]).length;
}

let t: TestApp;
const ways: { readonly key: string; readonly crossed: number }[] = [];
let recording = false;

beforeAll(async () => {
  const clock = dataCacheOnTestClock();
  t = await startTestApp({
    dataCache: (log, outage) => {
      const cache = clock.dataCache(log, outage);
      const fresh: DataCache['fresh'] = (kind, key) => {
        if (recording) {
          const limit = Error.stackTraceLimit;
          Error.stackTraceLimit = 200;
          ways.push({ key: key.slice(0, key.indexOf(':')), crossed: crossings(foldersOf(new Error().stack ?? '')) });
          Error.stackTraceLimit = limit;
        }
        return cache.fresh(kind, key);
      };
      return { ...cache, fresh };
    },
  });
});
afterAll(() => t.close());

it('an uncached article’s lookups cross at most 6 folder lines on their way to the data cache', async () => {
  // Another article of the host first: its site's lookups are kept, as in the long tail.
  expect((await request(t.app).get('/article-1').set('Host', 'example.com').set('User-Agent', PERSON)).status).toBe(200);
  recording = true;
  expect((await request(t.app).get('/article-2').set('Host', 'example.com').set('User-Agent', PERSON)).status).toBe(200);
  recording = false;
  expect(ways.map((way) => way.key)).toEqual(expect.arrayContaining(['articleBySlug', 'findNewArticles', 'globalSetting', 'subdomainsByHost']));
  expect(ways.reduce((sum, way) => sum + way.crossed, 0)).toBeLessThanOrEqual(6);
  // A lookup of the site's: the site's step and loader (site/), then the content API's view.
  for (const way of ways.filter((each) => each.key !== 'articleBySlug' && each.key !== 'findNewArticles')) expect(way.crossed).toBe(1);
});
