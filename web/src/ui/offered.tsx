import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { OFFERED_KEY, offeredDecision, type Preview } from '../engine.ts';
import { Link } from '../router.tsx';
import { useDialogs } from './dialogs.tsx';

/**
 * An action as the screens offer it (issue 20, defect 3): what the rules refuse for who the
 * person is or the state of the thing, whatever they would choose in its form, is decided by the
 * same engine and rule files as the server (engine/offered.ts), never by checks written here.
 * Until that is known, and when it cannot be, the action is offered and the server decides.
 */
function useOffered(action: string, input: Record<string, unknown>): Preview | null {
  const { data } = useQuery({
    // Every action refreshes ['offered'] (queries.ts): what one changes may change what is offered.
    queryKey: [OFFERED_KEY, action, input],
    queryFn: () => offeredDecision(action, input),
    // Not a read of the server's: a failed check offers the action, which the server then decides.
    retry: false,
  });
  return data ?? null;
}

/**
 * A link to an action's screen, or, when the rules refuse the action whatever is chosen there,
 * a button marked disabled whose rule's message is its description: on a line beside it
 * (`explain: 'line'`), where the person would wonder why, or as its tooltip (`'tooltip'`), where
 * it repeats down a list. Pressing it shows the message.
 */
export function OfferedLink({
  action,
  input,
  to,
  children,
  className,
  explain = 'line',
}: {
  action: string;
  input: Record<string, unknown>;
  to: string;
  children: ReactNode;
  className?: string;
  explain?: 'line' | 'tooltip';
}): ReactNode {
  const offered = useOffered(action, input);
  const { alert } = useDialogs();
  const id = useId();
  if (offered?.outcome !== 'error') {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  const message = offered.message ?? '';
  return (
    <span className="refused-action">
      <button
        type="button"
        className={className}
        aria-disabled="true"
        aria-describedby={explain === 'line' ? id : undefined}
        title={message}
        data-rule={offered.rule ?? undefined}
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
