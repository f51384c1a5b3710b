import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { createQueryClient, invalidatedBy, read, refreshAfter, type ReadName } from '../../web/src/queries.ts';

// Issue 19: an action refreshes exactly the reads it changes, so a screen asks again for what
// changed and nothing else. These are the map's promises, by action, and what they do to a cache.

const rulesDir = join(import.meta.dirname, '..', '..', 'rules');
const actions = readdirSync(rulesDir)
  .filter((f) => f.endsWith('.json') && !f.includes('schema') && f !== 'parameters.json' && f !== 'roles.json')
  .map((f) => (JSON.parse(readFileSync(join(rulesDir, f), 'utf8')) as { action?: string }).action)
  // Shared rule files (checks and facts the actions use by name) are no action.
  .filter((action): action is string => action !== undefined);

/** The read names an action's call makes out of date, each key shown as name[/arg]. */
const names = (path: string, body?: Record<string, unknown>): string[] => (invalidatedBy(path, body) ?? []).map((k) => (k as string[]).join('/')).sort();

const OFFER_LISTS = [
  'detailedAllActiveCounterOffersForMyShifts',
  'detailedAllCounterOffersForMyShifts',
  'detailedAllOffersForMyHours',
  'detailedAllOffersForMyShifts',
  'detailedCounterOffersToPickUp',
  'detailedMyCounterOffersForShifts',
  'detailedMyOffersForShifts',
  'detailedNewCounterOffersToGiveaway',
  'detailedOffersToPickUp',
];

describe('which action refreshes which reads', () => {
  it('every action of rules/ has its entry, so none falls back to refreshing everything', () => {
    expect(actions.length).toBeGreaterThan(40);
    for (const action of actions) expect(invalidatedBy(`/${action}`), action).not.toBeNull();
  });

  it('a call the map does not know refreshes everything rather than leave a stale read', () => {
    expect(invalidatedBy('/somethingNew/1')).toBeNull();
  });

  it("accepting an offer: the calendar's months, the pending lists and that offer's detail, nothing else", () => {
    const keys = names('/acceptOffer/12');
    expect(keys).toContain('userMonthShifts');
    expect(keys).toContain('userPendingShifts');
    for (const list of OFFER_LISTS) expect(keys).toContain(list);
    expect(keys).toContain('detailedOfferInfo/12');
    expect(keys).not.toContain('detailedOfferInfo');
    for (const untouched of ['pendingOpenShifts', 'pendingOpenTrainingShifts', 'getMyTexts', 'myRequestsToPickUp', 'lookupCut', 'lookupLunch', 'getCalendarDays', 'getAgents', 'releaseNotes']) {
      expect(keys).not.toContain(untouched);
    }
  });

  it('accepting an offer for hours also refreshes the hours postings', () => {
    expect(names('/acceptOfferHours/7')).toEqual(expect.arrayContaining(['myRequestsToPickUp', 'otherDetailedUsersLookingForShifts', 'detailedOfferInfo/7', 'userMonthShifts']));
  });

  it('declining, withdrawing and nudging change the offer, never the shifts', () => {
    for (const action of ['rejectOffer', 'rejectOfferHours', 'withdrawOffer', 'nudgeOffer']) {
      const keys = names(`/${action}/3`);
      expect(keys, action).toEqual(expect.arrayContaining([...OFFER_LISTS, 'detailedOfferInfo/3']));
      expect(keys, action).not.toContain('userMonthShifts');
      expect(keys, action).not.toContain('userPendingShifts');
    }
  });

  it("saving an offer's comment refreshes the lists and that offer, named in its body", () => {
    expect(names('/updateOfferWithNotes', { OfferID: 9, Notes: 'x' })).toEqual([...OFFER_LISTS, 'detailedOfferInfo/9'].sort());
  });

  it('removing a coverage posting: the coverage lists and the shifts, not the open shifts or hours', () => {
    const keys = names('/removePosting/5');
    expect(keys).toEqual(expect.arrayContaining(['userPendingShifts', 'otherDetailedUsersPendingShifts', 'userMonthShifts']));
    for (const untouched of ['pendingOpenShifts', 'pendingOpenTrainingShifts', 'myRequestsToPickUp', 'otherDetailedUsersLookingForShifts']) expect(keys).not.toContain(untouched);
  });

  it("chat actions refresh only the messages and the navigation's unread counts (under the inbox)", () => {
    for (const action of ['sendMessage', 'readMessages', 'deleteThread', 'sendOfferMessage', 'sendOfferMessageHours']) expect(names(`/${action}`), action).toEqual(['getMyTexts', 'inbox']);
  });

  it('every action whose rule file sends a text refreshes the inbox, and opening an item only the inbox', () => {
    // As the engine runs them: a text may come from a shared effect (rules/shared-effects.json).
    const rules = loadRulesDir();
    const texting = rules.actionNames().filter((a) => JSON.stringify(rules.action(a).file).includes('"kind":"text"'));
    expect(texting.length).toBeGreaterThan(10);
    for (const action of texting) expect(names(`/${action}/1`), action).toContain('inbox');
    expect(names('/inbox/12/read')).toEqual(['inbox']);
    expect(names('/inbox/read')).toEqual(['inbox']);
    expect(names('/postOpenShift')).not.toContain('inbox');
  });

  it('open shifts: posting, editing and removing refresh the open lists and who could take one; claiming also the shifts', () => {
    for (const action of ['postOpenShift', 'editOpenShift', 'removeOpenShift', 'postOpenTrainingShift', 'editOpenTrainingShift']) {
      expect(names(`/${action}`), action).toEqual(['pendingOpenShifts', 'pendingOpenTrainingShifts', 'whoCouldTakeOpenShift']);
    }
    expect(names('/claimOpenShift')).toEqual(expect.arrayContaining(['pendingOpenShifts', 'userMonthShifts', 'getShiftDetails']));
  });

  it('cuts and meal breaks each refresh their own queue; an approval also the shifts', () => {
    expect(names('/denyCut/1/2')).toContain('getFirstShiftCuts');
    expect(names('/denyCut/1/2')).not.toContain('getFirstShiftLunches');
    expect(names('/denyLunch/1/2')).toContain('getFirstShiftLunches');
    expect(names('/denyLunch/1/2')).not.toContain('userMonthShifts');
    expect(names('/approveLunch')).toContain('userMonthShifts');
    expect(names('/cutUser')).toContain('userMonthShifts');
  });

  it('personal time and absences refresh the balances and attendance', () => {
    for (const action of ['requestPersonal', 'callOut', 'giveNotice']) expect(names(`/${action}`), action).toEqual(expect.arrayContaining(['getUserDetails', 'getAttendance', 'userMonthShifts']));
  });

  it('signing in and out refresh nothing (signing out empties the cache instead)', () => {
    for (const action of ['login', 'logout', 'loggingInLog', 'loggingOutLog']) expect(names(`/${action}`), action).toEqual([]);
  });
});

describe('what a refresh does to the cache', () => {
  /** A cache holding the given reads, each answering with how often it was asked. */
  function cacheWith(reads: [ReadName, ...(string | number)[]][]): { client: ReturnType<typeof createQueryClient>; asked: Map<string, number>; key: (r: [ReadName, ...(string | number)[]]) => QueryKey } {
    const client = createQueryClient();
    const asked = new Map<string, number>();
    const key = ([name, ...args]: [ReadName, ...(string | number)[]]): QueryKey => (read as unknown as (n: ReadName, ...a: (string | number)[]) => { queryKey: readonly string[] })(name, ...args).queryKey;
    for (const r of reads) {
      const k = key(r);
      client.setQueryDefaults(k, {
        queryFn: () => {
          const id = k.join('/');
          asked.set(id, (asked.get(id) ?? 0) + 1);
          return Promise.resolve([]);
        },
      });
      client.setQueryData(k, []);
    }
    return { client, asked, key };
  }

  it('asks again for the reads on screen it changed, drops the changed ones off screen, keeps the rest', async () => {
    const { client, asked, key } = cacheWith([
      ['userMonthShifts', 1, '2026-11'],
      ['userPendingShifts', 1],
      ['detailedOfferInfo', 12],
      ['detailedOfferInfo', 13],
      ['pendingOpenShifts'],
    ]);
    // On screen: the month and the open shifts (a calendar); the offer details are not.
    const observers = [key(['userMonthShifts', 1, '2026-11']), key(['pendingOpenShifts'])].map((k) => new QueryObserver(client, { queryKey: k, staleTime: Infinity }));
    const stops = observers.map((o) => o.subscribe(() => {}));

    refreshAfter(client, '/acceptOffer/12');
    await new Promise((r) => setTimeout(r, 10));

    expect(asked.get('userMonthShifts/1/2026-11')).toBe(1);
    expect(asked.has('pendingOpenShifts')).toBe(false);
    expect(client.getQueryData(key(['detailedOfferInfo', 12]))).toBeUndefined();
    expect(client.getQueryData(key(['userPendingShifts', 1]))).toBeUndefined();
    expect(client.getQueryData(key(['detailedOfferInfo', 13]))).toEqual([]);
    expect(client.getQueryData(key(['pendingOpenShifts']))).toEqual([]);
    stops.forEach((stop) => stop());
  });

  it('an unknown action makes every read out of date', () => {
    const { client, key } = cacheWith([['pendingOpenShifts'], ['getMyTexts', 1]]);
    refreshAfter(client, '/somethingNew');
    expect(client.getQueryState(key(['pendingOpenShifts']))?.isInvalidated).toBe(true);
    expect(client.getQueryState(key(['getMyTexts', 1]))?.isInvalidated).toBe(true);
  });
});
