import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { rulesWentLive } from './engine.ts';
import { refreshOnEvent } from './queries.ts';

/** GET /api/events' `change` event (server/events/routes.ts). */
interface Change {
  action: string;
  actor: number;
  records: Record<string, number[]>;
}

/**
 * The call path and body an action's own screen would have sent, as far as its event tells: the
 * offer an offer action names goes where the call names it, so the same map (queries.ts) decides
 * what is out of date whoever took the action.
 */
function callOf(change: Change): { path: string; body: Record<string, unknown> | undefined } {
  const offer = change.records.offers?.[0];
  return { path: offer === undefined ? `/${change.action}` : `/${change.action}/${offer}`, body: offer === undefined ? undefined : { OfferID: offer } };
}

/**
 * While signed in, the browser holds one stream of what changed for this person (issue 21) and
 * refreshes exactly the reads each action changes, as after one's own. EventSource reconnects by
 * itself and sends the last event id, so what happened meanwhile arrives too; when the server no
 * longer knows it (`reset`), every read is asked again. When another rule set goes live (`rules`,
 * also sent on a reconnect), the page fetches it and decides its open forms again (engine.ts).
 */
export function useLiveUpdates(agentId: number | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (agentId === null || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource('/api/events');
    source.addEventListener('change', (e) => {
      const change = JSON.parse((e as MessageEvent<string>).data) as Change;
      const { path, body } = callOf(change);
      refreshOnEvent(client, path, body, change.actor === agentId);
    });
    source.addEventListener('reset', () => void client.invalidateQueries());
    source.addEventListener('rules', (e) => {
      const { version } = JSON.parse((e as MessageEvent<string>).data) as { version: string };
      rulesWentLive(client, version);
    });
    return () => source.close();
  }, [agentId, client]);
}
