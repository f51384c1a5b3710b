import { useId, useState, type ReactNode } from 'react';
import type { TakeCandidate, WhoCouldTake } from '../api-types.ts';
import { read, useRead, type Read } from '../queries.ts';

/** The read of each kind of posting (server/routes/candidates.ts). */
const READS = {
  coveragePosting: 'whoCouldTakeCoveragePosting',
  pickupPosting: 'whoCouldTakePickupPosting',
  openShift: 'whoCouldTakeOpenShift',
} as const;

export type WhoCouldTakeKind = keyof typeof READS;

/** The read of who could take one posting or open shift, for a screen to ask it before it is shown. */
export const whoCouldTakeRead = (kind: WhoCouldTakeKind, postingId: number): Read<WhoCouldTake> => read(READS[kind], postingId);

/**
 * Who could take a posting or an open shift as posted (GET /api/whoCouldTake..., issue 21): its
 * poster is told how many colleagues could; supervisors and above, who may see others'
 * schedules, also who, and for everyone else the rule's message that stops them.
 */
export function WhoCouldCover({ postingId, kind = 'coveragePosting' }: { postingId: number; kind?: WhoCouldTakeKind }): ReactNode {
  const who = useRead(whoCouldTakeRead(kind, postingId));
  return <WhoCouldTakeText who={who.data} error={who.error} />;
}

/** The heading of those who could take it. */
const COULD_TAKE = 'Could take it';

interface Group {
  title: string;
  people: TakeCandidate[];
}

const nameOf = (p: TakeCandidate): string => (p.initials ? `${p.fullName} (${p.initials})` : p.fullName);

/**
 * Everyone asked, grouped by what they would be told: first those who could, then each rule's
 * message with the people it stops, the largest group first; names in order within each.
 */
function groupsOf(people: TakeCandidate[]): Group[] {
  const byTitle = new Map<string, TakeCandidate[]>();
  for (const p of people) {
    const title = p.could ? COULD_TAKE : (p.message ?? p.outcome);
    byTitle.set(title, [...(byTitle.get(title) ?? []), p]);
  }
  const groups = [...byTitle].map(([title, list]) => ({ title, people: list.sort((a, b) => nameOf(a).localeCompare(nameOf(b))) }));
  return groups.sort((a, b) => Number(b.title === COULD_TAKE) - Number(a.title === COULD_TAKE) || b.people.length - a.people.length);
}

/** The list behind the count: a filter by name, and the groups, each folded away but the first. */
function PeopleList({ people }: { people: TakeCandidate[] }): ReactNode {
  const [filter, setFilter] = useState('');
  const id = useId();
  const wanted = filter.trim().toLowerCase();
  const shown = wanted ? people.filter((p) => nameOf(p).toLowerCase().includes(wanted)) : people;
  return (
    <div className="who-list">
      <label htmlFor={id}>Filter by name</label>
      <input id={id} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      {shown.length === 0 && <p className="muted">No one of that name.</p>}
      {groupsOf(shown).map((g) => (
        <details key={g.title} className="who-group" open={g.title === COULD_TAKE || wanted !== ''}>
          <summary>
            {g.title} <span className="who-count">({g.people.length})</span>
          </summary>
          <ul>
            {g.people.map((p) => (
              <li key={p.agentId}>{nameOf(p)}</li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
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
      <PeopleList people={people} />
    </details>
  );
}
