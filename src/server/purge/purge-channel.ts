/**
 * One purge for the whole deployment (CACHE_URL): POST /purge on any instance drops what it
 * names from the shared tier (by tag, or everything with a new generation) and tells every
 * instance on the store's channel, where each drops it from its own caches (the purger) and
 * drops the shared tier's entries of the tags it knows of too: its kept site lookups may name
 * scopes the sender's did not, and a fetch that was in flight at the sender's drop may have
 * stored its answer since. An instance whose subscription was lost drops its whole first tier
 * once it is back, unless the store's count of announced purges shows it heard every one (the
 * same run of the store, no count unheard: store.ts). Without CACHE_URL none of this is built
 * and a purge reaches only the instance it is sent to.
 */
import type { Logger } from 'pino';
import type { SharedStore } from '../shared-cache/store';
import type { Purger } from './purger';
import { purgeBodyOf, purgeRequestOf, type PurgeRequest } from './purge-request';
import { LOG_EVENTS } from '../http/log-events';

/** Whether the deployment's purge went through: dropped from the shared tier and told to every instance. */
export type SharedPurgeOutcome = 'purged' | 'unavailable';

export interface PurgeChannel {
  /** `setting`: the one this instance found for the host (purger.ts), for the instances that keep no lookup of it. */
  announce(request: PurgeRequest, setting: string | null): Promise<SharedPurgeOutcome>;
}

export interface PurgeChannelDeps {
  readonly store: SharedStore;
  /** This instance's caches. */
  readonly purge: Purger;
  /** The shared tier's tags a purge names, as this instance knows them; null: everything. */
  readonly sharedTagsOf: (request: PurgeRequest, knownSetting: string | null) => ReadonlySet<string> | null;
  readonly log: Logger;
}

interface Message {
  readonly from: string;
  readonly body: unknown;
  /** Counted by this format's announce script (`count`); a release of store format 1 counted apart, as `seq`. */
  readonly counted: boolean;
  /** With a purge of everything: the generation keys are named under from now on. */
  readonly generation?: number;
  /** The setting the sender found for the host; null when none answers it. */
  readonly setting: string | null;
}

function messageOf(text: string): Message | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || !('from' in parsed) || typeof parsed.from !== 'string' || !('body' in parsed)) return null;
    const generation = 'generation' in parsed && typeof parsed.generation === 'number' ? parsed.generation : undefined;
    const setting = 'setting' in parsed && typeof parsed.setting === 'string' ? parsed.setting : null;
    const counted = 'count' in parsed && typeof parsed.count === 'number';
    return { from: parsed.from, body: parsed.body, setting, counted, ...(generation === undefined ? {} : { generation }) };
  } catch {
    return null;
  }
}

export function createPurgeChannel(deps: PurgeChannelDeps): PurgeChannel {
  const { store, log } = deps;
  store.subscribe(
    (text) => {
      const message = messageOf(text);
      if (message === null || message.from === store.instanceId) return;
      const request = purgeRequestOf(message.body);
      if ('error' in request) return;
      // Before the first tier is dropped: a miss right after must not read the old generation's keys.
      if (message.generation !== undefined) {
        if (message.counted) store.adoptGeneration(message.generation);
        else store.followFormerGeneration(message.generation);
      }
      const dropped = deps.purge(request, message.setting);
      const tags = deps.sharedTagsOf(request, message.setting);
      if (tags !== null) void store.purge(tags);
      log.info({ event: LOG_EVENTS.CACHE_PURGE_RECEIVED.event, scope: request.scope, dataEntries: dropped.dataEntries, pages: dropped.pages }, 'a purge sent to another instance dropped what it named here too');
    },
    (missed) => {
      if (!missed) {
        log.info({ event: LOG_EVENTS.CACHE_REJOINED.event }, 'the purge channel is back and no purge was announced meanwhile: the in-process caches were kept');
        return;
      }
      const dropped = deps.purge({ scope: 'all' });
      log.info({ event: LOG_EVENTS.CACHE_RESYNCED.event, dataEntries: dropped.dataEntries, pages: dropped.pages }, 'the purge channel is back: the in-process caches were dropped, since purges may have been missed');
    },
  );
  return {
    async announce(request, setting) {
      const dropped = await store.purge(deps.sharedTagsOf(request, setting));
      const generation = request.scope === 'all' ? store.generation() : undefined;
      const told = await store.publish(JSON.stringify({ from: store.instanceId, body: purgeBodyOf(request), setting, ...(generation === undefined ? {} : { generation }) }));
      return dropped && told ? 'purged' : 'unavailable';
    },
  };
}
