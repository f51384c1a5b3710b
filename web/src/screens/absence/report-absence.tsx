import { useState, type FormEvent, type ReactNode } from 'react';
import { NOTICE_REASONS, VIOLATION_TYPES } from '../../codes.ts';
import { useCodes, useParameter, usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import type { ScreenProps } from '../../routes.ts';
import { can, useAgent } from '../../session.tsx';
import { Field, Loading, Page, SubmitRow } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { daysBetween, TimePicker } from '../../ui/time-range.tsx';
import { easternDate } from '../../time.ts';
import { Balance, balanceAfter, ShiftSummary, shiftIdOf, useShiftAndAgent } from './shift.tsx';
import type { ShiftDetails, UserDetails } from '../../api-types.ts';
import { read, useRead } from '../../queries.ts';

/**
 * Report Absence (spec 3 "Give notice"): a call out, or notice of arriving late or leaving early,
 * each with its violation type, a reason, the vacation choice where vacation is offered, and
 * details (POST /api/giveNotice). Who may not give notice has spec 1's Call Out screen instead, as
 * does /virtualShift/{id}: the log entry and the Personal Time question (POST /api/callOut), with
 * spec 3's violation type, reason and vacation choice, which every notice records.
 * Success goes to Attendance, whose Absences list the call out or notice.
 */

/** Spec 3 section 5: vacation is offered while less than this much of it was applied to attendance (rules/giveNotice.json). */
const VACATION_OFFERED_UNDER = 900;
const CALL_OUT = 0;
type Kind = 0 | 1 | 2;

export function ReportAbsenceScreen({ params }: ScreenProps): ReactNode {
  return <AbsenceScreen title="Report Absence" shiftParam={params.shiftID} onlyCallOut={false} />;
}

/** /virtualShift/{id}: spec 1's Call Out screen, the call out alone. */
export function CallOutScreen({ params }: ScreenProps): ReactNode {
  return <AbsenceScreen title="Call Out" shiftParam={params.id} onlyCallOut />;
}

function AbsenceScreen({ title, shiftParam, onlyCallOut }: { title: string; shiftParam: string | undefined; onlyCallOut: boolean }): ReactNode {
  const agent = useAgent();
  // Set while a call out or notice is on its way: a call out removes the shift this screen shows.
  const [leaving, setLeaving] = useState(false);
  const { shift, user, view } = useShiftAndAgent(shiftIdOf(shiftParam), agent.agentId, leaving);
  const [chosen, setChosen] = useState<Kind | null>(null);
  // Arriving late and leaving early are giveNotice's, which some agent types may not use (rules/roles.json).
  const notice = !onlyCallOut && can(agent.permissions, 'giveNotice');
  const kinds: Kind[] = notice ? [0, 1, 2] : [CALL_OUT];
  const kind = kinds.length === 1 ? CALL_OUT : chosen;
  return (
    <Page title={title}>
      {view ??
        (shift && user && (
          <>
            <ShiftSummary shift={shift} />
            {kinds.length > 1 && (
              <fieldset className="absence-kinds">
                <legend>What are you reporting?</legend>
                {kinds.map((k) => (
                  <label key={k}>
                    <input type="radio" name="violationType" value={k} checked={kind === k} onChange={() => setChosen(k)} /> {VIOLATION_TYPES[k]}
                  </label>
                ))}
              </fieldset>
            )}
            {kind === CALL_OUT && !notice && <CallOutForm shift={shift} user={user} onLeaving={setLeaving} />}
            {kind !== null && notice && <NoticeForm key={kind} kind={kind} shift={shift} user={user} onLeaving={setLeaving} />}
          </>
        ))}
    </Page>
  );
}

/**
 * Spec 1: the Personal Time question ('1' No, I will take the points; '0' Yes please) and the log
 * entry; and spec 3's fields every notice records: the violation type (a call out), the reason
 * and the vacation choice where vacation is offered.
 */
function CallOutForm({ shift, user, onLeaving }: { shift: ShiftDetails; user: UserDetails; onLeaving: (leaving: boolean) => void }): ReactNode {
  const [personalTime, setPersonalTime] = useState<'' | '0' | '1'>('');
  const [message, setMessage] = useState('');
  const [reason, setReason] = useState('');
  const [vacation, setVacation] = useState<'' | 'true' | 'false'>('');
  const vacationOffered = useVacationOffered(user);
  const answer = personalTime === '' ? null : Number(personalTime);
  const input = {
    shiftId: shift.id,
    personalTime: answer,
    message,
    violationType: CALL_OUT,
    reason: reason === '' ? null : Number(reason),
    vacationApplied: vacationOffered.offered && vacation !== '' ? vacation === 'true' : null,
  };
  const { preview, checking } = usePreview('callOut', vacationOffered.loading ? null : input, { effects: true });
  const { submit, busy } = useSubmit();
  if (vacationOffered.error) return <p className="error">{vacationOffered.error}</p>;
  if (vacationOffered.loading) return <Loading />;
  const send = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    onLeaving(true);
    const done = await submit({
      method: 'post',
      path: '/api/callOut',
      body: {
        AgentID: user.agentId,
        TimeScheduleItemID: shift.id,
        PersonalTime: answer,
        Message: message,
        ViolationType: CALL_OUT,
        Reason: input.reason,
        VacationApplied: input.vacationApplied,
      },
      failure: 'FAILURE: Error creating log entry.',
      decided: preview,
    });
    if (done.ok) navigate('/attendance');
    else onLeaving(false);
  };
  return (
    <form className="form" noValidate onSubmit={(e) => void send(e)} aria-label="Call out">
      <dl className="absence-kind">
        <div>
          <dt>Violation type</dt>
          <dd>{VIOLATION_TYPES[CALL_OUT]}</dd>
        </div>
      </dl>
      <ReasonField shift={shift} user={user} value={reason} onChange={setReason} />
      {vacationOffered.offered && <VacationField value={vacation} onChange={setVacation} />}
      <Field label="Personal Time" hint="Use your personal time for this shift?">
        {(id) => (
          <select id={id} value={personalTime} onChange={(e) => setPersonalTime(e.target.value as '' | '0' | '1')}>
            <option value="">None selected</option>
            <option value="1">No, I will take the points</option>
            <option value="0">Yes please</option>
          </select>
        )}
      </Field>
      <Balance label="Personal time" now={user.personalTime} after={balanceAfter(preview, user.agentId, 'personalTime', user.personalTime)} afterLabel="after this call out" />
      {vacationOffered.offered && (
        <Balance label="Vacation time" now={user.vacationTime} after={balanceAfter(preview, user.agentId, 'vacationTime', user.vacationTime)} afterLabel="after this call out" />
      )}
      <Field label="Log entry" hint="Required: what happened, for your supervisors.">
        {(id) => <textarea id={id} rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />}
      </Field>
      <SubmitRow label="Call Out" preview={preview} checking={checking} busy={busy} />
    </form>
  );
}

/** Spec 3: call out, arrive late or leave early, with a reason, the vacation choice when offered, the new time (a call out has none) and details. */
function NoticeForm({ kind, shift, user, onLeaving }: { kind: Kind; shift: ShiftDetails; user: UserDetails; onLeaving: (leaving: boolean) => void }): ReactNode {
  const vacationCheck = useVacationOffered(user);
  const detailsMin = useParameter('noticeDetailsMinLength');
  const [reason, setReason] = useState('');
  const [vacation, setVacation] = useState<'' | 'true' | 'false'>('');
  const [newTime, setNewTime] = useState<string | null>(null);
  const [details, setDetails] = useState('');
  const vacationOffered = vacationCheck.offered;
  const input = {
    timeScheduleItemId: shift.id,
    violationType: kind,
    startTime: kind === 1 ? newTime : null,
    endTime: kind === 2 ? newTime : null,
    vacationApplied: vacationOffered && vacation !== '' ? vacation === 'true' : null,
    reason: reason === '' ? null : Number(reason),
    message: details,
  };
  const { preview, checking } = usePreview('giveNotice', vacationCheck.loading ? null : input, { effects: true });
  const { submit, busy } = useSubmit();
  if (vacationCheck.error) return <p className="error">{vacationCheck.error}</p>;
  if (vacationCheck.loading) return <Loading />;
  const send = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    onLeaving(true);
    const done = await submit({
      method: 'post',
      path: '/api/giveNotice',
      body: {
        AgentID: user.agentId,
        TimeScheduleItemID: shift.id,
        ViolationType: kind,
        StartTime: input.startTime,
        EndTime: input.endTime,
        VacationApplied: input.vacationApplied,
        Reason: input.reason,
        Message: details,
      },
      decided: preview,
    });
    if (done.ok) navigate('/attendance');
    else onLeaving(false);
  };
  return (
    <form className="form" noValidate onSubmit={(e) => void send(e)} aria-label={VIOLATION_TYPES[kind]}>
      <ReasonField shift={shift} user={user} value={reason} onChange={setReason} />
      {vacationOffered && <VacationField value={vacation} onChange={setVacation} />}
      {kind !== CALL_OUT && (
        <TimePicker label={kind === 1 ? 'I will arrive at' : 'I will leave at'} value={newTime} onChange={setNewTime} days={daysBetween(shift.startDateTime, shift.endDateTime)} />
      )}
      <Field label="Details" hint={`At least ${detailsMin ?? '…'} characters.`}>
        {(id) => <textarea id={id} rows={4} value={details} onChange={(e) => setDetails(e.target.value)} />}
      </Field>
      <Balance label="Personal time" now={user.personalTime} after={balanceAfter(preview, user.agentId, 'personalTime', user.personalTime)} afterLabel="after this notice" />
      {vacationOffered && (
        <Balance label="Vacation time" now={user.vacationTime} after={balanceAfter(preview, user.agentId, 'vacationTime', user.vacationTime)} afterLabel="after this notice" />
      )}
      <SubmitRow label={kind === CALL_OUT ? 'Call Out' : 'Give Notice'} preview={preview} checking={checking} busy={busy} />
    </form>
  );
}

/** Whether vacation is offered: vacation left and less than VACATION_OFFERED_UNDER minutes of it applied to attendance. */
function useVacationOffered(user: UserDetails): { offered: boolean; loading: boolean; error: string | null } {
  const past = useRead(read('userPastVacationAttendance', user.agentId));
  const used = past.data ? (past.data[0]?.minVacation ?? 0) : undefined;
  return { offered: used !== undefined && user.vacationTime > 0 && used < VACATION_OFFERED_UNDER, loading: used === undefined && !past.error, error: past.error };
}

/** Spec 3's reasons 0-10, FMLA only when FMLA covers the shift's start date. */
function ReasonField({ shift, user, value, onChange }: { shift: ShiftDetails; user: UserDetails; value: string; onChange: (v: string) => void }): ReactNode {
  const shiftDate = easternDate(shift.startDateTime);
  const fmlaCovers = [user.fmlaIntermittentUntil, user.fmlaContinuousUntil].some((until) => until !== null && until >= shiftDate);
  const fmla = useCodes()?.fmlaNoticeReason;
  return (
    <Field label="Reason">
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Choose a reason</option>
          {NOTICE_REASONS.map((name, code) =>
            code === fmla && !fmlaCovers ? null : (
              <option key={code} value={code}>
                {name}
              </option>
            ),
          )}
        </select>
      )}
    </Field>
  );
}

function VacationField({ value, onChange }: { value: '' | 'true' | 'false'; onChange: (v: '' | 'true' | 'false') => void }): ReactNode {
  return (
    <Field label="Apply vacation time?">
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value as '' | 'true' | 'false')}>
          <option value="">None selected</option>
          <option value="true">Yes, apply vacation time</option>
          <option value="false">No</option>
        </select>
      )}
    </Field>
  );
}
