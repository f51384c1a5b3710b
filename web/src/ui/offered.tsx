import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useId, type ReactNode } from 'react';
import { OFFERED_KEY, offeredDecision, previewDecision, type Preview } from '../engine.ts';
import { Link } from '../router.tsx';
import { Loading } from './components.tsx';
import { useDialogs } from './dialogs.tsx';
import { findFix } from './suggestion.tsx';

/**
 * An action as the screens offer it (issue 20, defect 3): what the rules refuse for who the
 * person is or the state of the thing, whatever they would choose in its form, is decided by the
 * same engine and rule files as the server (engine/offered.ts), never by checks written here.
 * Until that is known, and when it cannot be, the action is offered and the server decides.
 */

/** The search for other hours does not wait on the page: nothing here is typed while it runs. */
const NO_PAUSE = (): Promise<void> => Promise.resolve();

/**
 * Decided as offered; then, with `whole` (the input with the hours as posted, for an action whose
 * rule file can search for other hours), the whole hours too: refused, and no other hours found
 * that pass (an open shift inside one's own shift), the action is refused whatever is chosen.
 */
async function offeredAnswer(action: string, input: Record<string, unknown>, whole: Record<string, unknown> | undefined): Promise<Preview | null> {
  const offered = await offeredDecision(action, input);
  if (offered?.outcome === 'error' || !whole) return offered;
  const decided = await previewDecision(action, whole);
  if (decided?.outcome !== 'error') return offered;
  return (await findFix(action, whole, NO_PAUSE)) ? offered : decided;
}

/**
 * True while the checks below are to wait: what a screen shows first (the day panel's count of who
 * could take a posting) is asked before them, since on PGlite the server answers one request at a
 * time and each check is one. Until a check is asked, its action is offered as when it cannot be told.
 */
export const OfferedChecksWait = createContext(false);

/**
 * How long an answer is reused by a screen shown again (a day reopened): every action, here or told
 * by the live stream, and every rule set gone live asks again at once (queries.ts, engine.ts); this
 * bounds what time alone changes (a shift drawing near), which the server decides on submit anyway.
 */
const OFFERED_FRESH_MS = 60_000;

function useOffered(action: string, input: Record<string, unknown>, whole?: Record<string, unknown>): { offered: Preview | null; settled: boolean } {
  const wait = useContext(OfferedChecksWait);
  const { data, isPending } = useQuery({
    // Every action refreshes ['offered'] (queries.ts): what one changes may change what is offered.
    queryKey: [OFFERED_KEY, action, input, whole ?? null],
    queryFn: () => offeredAnswer(action, input, whole),
    enabled: !wait,
    staleTime: OFFERED_FRESH_MS,
    // Not a read of the server's: a failed check offers the action, which the server then decides.
    retry: false,
  });
  return { offered: data ?? null, settled: !isPending };
}

/**
 * An action the rules refuse, shown as such: a button marked disabled whose rule's message is its
 * description, on a line beside it (`explain: 'line'`), where the person would wonder why, or as
 * its tooltip (`'tooltip'`), where it repeats down a list. Pressing it shows the message.
 */
export function RefusedAction({ message, rule, children, className, explain = 'line' }: { message: string; rule?: string | null; children: ReactNode; className?: string; explain?: 'line' | 'tooltip' }): ReactNode {
  const { alert } = useDialogs();
  const id = useId();
  return (
    <span className="refused-action">
      <button
        type="button"
        className={className}
        aria-disabled="true"
        aria-describedby={explain === 'line' ? id : undefined}
        title={message}
        data-rule={rule ?? undefined}
        onClick={() => void alert(message)}
      >
        {children}
      </button>
      {explain === 'line' && (
        <span id={id} className="refusal">
          {message}
        </span>
      )}
    </span>
  );
}

/**
 * A link to an action's screen, or, when the rules refuse the action whatever is chosen there,
 * the action shown refused (RefusedAction). `whole`: the input with the posted hours, for an
 * action whose hours are chosen in its form (a claim).
 */
export function OfferedLink({
  action,
  input,
  whole,
  to,
  children,
  className,
  explain = 'line',
}: {
  action: string;
  input: Record<string, unknown>;
  whole?: Record<string, unknown>;
  to: string;
  children: ReactNode;
  className?: string;
  explain?: 'line' | 'tooltip';
}): ReactNode {
  const { offered } = useOffered(action, input, whole);
  if (offered?.outcome !== 'error') {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <RefusedAction message={offered.message ?? ''} rule={offered.rule} className={className} explain={explain}>
      {children}
    </RefusedAction>
  );
}

/**
 * A form opened at its address, as the calendar would have offered it: when the rules refuse the
 * action whatever is chosen, the refusal is said at once instead of a form that can only be
 * refused (and nothing is asked of the server for a form not shown).
 */
export function OfferedGate({ action, input, children }: { action: string; input: Record<string, unknown>; children: ReactNode }): ReactNode {
  const { offered, settled } = useOffered(action, input);
  if (!settled) return <Loading what="Checking the rules" />;
  if (offered?.outcome !== 'error') return children;
  return (
    <div className="offered-refusal" data-rule={offered.rule ?? undefined}>
      <p className="refusal" role="alert">
        {offered.message}
      </p>
      {offered.rule && (
        <p>
          <Link to={`/rules#${offered.rule}`}>Why?</Link>
        </p>
      )}
    </div>
  );
}
