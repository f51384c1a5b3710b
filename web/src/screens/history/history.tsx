import { useId, useState, type ReactNode } from 'react';
import { useParameter, useTextParameter } from '../../engine.ts';
import { allowed, useAgent } from '../../session.tsx';
import { showDateTime, showRange } from '../../time.ts';
import { DataTable, ErrorText, Field, Loading, Page, Section } from '../../ui/components.tsx';
import { read, useRead } from '../../queries.ts';

/** Spec 3 "Recent Activity" and spec 1 "History screen": the texts, word for word. */
export const HISTORY_TEXT = {
  title: 'Recent Activity',
  /** rules/parameters.json's historyDays, as the server's reads count them. */
  note: (days: number): string => `History goes back ${days} days.`,
  empty: 'No activity to display.',
};

/**
 * The offer log selectors of spec 1 (section 6 says who sees which; rules/roles.json's offerLogs
 * permission holds it), in the spec's order, each with the read that lists its people.
 */
const OFFER_LOGS = [
  { value: 'supervisors', label: 'Supervisor Offer Log', people: 'getSups' },
  { value: 'accountManagers', label: 'Account Manager Offer Log', people: 'getAMs' },
  { value: 'callSpecialists', label: 'Call Specialist Offer Log', people: 'getCallSpecialists' },
  { value: 'mine', label: 'My Offer Log', people: null },
] as const;

type LogChoice = (typeof OFFER_LOGS)[number];

/** A scrollable list of dated lines (spec 3: "several scrollable lists"), or the spec's empty text. */
function ActivityList({ label, lines }: { label: string; lines: { key: number; at: string; text: string }[] }): ReactNode {
  if (lines.length === 0) return <p className="empty">{HISTORY_TEXT.empty}</p>;
  return (
    // Focusable so that a keyboard can scroll it.
    <ul className="history-list" tabIndex={0} aria-label={label}>
      {lines.map((l) => (
        <li key={l.key}>
          <span className="history-when">{showDateTime(l.at)}</span> <span>{l.text}</span>
        </li>
      ))}
    </ul>
  );
}

function OfferLog({ agentId, label }: { agentId: number; label: string }): ReactNode {
  const { data, error, loading } = useRead(read('getOfferHistory', agentId));
  if (error) return <ErrorText message={error} />;
  if (loading || !data) return <Loading />;
  return <ActivityList label={label} lines={data.map((l) => ({ key: l.id, at: l.dateTime, text: l.message ?? '' }))} />;
}

/** Someone else's log: their initials chosen from the selector's people. */
function OthersLog({ log }: { log: LogChoice & { people: string } }): ReactNode {
  const people = useRead(read(log.people));
  const [chosen, setChosen] = useState<number | null>(null);
  const person = people.data?.find((p) => p.agentId === chosen);
  return (
    <>
      {people.error && <ErrorText message={people.error} />}
      {people.loading && <Loading />}
      {people.data && (
        <Field label="Agent">
          {(id) => (
            <select id={id} value={chosen ?? ''} onChange={(e) => setChosen(e.target.value ? Number(e.target.value) : null)}>
              <option value="">Choose an agent</option>
              {people.data?.map((p) => (
                <option key={p.agentId} value={p.agentId}>
                  {p.initials}
                  {p.fullName ? ` - ${p.fullName}` : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {person && <OfferLog key={person.agentId} agentId={person.agentId} label={`${log.label}: ${person.initials ?? ''}`} />}
    </>
  );
}

function OfferLogs(): ReactNode {
  const { agentId, permissions } = useAgent();
  const open = allowed(permissions, 'offerLogs');
  // Everyone sees their own (spec 1 section 6), whatever the roles file lists.
  const choices = OFFER_LOGS.filter((l) => l.value === 'mine' || open.includes(l.value));
  const [value, setValue] = useState<LogChoice['value']>('mine');
  const name = useId();
  const chosen = choices.find((c) => c.value === value) ?? OFFER_LOGS[3];
  return (
    <Section title={chosen.label}>
      {choices.length > 1 && (
        <fieldset className="history-selectors">
          <legend>Offer Log</legend>
          {choices.map((c) => (
            <label key={c.value}>
              <input type="radio" name={name} value={c.value} checked={c.value === chosen.value} onChange={() => setValue(c.value)} /> {c.label}
            </label>
          ))}
        </fieldset>
      )}
      {chosen.people === null ? <OfferLog agentId={agentId} label={chosen.label} /> : <OthersLog key={chosen.value} log={chosen} />}
    </Section>
  );
}

function ApprovedPersonalList(): ReactNode {
  const { data, error, loading } = useRead(read('approvedPersonal'));
  return (
    <Section title="Personal Time Approved">
      {error && <ErrorText message={error} />}
      {loading && <Loading />}
      {data && (
        <ActivityList
          label="Personal Time Approved"
          lines={data.map((p) => ({ key: p.id, at: p.requestedAt, text: `${p.initials ?? ''}: ${showRange(p.startTime, p.endTime)} (${p.minutes} minutes)` }))}
        />
      )}
    </Section>
  );
}

interface StatRow {
  name: string;
  mine: string;
  everyone: string;
}

/** A YYYY-MM-DD date as the spec writes one in the Stats header: month/day/two-digit year. */
function shortDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${Number(m)}/${Number(d)}/${(y ?? '').slice(2)}`;
}

/** What the Stats rows count (server/routes/history.ts stats), said plainly, from `since` (statsSince, M/D/YY). */
const statsText = (since: string): { minutes: string; note: string } => ({
  minutes: 'Minutes worked on shifts picked up',
  note: `Minutes worked on shifts picked up from others (coverage taken and open shifts claimed), from ${since} until now, meal breaks left out. Shift Changes counts the accepted offers each person was part of.`,
});

/** Spec 3 "Stats": the user's totals beside everyone's since statsSince (rules/parameters.json); spec 1: minutes worked compared. */
function StatsTable(): ReactNode {
  const { agentId } = useAgent();
  const since = useTextParameter('statsSince');
  const stats = statsText(since === null ? '…' : shortDate(since));
  const mine = useRead(read('getMyStats', agentId));
  const all = useRead(read('getAllStats'));
  const error = mine.error ?? all.error;
  const m = mine.data?.[0];
  const a = all.data?.[0];
  const number = (n: number | undefined): string => (n ?? 0).toLocaleString('en-US');
  const rows: StatRow[] =
    m && a
      ? [
          { name: stats.minutes, mine: number(m.minWorked), everyone: number(a.minWorked) },
          { name: 'Shift Changes', mine: number(m.shiftChanges), everyone: number(a.shiftChanges) },
        ]
      : [];
  return (
    <Section title="Stats">
      <p className="muted">{stats.note}</p>
      {error && <ErrorText message={error} />}
      {(mine.loading || all.loading) && <Loading />}
      {m && a && (
        <DataTable
          rows={rows}
          rowKey={(r) => r.name}
          empty={HISTORY_TEXT.empty}
          columns={[
            { header: 'Stat', cell: (r) => r.name },
            { header: 'Your Total', cell: (r) => r.mine },
            { header: `Total For Everyone Since ${since === null ? '…' : shortDate(since)}`, cell: (r) => r.everyone },
          ]}
        />
      )}
    </Section>
  );
}

export function HistoryScreen(): ReactNode {
  const days = useParameter('historyDays');
  return (
    <Page title={HISTORY_TEXT.title}>
      {days !== null && <p className="muted">{HISTORY_TEXT.note(days)}</p>}
      <OfferLogs />
      <ApprovedPersonalList />
      <StatsTable />
    </Page>
  );
}
