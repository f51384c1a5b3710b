import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { actionPathOf, sendAction, type ActionAnswer, type ActionRequest, type Answer } from '../api.ts';
import { refreshAfter } from '../queries.ts';
import { useDialogs } from './dialogs.tsx';

/** An action call (its path, parameters and body, typed by the API: ActionRequest) and how to send it. */
export type ActionCall = ActionRequest & SendOptions;

interface SendOptions {
  /** Asked before anything is sent: the spec's confirmation prompts of the screens. */
  confirm?: string;
  /** Sent already confirmed: the screen's `confirm` is the action's prompt (acceptOffer's, which no rule asks). */
  confirmed?: boolean;
  /**
   * A call made once the person has said yes, just before the call that acts (after the screen's
   * prompt of a call sent `confirmed`, else after the rule's prompt): saving an offer's comment.
   * When it fails, what went wrong is shown and the action is not sent. Nothing is prepared for a
   * call the rules refuse before their prompt, nor for one they let through without asking.
   */
  prepare?: () => Promise<Answer<ActionAnswer>>;
  /**
   * The browser's decision of this very call (the form's preview, web/src/engine.ts): a refusal
   * is shown as the server would word it and not sent, since the server decides it the same way.
   */
  decided?: { outcome: string; message?: string | null } | null;
  /** Shown on success when the server has no text of its own. */
  success?: string;
  /** Keep the button locked at least this long (spec 2: the 1-second submit lock). */
  lockMs?: number;
  /** Don't show the success text (the caller shows it, or moves on). */
  quiet?: boolean;
  /**
   * The spec's failure text for this call ('FAILURE: Error creating log entry.'), shown before
   * what went wrong when the call failed without a decision (no connection, a server error).
   */
  failure?: string;
}

export interface Submitted {
  ok: boolean;
  answer: Answer<ActionAnswer> | null;
}

/**
 * Sends an action the way every screen does: the screen's own confirmation first, then the call;
 * a rule's confirmation prompt ("outcome": "confirm") is asked and the call repeated with
 * confirmed; the server's message (success or refusal) is shown word for word. Each answer that
 * decided something (done or refused: a refusal may mean the thing changed under the person)
 * refreshes the reads the action changes (queries.ts), and only those.
 */
export function useSubmit(): { submit: (call: ActionCall) => Promise<Submitted>; busy: boolean } {
  const { alert, confirm } = useDialogs();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const client = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationFn: ({ call, confirmed }: { call: ActionCall; confirmed: boolean }): Promise<Answer<ActionAnswer>> => sendAction(call, confirmed),
    onSuccess: (res, { call }) => {
      const decided = res.ok ? res.data.outcome !== 'confirm' : res.status !== 0;
      if (decided) refreshAfter(client, actionPathOf(call), 'body' in call ? (call.body as Record<string, unknown> | undefined) : undefined);
    },
  });
  const submit = useCallback(
    async (call: ActionCall): Promise<Submitted> => {
      if (inFlight.current) return { ok: false, answer: null };
      if (call.decided?.outcome === 'error') {
        await alert(call.decided.message ?? '');
        return { ok: false, answer: null };
      }
      if (call.confirm && !(await confirm(call.confirm))) return { ok: false, answer: null };
      inFlight.current = true;
      setBusy(true);
      const started = Date.now();
      try {
        const send = (confirmed: boolean): Promise<Answer<ActionAnswer>> => mutateAsync({ call, confirmed });
        const prepared = async (): Promise<Answer<ActionAnswer> | null> => {
          const done = call.prepare ? await call.prepare() : null;
          if (done && !done.ok) await alert(done.error);
          return done && !done.ok ? done : null;
        };
        let res: Answer<ActionAnswer>;
        if (call.confirmed) {
          const failed = await prepared();
          if (failed) return { ok: false, answer: failed };
          res = await send(true);
        } else {
          res = await send(false);
          if (res.ok && res.data.outcome === 'confirm') {
            if (!(await confirm(res.data.message ?? ''))) return { ok: false, answer: res };
            const failed = await prepared();
            if (failed) return { ok: false, answer: failed };
            res = await send(true);
          }
        }
        if (!res.ok) {
          const undecided = res.status === 0 || res.status >= 500;
          await alert(call.failure && undecided ? `${call.failure} ${res.error}` : res.error);
          return { ok: false, answer: res };
        }
        for (const w of res.data.warnings ?? []) await alert(w);
        const text = res.data.message ?? call.success;
        if (text && !call.quiet) await alert(text);
        return { ok: true, answer: res };
      } finally {
        const wait = (call.lockMs ?? 0) - (Date.now() - started);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        inFlight.current = false;
        setBusy(false);
      }
    },
    [alert, confirm, mutateAsync],
  );
  return { submit, busy };
}
