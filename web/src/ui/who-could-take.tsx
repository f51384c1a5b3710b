import type { ReactNode } from 'react';
import type { WhoCouldTake } from '../api-types.ts';
import { read, useRead } from '../queries.ts';

/** The read of each kind of posting (server/routes/candidates.ts). */
const READS = {
  coveragePosting: 'whoCouldTakeCoveragePosting',
  pickupPosting: 'whoCouldTakePickupPosting',
  openShift: 'whoCouldTakeOpenShift',
} as const;

/**
 * Who could take a posting or an open shift as posted (GET /api/whoCouldTake..., issue 21): its
 * poster is told how many colleagues could; supervisors and above, who may see others'
 * schedules, also who, and for everyone else the rule's message that stops them.
 */
export function WhoCouldCover({ postingId, kind = 'coveragePosting' }: { postingId: number; kind?: keyof typeof READS }): ReactNode {
  const who = useRead(read(READS[kind], postingId));
  return <WhoCouldTakeText who={who.data} error={who.error} />;
}

/**
 * One posting's answer, read by the screen (several at once: the Team Calendar's day asks
 * whoCouldTakeCoveragePostings once for all its rows); null while it loads.
 */
export function WhoCouldTakeText({ who, error }: { who: WhoCouldTake | null; error: string | null }): ReactNode {
  if (error) return <span className="who-could-take error">{error}</span>;
  if (!who) return <span className="who-could-take">…</span>;
  const { could, of, people } = who;
  const count = `${could} of ${of} colleague${of === 1 ? '' : 's'} could take this`;
  if (!people) return <span className="who-could-take">{count}</span>;
  return (
    <details className="who-could-take">
      <summary>{count}</summary>
      <ul>
        {people.map((p) => (
          <li key={p.agentId}>
            {p.initials ?? p.fullName}: {p.could ? 'could take it' : (p.message ?? p.outcome)}
          </li>
        ))}
      </ul>
    </details>
  );
}
