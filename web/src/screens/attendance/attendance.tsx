import { useState, type ReactNode } from 'react';
import type { PaidTimeRow, TeamMember, TrainingRow } from '../../api-types.ts';
import { Link, navigate, useQuery } from '../../router.tsx';
import { allowed, can, useAgent } from '../../session.tsx';
import { showDateTime, showRange } from '../../time.ts';
import { DataTable, ErrorText, Field, Loading, Page, Section, type Column } from '../../ui/components.tsx';
import { BarChart } from './bar-chart.tsx';
import {
  absenceCounts,
  benefitHoursText,
  benefitYearMinutes,
  hours,
  monthLabel,
  monthName,
  quarterOf,
  quarterTotals,
  reasonName,
  supervisorsAndAgents,
  trainingColumns,
  trainingColumnName,
  violationName,
} from './model.ts';
import { monthlyMinimum, quarterlyMinimums, type TrainerShift } from '../../../../engine/roles.ts';
import { useCodes, useParameter, useRoles } from '../../engine.ts';
import { read, useRead } from '../../queries.ts';

/**
 * Attendance (spec 3 "Attendance", sections 6 and 9): one's own summary, absences, hours worked
 * per month and training hours; those attendanceOthers gives "agents" open an agent's through a selector, those it gives "supervisors" pick
 * from a list of all supervisors and agents (rules/roles.json attendanceOthers). The person shown
 * is in the address (?agent={id}), so a reload or Back shows the same.
 */

/** GET /getAttendanceAgents: whose attendance the viewer may open. */
type Person = TeamMember;

const personName = (p: Person): string => [p.initials, p.fullName].filter(Boolean).join(' - ');

export function AttendanceScreen(): ReactNode {
  const agent = useAgent();
  const others = allowed(agent.permissions, 'attendanceOthers');
  const everyone = others.includes('supervisors');
  const people = useRead(others.length > 0 ? read('getAttendanceAgents') : null);
  const asked = Number(useQuery().get('agent'));
  const chosen = Number.isInteger(asked) && asked > 0 && asked !== agent.agentId ? asked : null;
  const person = chosen === null ? null : (people.data?.find((p) => p.agentId === chosen) ?? null);
  const show = (id: number | null): void => navigate(id === null ? '/attendance' : `/attendance?agent=${id}`);

  return (
    <Page title="Attendance">
      {people.error && <ErrorText message={people.error} />}
      {others.length > 0 && people.loading && <Loading what="Loading the people you can look up" />}
      {people.data && everyone && <PeopleList people={people.data} chosen={chosen} />}
      {people.data && !everyone && (
        <div className="attendance-selector">
          <Field label="View attendance of">
            {(id) => (
              <select id={id} value={chosen ?? ''} onChange={(e) => show(e.target.value ? Number(e.target.value) : null)}>
                <option value="">My attendance</option>
                {people.data?.map((p) => (
                  <option key={p.agentId} value={p.agentId}>
                    {personName(p)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      )}
      {chosen === null ? (
        <AttendanceOf agentId={agent.agentId} agentType={agent.rankNumber} whose={null} training={can(agent.permissions, 'attendanceTraining')} />
      ) : person ? (
        <AttendanceOf key={person.agentId} agentId={person.agentId} agentType={person.agentType} whose={personName(person)} training={can(agent.permissions, 'attendanceTraining')} />
      ) : people.data || others.length === 0 ? (
        <ErrorText message={others.length === 0 ? 'You can only see your own attendance.' : `Agent ${chosen} is not among the people whose attendance you can see.`} />
      ) : null}
    </Page>
  );
}

/** Those attendanceOthers gives "supervisors": every supervisor and agent, found by initials or name. */
function PeopleList({ people, chosen }: { people: Person[]; chosen: number | null }): ReactNode {
  const [find, setFind] = useState('');
  const needle = find.trim().toLowerCase();
  const roles = useRoles();
  const shown = needle ? people.filter((p) => personName(p).toLowerCase().includes(needle)) : people;
  const split = roles && supervisorsAndAgents(shown, roles);
  const groups = split
    ? [
        { title: 'Supervisors', list: split.supervisors },
        { title: 'Agents', list: split.agents },
      ]
    : [];
  return (
    <Section title="Supervisors and Agents" collapsible>
      <div className="attendance-find">
        <Field label="Find a person" hint="Initials or name">
          {(id) => <input id={id} type="search" value={find} onChange={(e) => setFind(e.target.value)} />}
        </Field>
        <Link to="/attendance" aria-current={chosen === null ? 'page' : undefined}>
          My attendance
        </Link>
      </div>
      <div className="attendance-people">
        {!split && <Loading what="Loading who is listed among the supervisors" />}
        {groups.map((g) => (
          <div key={g.title}>
            <h3>{g.title}</h3>
            {g.list.length === 0 ? (
              <p className="empty">No one matches.</p>
            ) : (
              <ul aria-label={g.title}>
                {g.list.map((p) => (
                  <li key={p.agentId}>
                    <Link to={`/attendance?agent=${p.agentId}`} aria-current={p.agentId === chosen ? 'page' : undefined}>
                      {personName(p)}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
    </Section>
  );
}

function AttendanceOf({ agentId, agentType, whose, training }: { agentId: number; agentType: number; whose: string | null; training: boolean }): ReactNode {
  const paid = useRead(read('userPaidTime', agentId));
  return (
    <>
      {whose && (
        <p className="attendance-whose" role="status">
          Showing the attendance of <strong>{whose}</strong>.
        </p>
      )}
      <Summary agentId={agentId} paid={paid.data} />
      <Section title="Hours Worked">
        {paid.error && <ErrorText message={paid.error} />}
        {paid.loading && <Loading />}
        {paid.data && <HoursWorked rows={paid.data} agentType={agentType} />}
      </Section>
      {training && <TrainingHours agentId={agentId} agentType={agentType} />}
    </>
  );
}

function Summary({ agentId, paid }: { agentId: number; paid: PaidTimeRow[] | null }): ReactNode {
  const absences = useRead(read('getAttendance', agentId));
  const vacation = useRead(read('userPastVacationAttendance', agentId));
  const benefit = useRoles()?.minimums.benefitYear;
  // rules/parameters.json's attendanceWindowMinutes, in days (90).
  const windowMinutes = useParameter('attendanceWindowMinutes');
  const days = windowMinutes === null ? '…' : String(windowMinutes / 1440);
  const year = paid && benefit ? benefitYearMinutes(paid, benefit.startMonth) : null;
  return (
    <>
      <Section title="Summary">
        {absences.error && <ErrorText message={absences.error} />}
        {vacation.error && <ErrorText message={vacation.error} />}
        {(absences.loading || vacation.loading) && <Loading />}
        {absences.data && vacation.data && (
          <dl className="attendance-counts">
            {absenceCounts(absences.data).map((c) => (
              <div key={c.label}>
                <dt>{c.label}</dt>
                <dd>{c.count}</dd>
              </div>
            ))}
            <div>
              <dt>Vacation used for attendance</dt>
              <dd>{hours(vacation.data[0]?.minVacation)} hours</dd>
            </div>
          </dl>
        )}
        {year && benefit && (
          <p>
            Paid hours since {monthLabel(year.from)}: <strong>{hours(year.minutes)}</strong>. A year runs {monthName(benefit.startMonth)} to{' '}
            {monthName(benefit.startMonth)}: {benefitHoursText(benefit.hours)}.
          </p>
        )}
        <p className="muted">Attendance and absences go back {days} days; a record falls off {days} days after its start.</p>
      </Section>
      <Section title="Absences">
        {absences.loading && <Loading />}
        {absences.data && (
          <DataTable
            rows={absences.data}
            rowKey={(a) => a.noticeID}
            empty={`No absences in the last ${days} days.`}
            columns={[
              { header: 'Shift Time', cell: (a) => showRange(a.startTime, a.endTime) },
              { header: 'Type', cell: (a) => violationName(a.violationType) },
              { header: 'Reason', cell: (a) => reasonName(a.reason) },
              { header: 'Hours', cell: (a) => hours(a.minutes) },
              { header: 'Personal', cell: (a) => hours(a.minPersonal) },
              { header: 'Vacation', cell: (a) => hours(a.minVacation) },
              { header: 'Details', cell: (a) => a.message ?? '' },
              { header: 'Reported', cell: (a) => showDateTime(a.timestampGiven) },
            ]}
          />
        )}
      </Section>
    </>
  );
}

function HoursWorked({ rows, agentType }: { rows: PaidTimeRow[]; agentType: number }): ReactNode {
  // The minimums are rules/roles.json's: drawn once the rule files have loaded.
  const roles = useRoles();
  const monthly = roles ? monthlyMinimum(roles, agentType) : null;
  const minimum = monthly?.hours ?? null;
  const minimumText = monthly === null ? null : `Monthly minimum: ${monthly.hours} hours${monthly.note ? ` (${monthly.note})` : ''}.`;
  return (
    <div className="attendance-visual">
      <figure>
        <BarChart
          bars={rows.map((r) => ({ label: monthLabel(r.month), value: Number(hours(r.minWorked)) }))}
          line={minimum}
          lineLabel={minimum === null ? undefined : `Minimum ${minimum}`}
          summary={`Hours worked per month, newest first: ${rows.map((r) => `${monthLabel(r.month)} ${hours(r.minWorked)}`).join(', ')}.${minimumText ? ` ${minimumText}` : ''}`}
        />
        {minimumText && <figcaption className="muted">{minimumText}</figcaption>}
      </figure>
      <MonthTable
        caption="Hours per month (13 months)"
        rows={rows}
        columns={[
          { header: 'Month', cell: (r) => monthLabel(r.month) },
          { header: 'Worked', cell: (r) => hours(r.minWorked) },
          { header: 'Personal', cell: (r) => hours(r.minPersonal) },
          { header: 'Vacation', cell: (r) => hours(r.minVacation) },
          { header: 'Unpaid', cell: (r) => hours(r.minUnpaid) },
          { header: 'FMLA', cell: (r) => hours(r.minFMLA) },
          { header: 'Paid', cell: (r) => hours(r.minPaid) },
        ]}
      />
    </div>
  );
}

/**
 * A month-by-month table of hours. Not the stacked DataTable: thirteen months of numbers stay a
 * compact grid on a narrow screen, scrolling sideways inside its box when they must.
 */
function MonthTable<T extends { month: string }>({ caption, rows, columns }: { caption: string; rows: T[]; columns: Column<T>[] }): ReactNode {
  return (
    <div className="table-wrap attendance-table" tabIndex={0} role="region" aria-label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.month}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.header} scope="row">
                    {c.cell(r)}
                  </th>
                ) : (
                  <td key={c.header}>{c.cell(r)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TrainingHours({ agentId, agentType }: { agentId: number; agentType: number }): ReactNode {
  const { data, error, loading } = useRead(read('userTrainingTime', agentId));
  const [shift, setShift] = useState<TrainerShift>('firstOrThird');
  const newest = data?.[0]?.month;
  const quarter = newest ? quarterOf(newest) : null;
  const totals = data && newest ? quarterTotals(data, newest) : null;
  const roles = useRoles();
  const codes = useCodes();
  const columns = codes ? trainingColumns(codes) : [];
  const theirs = roles ? quarterlyMinimums(roles, agentType, shift) : null;
  const minimums = theirs?.hours ?? {};
  const title = theirs?.title;
  const bars = totals
    ? columns.map((c) => ({ label: trainingColumnName(c.types), value: Number(hours(totals[c.key])), minimum: minimums[c.key] }))
    : [];
  const minimumText = title
    ? `Quarterly minimums (${title}): ${columns.filter((c) => minimums[c.key] !== undefined)
        .map((c) => `${minimums[c.key]} hours of ${trainingColumnName(c.types)}`)
        .join(', ')}. Missing them drops the title one level.`
    : null;
  return (
    <Section title="Training Hours">
      {error && <ErrorText message={error} />}
      {loading && <Loading />}
      {data && quarter && theirs?.byShift && (
        <div className="attendance-shift">
          <Field label="Shift" hint="The quarterly minimums depend on it">
            {(id) => (
              <select id={id} value={shift} onChange={(e) => setShift(e.target.value as TrainerShift)}>
                <option value="firstOrThird">1st or 3rd shift</option>
                <option value="second">2nd shift</option>
              </select>
            )}
          </Field>
        </div>
      )}
      {data && quarter && codes && (
        <div className="attendance-visual">
          <figure>
            <BarChart
              bars={bars}
              labelWidth={210}
              summary={`Training hours in ${quarter.label}: ${bars
                .map((b) => `${b.label} ${b.value.toFixed(1)}${b.minimum === undefined ? '' : ` of a ${b.minimum}-hour minimum`}`)
                .join(', ')}.`}
            />
            <figcaption className="muted">
              This quarter, {quarter.label}.{minimumText ? ` ${minimumText}` : ''}
            </figcaption>
          </figure>
          <MonthTable
            caption="Training hours per month (13 months)"
            rows={data}
            columns={[{ header: 'Month', cell: (r: TrainingRow) => monthLabel(r.month) }, ...columns.map((c) => ({ header: trainingColumnName(c.types), cell: (r: TrainingRow) => hours(r[c.key]) }))]}
          />
        </div>
      )}
    </Section>
  );
}
