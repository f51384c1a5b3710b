import { useEffect, useState } from 'react';
import type { Change, Roles, RuleSet, RuleSource } from '../../engine/index.ts';
import { api, type Decision } from './api.ts';

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

function heldRules(): Promise<HeldRules> {
  const loading = (rules ??= (async () => {
    const [engine, res] = await Promise.all([import('../../engine/index.ts'), api.get<{ rulesHash: string; sources: RuleSource[] }>('/rules')]);
    if (!res.ok) throw new Error(res.error);
    return { rulesHash: res.data.rulesHash, set: engine.loadRuleSet(res.data.sources) };
  })());
  // A failed load (offline, signed out) is tried again next time rather than remembered.
  loading.catch(() => {
    if (rules === loading) rules = null;
  });
  return loading;
}

function ruleSet(): Promise<RuleSet> {
  return heldRules().then((held) => held.set);
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
  if (rules === current) rules = null;
  return (await heldRules()).set;
}

export interface Slice {
  actor: number;
  now: string;
  input: Record<string, unknown>;
  world: unknown;
  /** Sums of other people's records, computed by the server: decided with as given. */
  facts?: Record<string, number | boolean | null>;
  rulesHash: string;
}

/** A world slice for an action and input with the rule set it was made under; the server's refusal to give one; or null when it cannot be had. */
type SliceAnswer = { slice: Slice; rules: RuleSet } | { refusal: string; rule?: string | null } | null;

/**
 * The slice `route` answers for the action and input: `worldSlice` what a decision of the whole
 * input reads, `offeredSlice` what the action as offered reads (the fields left out still to choose).
 */
export async function sliceFor(action: string, input: Record<string, unknown>, route: 'worldSlice' | 'offeredSlice' = 'worldSlice'): Promise<SliceAnswer> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) if (v !== null && v !== undefined && v !== '') query.set(k, String(v));
  const [, slice] = await Promise.all([heldRules().catch(() => null), api.get<Slice | { refused: string; rule: string | null }>(`/${route}/${encodeURIComponent(action)}?${query}`)]);
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
  return { outcome: d.outcome, message: d.message ?? null, rule: d.rule ?? null, warnings: d.warnings, changes: d.changes };
}

/**
 * The engine's answer for a form as the person fills it in: re-decided a moment after the last
 * change. `input` null means the form is not complete enough to ask.
 */
export function usePreview(action: string, input: Record<string, unknown> | null, options: PreviewOptions = {}): { preview: Preview | null; checking: boolean } {
  const effects = options.effects === true;
  const key = input ? JSON.stringify(input) : null;
  const [state, setState] = useState<{ key: string | null; preview: Preview | null }>({ key: null, preview: null });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    const timer = window.setTimeout(() => {
      previewDecision(action, JSON.parse(key) as Record<string, unknown>, { effects })
        .then((preview) => live && setState({ key, preview }))
        .catch((e: unknown) => {
          console.error('preview', action, e);
          if (live) setState({ key, preview: null });
        });
    }, 250);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [action, key, effects]);
  if (key === null) return { preview: null, checking: false };
  return { preview: state.key === key ? state.preview : null, checking: state.key !== key };
}

/**
 * rules/roles.json as the server runs it (the minimums the attendance screen draws, say), once the
 * rule files have loaded; null until then, or when they cannot be (the screen then draws none).
 */
export function useRoles(): Roles | null {
  const [roles, setRoles] = useState<Roles | null>(null);
  useEffect(() => {
    let live = true;
    ruleSet()
      .then((set) => live && setRoles(set.roles))
      .catch((e: unknown) => console.error('rules', e));
    return () => {
      live = false;
    };
  }, []);
  return roles;
}

/**
 * A number of rules/parameters.json as the server runs it (the Request Cut window, say), once the
 * rule files have loaded; null until then, or when they cannot be (the screen then offers nothing
 * that depends on it, and the server decides anyway).
 */
export function useParameter(name: string): number | null {
  return useRulesValue(name, readNumber);
}

/** A text of rules/parameters.json as the server runs it (the first pay day, say); null until the rule files have loaded. */
export function useTextParameter(name: string): string | null {
  return useRulesValue(name, readText);
}

const readNumber = (set: RuleSet, name: string): number => set.numberParameter(name);
const readText = (set: RuleSet, name: string): string => {
  const v = set.parameter(name);
  if (typeof v !== 'string') throw new Error(`parameter "${name}" must be a text, got ${JSON.stringify(v)}`);
  return v;
};

function useRulesValue<T>(name: string, read: (set: RuleSet, name: string) => T): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    ruleSet()
      .then((set) => live && setValue(() => read(set, name)))
      .catch((e: unknown) => console.error('rules', e));
    return () => {
      live = false;
    };
  }, [name, read]);
  return value;
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
  const [value, setValue] = useState<number | null>(null);
  useEffect(() => {
    if (agentType === null) return;
    let live = true;
    ruleSet()
      .then((set) => live && setValue(set.inactivityMinutesFor(agentType)))
      .catch((e: unknown) => console.error('rules', e));
    return () => {
      live = false;
    };
  }, [agentType]);
  return agentType === null ? null : value;
}

/**
 * A list of rules/parameters.json as the server runs it (the Extra COTS choices, the pay
 * multipliers), once the rule files have loaded; null until then.
 */
export function useListParameter(name: string): readonly (number | string)[] | null {
  const [value, setValue] = useState<readonly (number | string)[] | null>(null);
  useEffect(() => {
    let live = true;
    ruleSet()
      .then((set) => {
        const v = set.parameter(name);
        if (live) setValue(Array.isArray(v) ? v : [v]);
      })
      .catch((e: unknown) => console.error('rules', e));
    return () => {
      live = false;
    };
  }, [name]);
  return value;
}

/** The pay multiplier of each pay-rate code, in code order (rules/parameters.json payRateMultipliers). */
export function usePayRateMultipliers(): readonly (number | string)[] | null {
  return useListParameter('payRateMultipliers');
}
