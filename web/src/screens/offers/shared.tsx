import { DateTime } from 'luxon';
import type { ReactNode } from 'react';
import type { BodyOf } from '../../api.ts';
import type { OwnShift } from '../../api-types.ts';
import { Field } from '../../ui/components.tsx';
import { daysBetween, localDays, TimePicker, TimeRangePicker } from '../../ui/time-range.tsx';
import { BUSINESS_ZONE, fromApi, toApi } from '../../time.ts';
import { read, useReadAll } from '../../queries.ts';

/** What the offer screens share: the payload names, the pickers, one's own shifts, the page and the form. */

/**
 * The payload of an offer call from the rule file's input: the spec's body names are the input
 * names with "ID" for "Id" (server/routes/offer-making.ts), and the fields the server accepts
 * without reading them (cotsWanted always 0, status 0 on creation: spec 2 section 3). `path` is
 * the call's: it says which body the input makes.
 */
export function payloadOf<P extends OfferPath>(path: P, input: OfferInput<P>, offeringAgentID: number): BodyOf<P> {
  const body: Record<string, unknown> = { offeringAgentID, cotsWanted: 0, status: 0 };
  for (const [name, value] of Object.entries(input)) body[name.replace(/Id$/, 'ID')] = value;
  // OfferInput is the body's fields renamed as the loop renames them back.
  return body as BodyOf<P>;
}

/** The input with its hours chosen, or null while one is empty: only such an input is previewed and sent. */
export function withHours<T extends { coverageStartDatetime: string | null; coverageEndDatetime: string | null }>(draft: T): (T & { coverageStartDatetime: string; coverageEndDatetime: string }) | null {
  const { coverageStartDatetime: start, coverageEndDatetime: end } = draft;
  return start !== null && end !== null ? { ...draft, coverageStartDatetime: start, coverageEndDatetime: end } : null;
}

type OfferPath = '/api/postOfferCoverage' | '/api/postOfferGiveAway' | '/api/postCounterOfferCoverage' | '/api/postCounterOfferHours';
type RenamedIds<B> = { [K in keyof B as K extends `${infer Stem}ID` ? `${Stem}Id` : K]: B[K] };
/** An offer call's rule input: its body's fields, "Id" for "ID", less those payloadOf fills in. */
export type OfferInput<P extends OfferPath> = Omit<RenamedIds<BodyOf<P>>, 'offeringAgentId' | 'cotsWanted' | 'status' | 'confirmed'>;

/** Spec 2 section 4: the default expiry is 24 hours from now (the picker has no minutes: on the hour). */
export function defaultExpiration(): string {
  return toApi(DateTime.now().plus({ hours: 24 }).startOf('hour'));
}

/**
 * The expiration date and hour picker of every offer screen: dates from today to one day after
 * the start of the hours offered (spec 2 section 5, "Expiration"), hours 1 to 12 with AM/PM.
 */
export function ExpirationPicker({ value, hoursStart, onChange }: { value: string | null; hoursStart: string | null; onChange: (v: string | null) => void }): ReactNode {
  const today = DateTime.now();
  const last = (hoursStart ? fromApi(hoursStart) : today).plus({ days: 1 });
  return <TimePicker label="Offer Will Expire" name="Expiration" value={value} days={localDays(today, last)} minutes={false} onChange={onChange} />;
}

export interface Hours {
  start: string | null;
  end: string | null;
}

/** Hours picked within a range's days (coverage, swap hours, hours offered): "{title} start" and "{title} end". */
export function HoursPicker({ title, value, within, onChange }: { title: string; value: Hours; within: { start: string; end: string }; onChange: (h: Hours) => void }): ReactNode {
  return (
    <TimeRangePicker
      startLegend={`${title} start`}
      endLegend={`${title} end`}
      start={value.start}
      end={value.end}
      startDays={daysBetween(within.start, within.end)}
      onStart={(start) => onChange({ ...value, start })}
      onEnd={(end) => onChange({ ...value, end })}
    />
  );
}

/** The optional message of an offer (spec 2: under rules/parameters.json's messageMaxLength characters, which the rules check). */
export function OfferMessage({ value, onChange }: { value: string; onChange: (v: string) => void }): ReactNode {
  return <Field label="Message (optional)">{(id) => <textarea id={id} rows={3} value={value} onChange={(e) => onChange(e.target.value)} />}</Field>;
}

/** An API instant as the action calls take it ("YYYY-MM-DD HH:mm", Eastern): what the pickers hold. */
export function apiText(text: string): string {
  return toApi(fromApi(text));
}

/** The Eastern month of an API instant: the server's months are Eastern. */
export function easternMonth(text: string): string {
  return fromApi(text).setZone(BUSINESS_ZONE).toFormat('yyyy-MM');
}
/** The Eastern month after the one an API instant falls in. */
export function nextEasternMonth(text: string): string {
  return fromApi(text).setZone(BUSINESS_ZONE).plus({ months: 1 }).toFormat('yyyy-MM');
}

/** The person's own shifts not yet started in these Eastern months (GET /userMonthTrade), by start. */
export function useOwnShifts(agentId: number, months: string[]): { shifts: OwnShift[] | null; error: string | null } {
  const { data, error } = useReadAll(months.map((m) => read('userMonthTrade', agentId, m)));
  return { shifts: data, error };
}

/** An offer form: the person's answer is sent from its submit button (or Enter), never by the browser. */
export function OfferForm({ label, onSend, children }: { label: string; onSend: () => Promise<void>; children: ReactNode }): ReactNode {
  return (
    <form
      className="form offers-form"
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSend();
      }}
    >
      {children}
    </form>
  );
}
