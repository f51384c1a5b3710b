import type { ReactNode } from 'react';
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
  if (who.error) return <span className="who-could-take error">{who.error}</span>;
  if (!who.data) return <span className="who-could-take">…</span>;
  const { could, of, people } = who.data;
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
