import { DateTime } from 'luxon';
import type { ReactNode } from 'react';
import type { BodyOf } from '../../api.ts';
import type { OpenShift } from '../../api-types.ts';
import { useListParameter, usePayRateMultipliers, usePreview, useRoles } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import { allowed, useAgent } from '../../session.tsx';
import { shiftTypeName } from '../../codes.ts';
import { showDateTime, showRange } from '../../time.ts';
import { ErrorText, Facts, Field, Loading, PreviewNotice } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { reservationLabel } from '../calendar/model.ts';
import { read, useRead } from '../../queries.ts';
import { calendarOn } from '../../routes.ts';
import { localDay } from '../../ui/time-range.tsx';

/**
 * What the open-shift screens share (spec 3 section 2): one open shift from the calendar's reads,
 * its summary, the pay-rate and extra-COTS choices, the Remove button, and the spec's failure texts.
 */

/** Spec 3 section 8: open shift and open training create and edit. */
export const CREATE_FAILURE = 'FAILURE: Error creating request.';
/** Spec 3 section 8: the open shift claim's failure text. */
export const CLAIM_FAILURE = 'Claiming shift FAILED.';
/** Spec 3 section 8: the open training claim's. */
export const TRAINING_CLAIM_FAILURE = 'ERROR: Claiming shift FAILED.';

/** Shown in place of the rules' answer until the times are picked. */
export const PICK_TIMES = 'Pick the start and the end to see what the rules say.';

/** Spec 3 section 2: both claim screens note that the claimer is responsible once submitted. */
export const RESPONSIBLE_NOTE = 'Once you submit, you are responsible for the hours you claimed.';

/**
 * A pay-rate code as these screens name it (1x, 1.5x, 2x, 3x: spec 3 section 9), its multiplier
 * from rules/parameters.json; an unknown code reads as the highest rate, as the calendar reads it.
 */
function payRateText(code: number, multipliers: readonly (number | string)[] | null): string {
  if (!multipliers?.length) return `Rate ${code}`;
  return `${multipliers[code] ?? multipliers[multipliers.length - 1]}x`;
}

/** Spec 3 section 3: the training types' labels. */
export const TRAINING_TYPE_LABELS: Record<number, string> = { 61: 'QA Reviews', 64: 'Training Class', 65: 'Watch Week' };

/** An id from the path, or null when the segment is not one. */
function idOf(text: string | undefined): number | null {
  if (!text || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const n = Number(text);
  return n <= 2_147_483_647 ? n : null;
}

/** A yyyy-MM-dd date from the path, or null. */
export function dateOf(text: string | undefined): string | null {
  return text && /^\d{4}-\d{2}-\d{2}$/.test(text) && DateTime.fromISO(text).isValid ? text : null;
}

/**
 * One open shift still open, from the calendar's own read (an open shift has no read of its own;
 * the list is short): the shift, or the loading or error state to show instead.
 */
export function useOpenShift(idText: string | undefined, training: boolean): { shift: OpenShift | null; view: ReactNode } {
  const id = idOf(idText);
  const list = useRead(id === null ? null : read(training ? 'pendingOpenTrainingShifts' : 'pendingOpenShifts'));
  if (id === null) return { shift: null, view: <ErrorText message="This page needs an open shift: open it from the calendar." /> };
  if (list.error) return { shift: null, view: <ErrorText message={list.error} /> };
  if (!list.data) return { shift: null, view: <Loading /> };
  const shift = list.data.find((o) => o.lookingForCoverageID === id) ?? null;
  if (!shift) return { shift, view: <ErrorText message={`Open shift ${id} is no longer open: it was removed, claimed or is over. Pick another on the calendar.`} /> };
  return { shift, view: null };
}

/** The open shift's facts: time, type, pay multiplier, extra COTS, and what else a screen adds. */
export function OpenShiftFacts({ shift, typeLabel, extra = [] }: { shift: OpenShift; typeLabel: string; extra?: [string, ReactNode][] }): ReactNode {
  const multipliers = usePayRateMultipliers();
  const rows: [string, ReactNode][] = [['Time', showRange(shift.startTime, shift.endTime)], ['Type', typeLabel], ['Pay Rate', payRateText(shift.payRate, multipliers)], ['Extra COTS', shift.openToCots], ...extra];
  return <Facts name="open-shifts-facts" items={rows} />;
}

/**
 * The type as the calendar names it (spec 1 "Calendar screen"): an assistant sees an Open
 * Supervisor shift's reservation while it lasts; training types by their spec 3 labels.
 */
export function useTypeLabel(shift: OpenShift): string {
  const agent = useAgent();
  const roles = useRoles();
  return TRAINING_TYPE_LABELS[shift.type] ?? reservationLabel(shift, { agentType: agent.rankNumber, spanish: agent.spanish }, roles, DateTime.now(), showDateTime) ?? shiftTypeName(shift.type);
}

export function PayRateField({ value, onChange }: { value: number; onChange: (v: number) => void }): ReactNode {
  const multipliers = usePayRateMultipliers() ?? [];
  return (
    <Field label="Pay Rate">
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
          {multipliers.map((m, code) => (
            <option key={code} value={code}>
              {payRateText(code, multipliers)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A select of the whole numbers a list of rules/parameters.json allows (extraCotsChoices, openingsChoices: spec 3 section 9). */
export function NumberField({ label, parameter, value, onChange }: { label: string; parameter: string; value: number; onChange: (v: number) => void }): ReactNode {
  const choices = (useListParameter(parameter) ?? []).filter((n): n is number => typeof n === 'number');
  if (!choices.includes(value)) choices.push(value);
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
          {choices.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * Remove (spec 1 section 6, the Edit sets; training types for 102 and above): PUT
 * /api/removeOpenShift/{id}/{id2}; the rule's confirmation is asked first, then the calendar.
 */
export function RemoveOpenShift({ shift }: { shift: OpenShift }): ReactNode {
  const me = useAgent();
  const { submit, busy } = useSubmit();
  if (!allowed(me.permissions, 'removeOpenShift').includes(shift.type)) return null;
  const remove = async (): Promise<void> => {
    const done = await submit({ method: 'put', path: '/api/removeOpenShift/{id}/{id2}', params: { id: shift.lookingForCoverageID, id2: me.agentId } });
    if (done.ok) navigate(calendarOn(localDay(shift.startTime)));
  };
  return (
    <button type="button" className="danger" disabled={busy} onClick={() => void remove()}>
      Remove
    </button>
  );
}

/**
 * Why a person cannot use a screen at all (a role without the permission reaching it by its
 * address): the rules' own answer for the form as it stands, so the words are the rule file's.
 */
export function Refusal({ action, input }: { action: string; input: Record<string, unknown> }): ReactNode {
  const { preview, checking } = usePreview(action, input);
  return <PreviewNotice preview={preview} checking={checking} />;
}

type ClaimBody = BodyOf<'/api/claimOpenShift'> & BodyOf<'/api/claimOpenTrainingShift'>;
/**
 * The claim call's payload (spec 3 section 3, "Open shift claim": status 0), or null while the
 * hours are not chosen: only a claim of chosen hours is sent.
 */
export function claimBody(agentId: number, shift: OpenShift, start: string | null, end: string | null): ClaimBody | null {
  if (start === null || end === null) return null;
  return {
    offeringAgentID: agentId,
    coveringAgentID: agentId,
    coverageStartDatetime: start,
    coverageEndDatetime: end,
    lookingForCoverageID: shift.lookingForCoverageID,
    status: 0,
  };
}
