import { DateTime } from 'luxon';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { shiftTypeName } from '../../codes.ts';
import type { CoveragePosting, PickupPosting, TeamMember, TeamShift, WhoCouldTakeEach } from '../../api-types.ts';
import { navigate, useQuery } from '../../router.tsx';
import { can, useAgent } from '../../session.tsx';
import { fromApi, hoursAndMinutes, showRange, showWeekdayMonthDay } from '../../time.ts';
import { DataTable, ErrorText, Field, Loading, Page, Section } from '../../ui/components.tsx';
import { monthGridDays } from '../../ui/month-days.ts';
import { MonthGrid, MonthStep, type DayEvent } from '../../ui/month-grid.tsx';
import { read, useRead, useReadAll } from '../../queries.ts';
import { whoCouldTakeReads } from './who-could-take-reads.ts';
import { WhoCouldTakeText } from '../../ui/who-could-take.tsx';

/** Spec 1 "Team Calendar": its texts, word for word; the empty texts are the Calendar's own. */
export const TEAM_TEXT = {
  title: 'Team Calendar',
  members: 'Team Members',
  all: 'All Members',
  seekingCoverage: (n: number): string => `${n} Seeking Coverage`,
  seekingHours: (n: number): string => `${n} Seeking Hours`,
  noShifts: 'No scheduled shifts.',
  noHours: 'No one is looking to pick up hours.',
  noCoverage: 'No shifts available.',
  /** The server's answer to anyone else (server/routes/team.ts). */
  refused: 'You are unable to see the Team Calendar.',
};

const MEAL_BREAK = 'Meal Break';

/** Spec 1: "five-week month grid", six weeks for a month that spills into a sixth so no day of it is lost. */
const WEEKS = 5;

/** The local day an API instant falls on, yyyy-MM-dd. */
const dayOf = (text: string): string => fromApi(text).toISODate() ?? '';

function countByDay(postings: { startTime: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of postings) counts.set(dayOf(p.startTime), (counts.get(dayOf(p.startTime)) ?? 0) + 1);
  return counts;
}

/** Minutes of [start, end) that fall on a local day. */
function minutesOnDay(start: string, end: string, day: string): number {
  const from = DateTime.fromISO(day).startOf('day');
  const to = from.plus({ days: 1 });
  const a = DateTime.max(fromApi(start), from);
  const b = DateTime.min(fromApi(end), to);
  return Math.max(0, b.diff(a, 'minutes').minutes);
}

/** Scheduled minutes on a day: the shifts' minutes on it, less their meal breaks (unpaid). */
function scheduledMinutes(shifts: TeamShift[], day: string): number {
  let total = 0;
  for (const s of shifts) total += (s.title === MEAL_BREAK ? -1 : 1) * minutesOnDay(s.startTime, s.endTime, day);
  return Math.round(total);
}

/** A yyyy-MM-dd day of the address, or null when it is none. */
function dayFromAddress(text: string | null): string | null {
  return text && /^\d{4}-\d{2}-\d{2}$/.test(text) && DateTime.fromISO(text).isValid ? text : null;
}

/** 'open to trades' (1, or 2: only trades) or 'no trades' (0) (spec 1). */
const tradeText = (openToTrade: number): string => (openToTrade === 0 ? 'no trades' : 'open to trades');

export function TeamCalendarScreen(): ReactNode {
  const { agentId, permissions } = useAgent();
  if (!can(permissions, 'teamCalendar')) {
    return (
      <Page title={TEAM_TEXT.title}>
        <ErrorText message={TEAM_TEXT.refused} />
      </Page>
    );
  }
  return <TeamCalendar agentId={agentId} />;
}

function TeamCalendar({ agentId }: { agentId: number }): ReactNode {
  const team = useRead(read('getAllTeam', agentId));
  const shifts = useRead(read('userTeamShifts', agentId));
  const coverage = useRead(read('teamLookingForCov', agentId));
  const hours = useRead(read('teamLookingForHours', agentId));
  const thisMonth = useMemo(() => DateTime.local().startOf('month'), []);
  // The chosen day is the address (?date=), as the Calendar's is: a reload, Back and a link keep it.
  const selected = dayFromAddress(useQuery().get('date')) ?? DateTime.local().toISODate() ?? '';
  const setSelected = (day: string): void => navigate(`/teamCalendar?date=${day}`, { scroll: false });
  // The month shown: the chosen day's, until the person steps to another (a day chosen by the
  // address, by Back or a link, brings its month with it).
  const [stepped, setStepped] = useState<{ day: string; month: DateTime } | null>(null);
  const month = stepped?.day === selected ? stepped.month : DateTime.fromISO(selected).startOf('month');
  const setMonth = (m: DateTime): void => setStepped({ day: selected, month: m });
  const [memberId, setMemberId] = useState<number | null>(null);
  const headingId = useId();

  const member = team.data?.find((m) => m.agentId === memberId) ?? null;
  const mine = <T extends { agentID: number }>(rows: T[] | null): T[] => (rows ?? []).filter((r) => member === null || r.agentID === member.agentId);
  const memberShifts = mine(shifts.data);
  const memberCoverage = mine(coverage.data);
  const memberHours = mine(hours.data);
  const coverageCounts = countByDay(memberCoverage);
  const dayCoverage = memberCoverage.filter((p) => dayOf(p.startTime) === selected);
  // One read for the day's postings (more past the server's limit): each decides every colleague,
  // and asked together they share one loading of the schedules (server/candidates.ts whoCouldTakeEach).
  const who = useReadAll(whoCouldTakeReads(dayCoverage.map((p) => p.lookingForCoverageID)));
  const hoursCounts = countByDay(memberHours);

  const eventsOf = (day: string): DayEvent[] => {
    const events: DayEvent[] = [];
    const cov = coverageCounts.get(day);
    if (cov) events.push({ text: TEAM_TEXT.seekingCoverage(cov), className: 'team-event seeking-coverage' });
    const hrs = hoursCounts.get(day);
    if (hrs) events.push({ text: TEAM_TEXT.seekingHours(hrs), className: 'team-event seeking-hours' });
    if (member) {
      const minutes = scheduledMinutes(memberShifts, day);
      // The name read out holds the text shown (what a voice-control user says to press it).
      if (minutes > 0) events.push({ text: `${Math.floor(minutes / 60)}h ${minutes % 60}m`, more: ' scheduled', className: 'team-event scheduled' });
    }
    return events;
  };

  const error = team.error ?? shifts.error ?? coverage.error ?? hours.error;
  const loading = team.loading || shifts.loading || coverage.loading || hours.loading;
  // The reads hold last month to next month (server/routes/team.ts).
  const first = thisMonth.minus({ months: 1 });
  const last = thisMonth.plus({ months: 1 });

  return (
    <Page title={TEAM_TEXT.title}>
      {error && <ErrorText message={error} />}
      {loading && <Loading />}
      {team.data && (
        <Field label={TEAM_TEXT.members}>
          {(id) => (
            <select id={id} value={memberId ?? ''} onChange={(e) => setMemberId(e.target.value ? Number(e.target.value) : null)}>
              <option value="">{TEAM_TEXT.all}</option>
              {team.data?.map((m) => (
                <option key={m.agentId} value={m.agentId}>
                  {m.initials}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <div className="team-month-head">
        <MonthStep by={-1} disabled={month <= first} onStep={() => setMonth(month.minus({ months: 1 }))} />
        <h2 id={headingId} aria-live="polite">
          {month.toFormat('LLLL yyyy')}
        </h2>
        <MonthStep by={1} disabled={month >= last} onStep={() => setMonth(month.plus({ months: 1 }))} />
      </div>
      <MonthGrid
        month={month.toFormat('yyyy-MM')}
        days={monthGridDays(month.toFormat('yyyy-MM'), WEEKS)}
        selected={selected}
        onSelect={setSelected}
        eventsOf={eventsOf}
        labelledBy={headingId}
        className="team-grid"
        dayClassName="team-day"
      />
      {!loading && !error && (
        <TeamDay selected={selected} member={member} memberShifts={memberShifts} memberHours={memberHours} dayCoverage={dayCoverage} who={who} />
      )}
    </Page>
  );
}

/** The chosen day: the member's hours, and the team's shifts and postings of that day. */
function TeamDay(props: {
  selected: string;
  member: TeamMember | null;
  memberShifts: TeamShift[];
  memberHours: PickupPosting[];
  dayCoverage: CoveragePosting[];
  who: { data: WhoCouldTakeEach[] | null; error: string | null };
}): ReactNode {
  const { selected, member, memberShifts, memberHours, dayCoverage, who } = props;
  const whoOf = (id: number): WhoCouldTakeEach | null => who.data?.find((w) => w.id === id) ?? null;
  return (
    <div className="team-day-details">
      <h2>{showWeekdayMonthDay(DateTime.fromISO(selected))}</h2>
      {member && (
        <p className="team-member-hours">
          {member.initials} is scheduled for {hoursAndMinutes(scheduledMinutes(memberShifts, selected))} on this date.
        </p>
      )}
      <Section title="Scheduled Shifts" level={3}>
        <DataTable
          rows={memberShifts.filter((s) => s.title !== MEAL_BREAK && dayOf(s.startTime) === selected)}
          rowKey={(s) => s.id}
          empty={TEAM_TEXT.noShifts}
          columns={[
            { header: 'Initials', cell: (s) => s.initials },
            { header: 'Time', cell: (s) => showRange(s.startTime, s.endTime) },
            { header: 'Shift Type', cell: (s) => shiftTypeName(s.type) },
          ]}
        />
      </Section>
      <Section title="Team Members Seeking Hours" level={3}>
        <DataTable
          rows={memberHours.filter((p) => dayOf(p.startTime) === selected)}
          rowKey={(p) => p.lookingToPickUpID}
          empty={TEAM_TEXT.noHours}
          columns={[
            { header: 'Initials', cell: (p) => p.initials },
            { header: 'Time Available', cell: (p) => showRange(p.startTime, p.endTime) },
            { header: 'Agent Type', cell: (p) => p.agentType },
            { header: 'Notes', cell: (p) => p.notes },
          ]}
        />
      </Section>
      <Section title="Team Members Seeking Coverage" level={3}>
        <DataTable
          rows={dayCoverage}
          rowKey={(p) => p.lookingForCoverageID}
          empty={TEAM_TEXT.noCoverage}
          columns={[
            { header: 'Initials', cell: (p) => p.initials },
            { header: 'Time Giving Up', cell: (p) => showRange(p.startTime, p.endTime) },
            { header: 'Shift Type', cell: (p) => shiftTypeName(p.type) },
            { header: 'Open To Trade?', cell: (p) => tradeText(p.openToTrade) },
            { header: 'Notes', cell: (p) => p.notes },
            { header: 'Who Could Cover', cell: (p) => <WhoCouldTakeText who={whoOf(p.lookingForCoverageID)} error={who.error} /> },
          ]}
        />
      </Section>
    </div>
  );
}
