import { skipToken, useQuery, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { codesOf, type Codes } from '../../engine/codes.ts';
import type { Change, Roles, RuleSet, RuleSource } from '../../engine/index.ts';
import { api, type AnswerOf, type Decision, type RequestOf } from './api.ts';

/**
 * The engine in the browser: the same rule files the server decides with (GET /api/rules, never
 * a copy bundled at build time, so `serve --rules` previews what it decides), run on the world
 * slice the server gives for the action (GET /api/worldSlice/{action}). The engine and its
 * dependencies load on first use, outside the initial bundle.
 */

export interface Preview extends Decision {
  warnings?: string[];
  /** With `effects`, on ok: what the action would write (a balance after a request, say). */
  changes?: Change[];
  /** The version of the rule set that decided it. */
  rulesHash?: string;
}

export interface PreviewOptions {
  /** Also work out what the action would change, as the server does when it decides. */
  effects?: boolean;
}

/** The rule set the server last gave, with the version (rulesHash) it names it by. */
interface HeldRules {
  rulesHash: string;
  set: RuleSet;
}

let rules: Promise<HeldRules> | null = null;
/** The version `rules` holds, once it has loaded. */
let heldVersion: string | null = null;

function heldRules(): Promise<HeldRules> {
  const loading = (rules ??= (async () => {
    const [engine, res] = await Promise.all([import('../../engine/index.ts'), api.get('/api/rules')]);
    if (!res.ok) throw new Error(res.error);
    // The document describes a source's JSON as any value; the engine reads and checks it.
    return { rulesHash: res.data.rulesHash, set: engine.loadRuleSet(res.data.sources as RuleSource[]) };
  })());
  loading.then(
    (held) => {
      if (rules === loading) heldVersion = held.rulesHash;
    },
    // A failed load (offline, signed out) is tried again next time rather than remembered.
    () => dropRules(loading),
  );
  return loading;
}

/** Forgets the held set, if it is still `held`: the next use fetches the server's again. */
function dropRules(held: Promise<HeldRules> | null): void {
  if (rules !== held) return;
  rules = null;
  heldVersion = null;
}

function ruleSet(): Promise<RuleSet> {
  return heldRules().then((held) => held.set);
}

/**
 * The rule set as a query, for the screens that show what it says or decide with it: when another
 * set goes live the query is asked again (rulesWentLive), and they follow.
 */
const rulesQuery = { queryKey: ['rules'], queryFn: heldRules, staleTime: Infinity, retry: false, structuralSharing: false } as const;
/** The version the server last said is live (rulesWentLive), before its set has loaded. */
const ANNOUNCED_KEY = ['rulesAnnounced'];

/**
 * Another rule set went live on the server (GET /api/events' `rules` event, web/src/live.ts).
 * Unless it is the one held, the set is fetched again and every read is asked again: the rules
 * decide what nearly every read answers (who sees what, who could take a shift, what is offered),
 * and each open form decides again (usePreview is keyed by the version). Rules change seldom.
 */
export function rulesWentLive(client: QueryClient, version: string): void {
  if (heldVersion === version) return;
  dropRules(rules);
  // Open forms decide again at once, fetching their slice while the set loads.
  client.setQueryData(ANNOUNCED_KEY, version);
  // What the person is looking at decided first; then the rest, not to queue ahead of it.
  const decisions = (q: Query): boolean => q.queryKey[0] === rulesQuery.queryKey[0] || q.queryKey[0] === OFFERED_KEY;
  void client.invalidateQueries({ predicate: decisions }).finally(() => void client.invalidateQueries({ predicate: (q) => !decisions(q) }));
}

/**
 * The rule set a slice belongs to: the server's rules go live while it runs, and a slice names
 * the set it was made under, so a set held from before is fetched again rather than decided with.
 */
async function rulesFor(rulesHash: string): Promise<RuleSet> {
  const current = heldRules();
  const held = await current;
  if (held.rulesHash === rulesHash) return held.set;
  // Whoever finds it stale first fetches again; the others wait for that fetch.
  dropRules(current);
  return (await heldRules()).set;
}

type SliceAnswer200 = AnswerOf<'/api/worldSlice/{action}', 'get'> | AnswerOf<'/api/offeredSlice/{action}', 'get'>;
/** A world slice as the server gives it (its facts are sums of other people's records, decided with as given). */
export type Slice = Extract<SliceAnswer200, { rulesHash: string }>;
/** The actions /api/openapi.json lists, from the rule files it was generated with. */
type SliceAction = RequestOf<'/api/worldSlice/{action}', 'get'>['params']['action'];

/** A world slice for an action and input with the rule set it was made under; the server's refusal to give one; or null when it cannot be had. */
type SliceAnswer = { slice: Slice; rules: RuleSet } | { refusal: string; rule?: string | null } | null;

/**
 * The slice `route` answers for the action and input: `worldSlice` what a decision of the whole
 * input reads, `offeredSlice` what the action as offered reads (the fields left out still to choose).
 */
export async function sliceFor(action: string, input: Record<string, unknown>, route: 'worldSlice' | 'offeredSlice' = 'worldSlice'): Promise<SliceAnswer> {
  const query = { input: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)])) };
  // The live rule set decides which actions there are (a new rule file is a new action): the
  // server answers 404 for one it does not know, whatever the document listed when it was generated.
  const params = { action: action as SliceAction };
  const asked = route === 'worldSlice' ? api.get('/api/worldSlice/{action}', { params, query }) : api.get('/api/offeredSlice/{action}', { params, query });
  const [, slice] = await Promise.all([heldRules().catch(() => null), asked]);
  // No slice for an action the person may not take on those records: the server refuses it too
  // (as offered, an answer rather than a 403: working out what is refused is no error).
  if (!slice.ok) return slice.status === 403 ? { refusal: slice.error } : null;
  if ('refused' in slice.data) return { refusal: slice.data.refused, rule: slice.data.rule };
  return { slice: slice.data, rules: await rulesFor(slice.data.rulesHash) };
}

/** What the server would answer for this action and input now, or null when it cannot be told. */
export function previewDecision(action: string, input: Record<string, unknown>, options: PreviewOptions = {}): Promise<Preview | null> {
  return decideOn('worldSlice', action, input, options.effects === true);
}

/** The first segment of the query keys of offeredDecision's answers (ui/offered.tsx). */
export const OFFERED_KEY = 'offered';

/**
 * Whether the action can be taken at all, before its form is filled in: decided as offered
 * (engine/offered.ts), the fields left out of `input` still to be chosen, on the slice those rules
 * read (GET /api/offeredSlice/{action}). An error names the rule that refuses it whatever is
 * chosen; null when it cannot be told (the server decides anyway).
 */
export function offeredDecision(action: string, input: Record<string, unknown>): Promise<Preview | null> {
  return decideOn('offeredSlice', action, input, false);
}

async function decideOn(route: 'worldSlice' | 'offeredSlice', action: string, input: Record<string, unknown>, effects: boolean): Promise<Preview | null> {
  const got = await sliceFor(action, input, route);
  if (!got) return null;
  if ('refusal' in got) return { outcome: 'error', message: got.refusal, rule: got.rule ?? null };
  const { slice, rules: set } = got;
  const asOffered = route === 'offeredSlice';
  const d = await set.action(action).decide({ world: slice.world, now: slice.now, actor: slice.actor, input: slice.input, facts: slice.facts, effects, asOffered });
  return { outcome: d.outcome, message: d.message ?? null, rule: d.rule ?? null, warnings: d.warnings, changes: d.changes, rulesHash: slice.rulesHash };
}

/**
 * The engine's answer for a form as the person fills it in: re-decided a moment after the last
 * change, and when another rule set goes live (the key holds the version it is decided under).
 * `input` null means the form is not complete enough to ask.
 */
export function usePreview(action: string, input: Record<string, unknown> | null, options: PreviewOptions = {}): { preview: Preview | null; checking: boolean } {
  const effects = options.effects === true;
  const asked = input ? JSON.stringify(input) : null;
  const held = useQuery(rulesQuery);
  const announced = useQuery({ queryKey: ANNOUNCED_KEY, queryFn: skipToken, staleTime: Infinity }).data as string | undefined;
  // Until the rules have loaded the form waits; when they cannot be, it asks anyway (and gets no answer).
  const version = announced ?? held.data?.rulesHash ?? (held.isError ? '' : null);
  const key = asked === null || version === null ? null : JSON.stringify([version, asked]);
  const [state, setState] = useState<{ key: string | null; preview: Preview | null }>({ key: null, preview: null });
  const lastAsked = useRef<string | null>(null);
  useEffect(() => {
    if (key === null || asked === null) return;
    let live = true;
    // A moment after the last change of the form; at once when only the rules changed.
    const wait = lastAsked.current === asked ? 0 : 250;
    lastAsked.current = asked;
    const timer = window.setTimeout(() => {
      previewDecision(action, JSON.parse(asked) as Record<string, unknown>, { effects })
        .then((preview) => live && setState({ key, preview }))
        .catch((e: unknown) => {
          console.error('preview', action, e);
          if (live) setState({ key, preview: null });
        });
    }, wait);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [action, key, asked, effects]);
  if (asked === null) return { preview: null, checking: false };
  return { preview: state.key === key ? state.preview : null, checking: state.key !== key };
}

/**
 * The live rule set, once loaded (again after another goes live); null until then, when it cannot
 * be, or while not `enabled`.
 */
function useRuleSet(enabled = true): RuleSet | null {
  const set = useQuery({ ...rulesQuery, enabled }).data?.set ?? null;
  return enabled ? set : null;
}

/** What `read` takes from the live rule set; null until it has loaded, or when `read` fails (said on the console). */
function useFromRules<A, T>(read: (set: RuleSet, arg: A) => T, arg: A, enabled = true): T | null {
  const set = useRuleSet(enabled);
  return useMemo(() => {
    if (!set) return null;
    try {
      return read(set, arg);
    } catch (e) {
      console.error('rules', e);
      return null;
    }
  }, [set, read, arg]);
}

/**
 * Screen texts written with {param:name|format} placeholders, put in as the rules' messages have
 * them (engine/parameters.ts, the same formats): a reminder that states a limit says the limit the
 * server decides by. Null until the rule files have loaded.
 */
export function useParameterTexts(texts: readonly string[]): string[] | null {
  const key = JSON.stringify(texts);
  // Followed like every other rules value: a new live set puts its values in.
  const set = useRuleSet();
  const [state, setState] = useState<{ key: string; texts: string[] } | null>(null);
  useEffect(() => {
    if (!set) return;
    let live = true;
    import('../../engine/parameters.ts')
      .then((p) => live && setState({ key, texts: p.resolveParameters('screen text', JSON.parse(key), set.parameters) as string[] }))
      .catch((e: unknown) => console.error('rules', e));
    return () => {
      live = false;
    };
  }, [key, set]);
  return state?.key === key ? state.texts : null;
}

/** The spec's codes (meal break, training types, ...) of rules/parameters.json as the server runs them; null until the rule files have loaded. */
export function useCodes(): Codes | null {
  return useFromRules(readCodes, null);
}

const readCodes = (set: RuleSet): Codes => codesOf(set);
const readNumber = (set: RuleSet, name: string): number => set.numberParameter(name);
const readText = (set: RuleSet, name: string): string => {
  const v = set.parameter(name);
  if (typeof v !== 'string') throw new Error(`parameter "${name}" must be a text, got ${JSON.stringify(v)}`);
  return v;
};
const readList = (set: RuleSet, name: string): readonly (number | string)[] => {
  const v = set.parameter(name);
  return Array.isArray(v) ? v : [v];
};
const readInactivity = (set: RuleSet, agentType: number): number => set.inactivityMinutesFor(agentType);

/**
 * rules/roles.json as the server runs it (the minimums the attendance screen draws, say), once the
 * rule files have loaded; null until then, or when they cannot be (the screen then draws none).
 */
export function useRoles(): Roles | null {
  return useRuleSet()?.roles ?? null;
}

/**
 * A number of rules/parameters.json as the server runs it (the Request Cut window, say), once the
 * rule files have loaded; null until then, or when they cannot be (the screen then offers nothing
 * that depends on it, and the server decides anyway).
 */
export function useParameter(name: string): number | null {
  return useFromRules(readNumber, name);
}

/**
 * The most characters a message (chat, offer message, meal-break note) may have: one under
 * rules/parameters.json's messageMaxLength, which the rules want messages shorter than. Null until
 * the rule files have loaded.
 */
export function useMessageMaxCharacters(): number | null {
  const limit = useParameter('messageMaxLength');
  return limit === null ? null : limit - 1;
}

/** A text of rules/parameters.json as the server runs it (the first pay day, say); null until the rule files have loaded. */
export function useTextParameter(name: string): string | null {
  return useFromRules(readText, name);
}

/**
 * The question a rule file has the screen ask before it sends the action ("prompt": acceptOffer's,
 * which no rule asks), as the server's rule files say it.
 */
export async function actionPrompt(action: string): Promise<string | undefined> {
  return (await ruleSet()).action(action).file.prompt;
}

/**
 * Minutes without activity after which an agent of this type is signed out, as the server's
 * session counts them (rules/parameters.json and roles.json); null until the rules have loaded.
 */
export function useInactivityMinutes(agentType: number | null): number | null {
  // Signed out (no agent type), nothing is fetched: GET /api/rules is for people signed in.
  return useFromRules(readInactivity, agentType ?? 0, agentType !== null);
}

/**
 * A list of rules/parameters.json as the server runs it (the Extra COTS choices, the pay
 * multipliers), once the rule files have loaded; null until then.
 */
export function useListParameter(name: string): readonly (number | string)[] | null {
  return useFromRules(readList, name);
}

/** The pay multiplier of each pay-rate code, in code order (rules/parameters.json payRateMultipliers). */
export function usePayRateMultipliers(): readonly (number | string)[] | null {
  return useListParameter('payRateMultipliers');
}
