import { useEffect, useState, type ReactNode } from 'react';
import type { RuleSet } from '../../../engine/index.ts';
import { sliceFor, type Preview, type Slice } from '../engine.ts';
import { showRange } from '../time.ts';

/**
 * The fix, not only the refusal (issue 20): for a form the rules refuse, the nearest hours that
 * pass every rule, found by the engine's search (engine/suggest.ts) on the server's world slice,
 * and offered only once a slice made for those very hours has passed them too. A slice's given
 * facts (minutes worked in a window, say) are the server's sums for the hours asked, so hours
 * found on it are a candidate, not an answer; a candidate its own slice refuses is searched on
 * from there, on that slice, a few times before nothing is offered.
 */

/** Candidates checked on their own slice before the search gives up and offers nothing. */
const ROUNDS = 4;

/** Thrown at a pause of a search whose form has moved on. */
const SUPERSEDED = new Error('the form changed');

interface FixRange {
  /** The input fields of the range's start and end (the rule file's `adjust`). */
  start: string;
  end: string;
  /** The hours that pass (API text, Eastern). */
  to: { start: string; end: string };
}

export interface Fix {
  /** Each range moved. */
  ranges: FixRange[];
  /** The input fields to set (API text), for the form's pickers. */
  fields: Record<string, string>;
}

async function decideOn(action: string, got: { slice: Slice; rules: RuleSet }): Promise<string> {
  const { slice, rules } = got;
  const d = await rules.action(action).decide({ world: slice.world, now: slice.now, actor: slice.actor, input: slice.input, facts: slice.facts });
  return d.outcome;
}

/**
 * The nearest hours that pass for a refused input, checked on a slice made for them; null when
 * there are none (the refusal is not about the hours, or no shorter hours pass).
 */
export async function findFix(action: string, input: Record<string, unknown>, pause: () => Promise<void>): Promise<Fix | null> {
  const { suggest } = await import('../../../engine/index.ts');
  const moved = new Map<string, FixRange>();
  let got = await sliceFor(action, input);
  for (let round = 0; round < ROUNDS; round++) {
    if (!got || 'refusal' in got) return null;
    const { slice, rules } = got;
    const found = await suggest(rules, { action, world: slice.world, now: slice.now, actor: slice.actor, input: slice.input, pause, ...(slice.facts ? { facts: slice.facts } : {}) });
    if (!found) return null;
    moved.set(found.range.start, { ...found.range, to: found.to });
    const fields: Record<string, string> = {};
    for (const r of moved.values()) Object.assign(fields, { [r.start]: r.to.start, [r.end]: r.to.end });
    // The form's own input with the hours moved, as the form would send it.
    const check = await sliceFor(action, { ...input, ...fields });
    if (!check || 'refusal' in check) return null;
    // Ok, or a prompt the server asks too: either way the hours pass.
    if ((await decideOn(action, check)) !== 'error') return { ranges: [...moved.values()], fields };
    got = check;
  }
  return null;
}

/**
 * The fix for the form as it is: sought once the rules have refused this very input (`preview`
 * is its answer), null while it is sought or when there is none.
 */
export function useFix(action: string, input: Record<string, unknown> | null, preview: Preview | null): Fix | null {
  // Sought again when another rule set refuses it (the hours that pass may have changed too).
  const key = input !== null && preview?.outcome === 'error' ? JSON.stringify([preview.rulesHash, input]) : null;
  const [state, setState] = useState<{ key: string | null; fix: Fix | null }>({ key: null, fix: null });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    // The search yields to the page every few decisions, and stops once the form has moved on.
    const pause = (): Promise<void> =>
      new Promise((resolve, reject) => {
        window.setTimeout(() => (live ? resolve() : reject(SUPERSEDED)), 0);
      });
    findFix(action, (JSON.parse(key) as [unknown, Record<string, unknown>])[1], pause)
      .then((fix) => live && setState({ key, fix }))
      .catch((e: unknown) => {
        if (e === SUPERSEDED) return;
        console.error('suggestion', action, e);
        if (live) setState({ key, fix: null });
      });
    return () => {
      live = false;
    };
  }, [action, key]);
  return key !== null && state.key === key ? state.fix : null;
}

/**
 * The suggestion under the refusal: the hours that would pass and a button that puts them in the
 * form (the person still submits). `labels` names each range by its start field ("Coverage").
 */
export function FixOffer({ fix, labels, onUse }: { fix: Fix | null; labels: Record<string, string>; onUse: (fields: Record<string, string>) => void }): ReactNode {
  if (!fix) return null;
  return (
    <div className="fix" data-testid="fix">
      <p>
        These hours would pass every rule:{' '}
        {fix.ranges.map((r, i) => (
          <span key={r.start} className="fix-range">
            {i > 0 ? '; ' : ''}
            {labels[r.start] ?? 'Hours'} <strong>{showRange(r.to.start, r.to.end)}</strong>
          </span>
        ))}
        .
      </p>
      <button type="button" onClick={() => onUse(fix.fields)}>
        Use these hours
      </button>
    </div>
  );
}
