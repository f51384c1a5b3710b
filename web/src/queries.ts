import { QueryClient, skipToken, useQueries, useQuery, type QueryKey } from '@tanstack/react-query';
import { getPath, pathOf, type AnswerOf, type ChangeName, type PathWith } from './api.ts';
import { OFFERED_KEY } from './engine.ts';

/**
 * Every read the screens make is named by its path before the parameters ('userMonthShifts',
 * 'inbox/summary'), with the arguments its path takes in order: both, and the JSON each answers,
 * are read from the API's GET paths as /api/openapi.json declares them (web/src/api-schema.d.ts,
 * generated from the server's route definitions), so a wrong name, a wrong number of arguments
 * or a changed answer fails the web's type check. A read's cache key is its name's segments and
 * its arguments, so an action names what it changes by prefix: ['userMonthShifts'] is every
 * month of every agent, ['detailedOfferInfo', '12'] one offer.
 */
type GetPath = PathWith<'get'>;
/** '/api/userMonthShifts/{agentId}/{month}' -> 'userMonthShifts'; '/api/inbox/summary' -> 'inbox/summary'. */
type NameOf<P extends string> = P extends `/api/${infer Rest}` ? (Rest extends `${infer Name}/{${string}` ? Name : Rest) : never;
/** A path's parameters in order: '/api/a/{x}/{y}' -> ['x', 'y']. */
type ParamsOf<P extends string> = P extends `${string}/{${infer Name}}${infer Rest}` ? [Name, ...ParamsOf<Rest>] : [];
type PathOfRead<N extends ReadName> = { [P in GetPath]: NameOf<P> extends N ? P : never }[GetPath];
export type ReadName = NameOf<GetPath>;
type Args<T extends readonly string[]> = { -readonly [K in keyof T]: string | number };
type ReadArgs<N extends ReadName> = Args<ParamsOf<PathOfRead<N>>>;
/** The JSON a read answers with, as the server's schema for it says. */
export type ReadData<N extends ReadName> = AnswerOf<PathOfRead<N>, 'get'>;
/** The reads that answer with a T. */
export type ReadsOf<T> = { [N in ReadName]: ReadData<N> extends T ? N : never }[ReadName];

/** A failed read, carrying the words api.ts chose for the person. */
class ReadFailed extends Error {}

/** A read's key and how to fetch it, with the type of the data it answers. */
export interface Read<T = unknown> {
  queryKey: readonly string[];
  queryFn: () => Promise<T>;
}

export function read<N extends ReadName>(name: N, ...args: ReadArgs<N>): Read<ReadData<N>> {
  const parts = [...name.split('/'), ...(args as (string | number)[]).map(String)];
  return {
    queryKey: parts,
    queryFn: async () => {
      // The path is the read's name and arguments, as ReadName and ReadArgs took them from its GET path.
      const answer = await getPath<ReadData<N>>(`/api${pathOf(...parts)}`);
      if (!answer.ok) throw new ReadFailed(answer.error);
      return answer.data;
    },
  };
}

/**
 * The navigation's unread counts (inbox items, chat messages): keyed under the inbox, so whatever
 * makes the inbox out of date asks for them again too.
 */
export const inboxSummary = (): Read<ReadData<'inbox/summary'>> => read('inbox/summary');

/** What the person chose to be told by text: keyed under the inbox as its counts are. */
export const inboxSettings = (): Read<ReadData<'inbox/settings'>> => read('inbox/settings');

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A failed read says so at once (api.ts words it); a screen shown again asks again, as it
      // always has, showing what it had meanwhile. Focus alone does not reload a screen.
      queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false },
    },
  });
}

interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
}

const errorText = (e: Error | null): string | null => (e ? e.message : null);

/** One read's data with its loading and error states; null reads nothing. */
export function useRead<T>(query: Read<T> | null, options: { refetchInterval?: number; enabled?: boolean } = {}): Loaded<T> {
  const q = useQuery<T>({ queryKey: query?.queryKey ?? ['none'], queryFn: query?.queryFn ?? skipToken, ...options });
  return { data: query && q.data !== undefined ? q.data : null, error: query ? errorText(q.error) : null, loading: query !== null && q.isFetching };
}

/**
 * The rows of several reads of lists as one list, in the order given (each read once); null until
 * all are in, or when one failed, with its error.
 */
export function useReadAll<T>(queries: Read<T[]>[]): { data: T[] | null; error: string | null } {
  const once = [...new Map(queries.map((q) => [q.queryKey.join('/'), q])).values()];
  return useQueries({
    queries: once,
    combine: (results) => {
      const failed = results.find((r) => r.error);
      if (failed) return { data: null, error: errorText(failed.error) };
      if (once.length === 0 || results.some((r) => r.data === undefined)) return { data: null, error: null };
      return { data: results.flatMap((r) => r.data ?? []), error: null };
    },
  });
}

/** What each action changes, as groups of reads it makes out of date. */
const SHIFTS: ReadName[] = ['userMonthShifts', 'userMonthTrade', 'getShiftDetails', 'userTeamShifts', 'getUserDetails', 'whoCouldTakeCoveragePosting', 'whoCouldTakeCoveragePostings', 'whoCouldTakePickupPosting', 'whoCouldTakeOpenShift'];
const COVERAGE: ReadName[] = ['userPendingShifts', 'otherDetailedUsersPendingShifts', 'teamLookingForCov', 'lookupPosting', 'findShiftWantsCoverage', 'whoCouldTakeCoveragePosting', 'whoCouldTakeCoveragePostings'];
const HOURS: ReadName[] = ['myRequestsToPickUp', 'otherDetailedUsersLookingForShifts', 'teamLookingForHours', 'wantsHoursDetails', 'whoCouldTakePickupPosting'];
const OPEN: ReadName[] = ['pendingOpenShifts', 'pendingOpenTrainingShifts', 'whoCouldTakeOpenShift'];
const OFFER_LISTS: ReadName[] = [
  'detailedAllOffersForMyShifts',
  'detailedAllActiveCounterOffersForMyShifts',
  'detailedAllCounterOffersForMyShifts',
  'detailedMyOffersForShifts',
  'detailedMyCounterOffersForShifts',
  'detailedAllOffersForMyHours',
  'detailedCounterOffersToPickUp',
  'detailedOffersToPickUp',
  'detailedNewCounterOffersToGiveaway',
];
const HISTORY: ReadName[] = ['getOfferHistory', 'getMyStats', 'getAllStats'];
const TIME_OFF: ReadName[] = ['getAttendance', 'userPastVacationAttendance', 'userPaidTime', 'approvedPersonal'];
const CUTS: ReadName[] = ['lookupCut', 'getMyCutRequests', 'getFirstShiftCuts', 'getSecondShiftCuts', 'getThirdShiftCuts', 'getCutMainShifts', 'getCutSubShifts'];
const LUNCHES: ReadName[] = ['lookupLunch', 'lookupLunchCombine', 'getMyLunchRequests', 'getFirstShiftLunches', 'getSecondShiftLunches', 'getThirdShiftLunches', 'getLunchMainShifts', 'getLunchSubShifts'];
const TEXTS: ReadName[] = ['getMyTexts'];
/** The inbox and the navigation's unread counts (inboxSummary), of the person who gets a text. */
const INBOX: ReadName[] = ['inbox'];

/** An action call as useSubmit sends it: its path's segments after the name, and its body. */
interface ActionSent {
  params: string[];
  body: Record<string, unknown> | undefined;
}

type Keys = (sent: ActionSent) => QueryKey[];
const all =
  (...groups: ReadName[][]): Keys =>
  () =>
    groups.flat().map((name) => [name]);
/** An offer's actions also change that offer's detail (its path's id). */
const offer =
  (...groups: ReadName[][]): Keys =>
  (sent) => [...all(OFFER_LISTS, HISTORY, INBOX, ...groups)(sent), ...(sent.params[0] ? [['detailedOfferInfo', sent.params[0]]] : [])];

/**
 * Each call that changes something (every POST and PUT of the API, by the first segment of its
 * path: the actions of rules/ by name) and the reads it makes out of date; only those are asked
 * again, on the screen shown now or when a screen showing them comes back. Keyed by the API's
 * own names (ChangeName, from web/src/api-schema.d.ts): a call missing here, or one the API no
 * longer has, fails the type check.
 */
const INVALIDATES: Record<ChangeName, Keys> = {
  postShift: all(COVERAGE, SHIFTS),
  editCoverage: all(COVERAGE),
  removePosting: all(COVERAGE, SHIFTS, OFFER_LISTS),
  removeShiftFromCoverage: all(COVERAGE, SHIFTS, OFFER_LISTS),
  postWantWork: all(HOURS),
  editHours: all(HOURS),
  postOfferCoverage: all(OFFER_LISTS, HISTORY, INBOX),
  postOfferGiveAway: all(OFFER_LISTS, HISTORY, INBOX),
  postCounterOfferCoverage: all(OFFER_LISTS, HISTORY, INBOX, ['detailedOfferInfo']),
  postCounterOfferHours: all(OFFER_LISTS, HISTORY, INBOX, ['detailedOfferInfo']),
  acceptOffer: offer(SHIFTS, COVERAGE),
  acceptOfferHours: offer(SHIFTS, COVERAGE, HOURS),
  rejectOffer: offer(),
  rejectOfferHours: offer(),
  withdrawOffer: offer(),
  nudgeOffer: offer(),
  updateOfferWithNotes: (sent) => [...OFFER_LISTS.map((n) => [n]), ['detailedOfferInfo', String(sent.body?.OfferID ?? '')]],
  sendOfferMessage: all(TEXTS, INBOX),
  sendOfferMessageHours: all(TEXTS, INBOX),
  // Chat's unread count is in the inbox's summary.
  sendMessage: all(TEXTS, INBOX),
  readMessages: all(TEXTS, INBOX),
  deleteThread: all(TEXTS, INBOX),
  postOpenShift: all(OPEN),
  editOpenShift: all(OPEN),
  removeOpenShift: all(OPEN),
  postOpenTrainingShift: all(OPEN),
  editOpenTrainingShift: all(OPEN),
  claimOpenShift: all(OPEN, SHIFTS, HISTORY, INBOX),
  claimOpenTrainingShift: all(OPEN, SHIFTS, HISTORY, INBOX),
  combineShifts: all(SHIFTS),
  callOut: all(SHIFTS, TIME_OFF, COVERAGE),
  giveNotice: all(SHIFTS, TIME_OFF, COVERAGE),
  handlePendingChange: all(SHIFTS, TIME_OFF),
  requestPersonal: all(SHIFTS, TIME_OFF),
  requestCut: all(CUTS),
  cutUser: all(CUTS, SHIFTS, INBOX),
  denyCut: all(CUTS),
  denyCutSelf: all(CUTS),
  requestLunch: all(LUNCHES),
  approveLunch: all(LUNCHES, SHIFTS, INBOX),
  denyLunch: all(LUNCHES),
  denyLunchSelf: all(LUNCHES),
  // Not an action of rules/: opening inbox items (/inbox/12/read, /inbox/read) and the text setting.
  inbox: all(INBOX),
  // Not an action of rules/: a new calendar feed address (POST /myCalendarFeed).
  myCalendarFeed: all(['myCalendarFeed']),
  // Signing in and out, and their log lines, change nothing a screen shows.
  login: () => [],
  logout: () => [],
  loggingInLog: () => [],
  loggingOutLog: () => [],
};

const segments = (path: string): string[] => (path.split('?')[0] ?? '').split('/').filter(Boolean).map(decodeURIComponent);

/** The reads an action call changes, from its path (/acceptOffer/12) and body. */
export function invalidatedBy(path: string, body?: Record<string, unknown>): QueryKey[] | null {
  const [name = '', ...params] = segments(path);
  // A name from the live stream is the server's: one this page's API does not know refreshes everything.
  const keys = (INVALIDATES as Partial<Record<string, Keys>>)[name];
  return keys ? keys({ params, body }) : null;
}

/**
 * After an action: the reads on screen are asked again; the others it changed are dropped, so a
 * screen that shows them later loads them afresh instead of showing what was true before. An
 * action the map does not know makes every read out of date rather than leave one stale.
 */
export function refreshAfter(client: QueryClient, path: string, body?: Record<string, unknown>): void {
  refreshedAt.set(segments(path)[0] ?? '', Date.now());
  refresh(client, path, body);
}

/**
 * After another page's action, told by the live stream (web/src/live.ts): the same refresh. An
 * action this page sent itself (`own`, and refreshed for in the last seconds) has nothing more to
 * refresh; one of the same person's other pages has.
 */
export function refreshOnEvent(client: QueryClient, path: string, body: Record<string, unknown> | undefined, own: boolean): void {
  if (!own) {
    refresh(client, path, body);
    return;
  }
  // The event may come before the answer to the call that caused it: wait for that answer a little.
  setTimeout(() => {
    if (!refreshedJustNow(segments(path)[0] ?? '')) refresh(client, path, body);
  }, OWN_EVENT_WAIT_MS);
}

function refresh(client: QueryClient, path: string, body?: Record<string, unknown>): void {
  const keys = invalidatedBy(path, body);
  if (keys === null) {
    void client.invalidateQueries();
    return;
  }
  for (const queryKey of [...keys, [OFFERED_KEY]]) {
    client.removeQueries({ queryKey, type: 'inactive' });
    void client.invalidateQueries({ queryKey });
  }
}

/** When this page last refreshed after each action name. */
const refreshedAt = new Map<string, number>();
/** How long after refreshing for its own action a page takes that action's live event as the same one. */
const OWN_EVENT_MS = 10_000;
/** How long a page waits, on the event of an action of its person, for its own answer to that action. */
const OWN_EVENT_WAIT_MS = 2_000;

/** Whether this page has just refreshed after an action of that name (sent from here); answers once. */
function refreshedJustNow(action: string): boolean {
  const at = refreshedAt.get(action);
  if (at === undefined || Date.now() - at > OWN_EVENT_MS) return false;
  refreshedAt.delete(action);
  return true;
}
