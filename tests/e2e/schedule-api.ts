import { DateTime } from 'luxon';
import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { loadRulesDir } from '../../cli/load-rules.ts';
import type { Decision } from '../../engine/index.ts';
import { testNow, type DemoLogin } from './support.ts';

/**
 * What the absence and combine browser tests need besides the browser: a demo agent's own API
 * session (to find a shift that suits a test, or to set one up), their upcoming shifts, and the
 * rules' answer for a candidate, so a test picks a shift the demo of today's date allows instead
 * of a fixed one.
 */

export const ZONE = 'America/New_York';

/** GET /api/userMonthShifts rows. */
export interface MonthShift {
  id: number;
  scheduleId: number;
  title: string;
  startTime: string;
  endTime: string;
  payRate: number;
  type: number;
  lookingForCoverageID: number | null;
}

export interface MainShift extends MonthShift {
  breaks: MonthShift[];
}

/** An API instant ('2026-11-23 06:00:00.0', Eastern) as a date-time in Eastern time. */
export function eastern(text: string): DateTime {
  return DateTime.fromSQL(text, { zone: ZONE });
}

/** An instant as the action calls take it: Eastern "YYYY-MM-DD HH:mm". */
export function apiTime(dt: DateTime): string {
  return dt.setZone(ZONE).toFormat('yyyy-MM-dd HH:mm');
}

/** A signed-in API session of a login (its own cookies), closed by the caller. */
export async function apiAs(baseURL: string, login: Pick<DemoLogin, 'initials' | 'cell' | 'password'>): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/login', { data: { initials: login.initials, cell: login.cell, password: login.password } });
  expect(res.status()).toBe(200);
  return api;
}

export async function getJson<T>(api: APIRequestContext | Page['request'], path: string): Promise<T> {
  const res = await api.get(`/api${path}`);
  expect(res.status(), `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

/** The agent's main shifts (with their meal breaks) of this month and the next two, Eastern, by start. */
export async function mainShifts(api: APIRequestContext | Page['request'], agentId: number): Promise<MainShift[]> {
  const month = testNow().setZone(ZONE).startOf('month');
  const rows = (await Promise.all([0, 1, 2].map((n) => getJson<MonthShift[]>(api, `/userMonthShifts/${agentId}/${month.plus({ months: n }).toFormat('yyyy-MM')}`)))).flat();
  return rows
    .filter((r) => r.scheduleId === r.id)
    .map((r) => ({ ...r, breaks: rows.filter((b) => b.scheduleId === r.id && b.id !== r.id) }))
    .sort((a, b) => eastern(a.startTime).toMillis() - eastern(b.startTime).toMillis());
}

const rules = loadRulesDir();

/**
 * What the server would decide for this actor and input now: the browser's preview, run here on
 * the same world slice with the project's rule files.
 */
export async function decideNow(api: APIRequestContext, action: string, input: Record<string, string | number | boolean | null>): Promise<Decision> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) if (v !== null) query.set(k, String(v));
  const res = await api.get(`/api/worldSlice/${action}?${query}`);
  // No slice for an action the agent may not take on those records: the action refuses too.
  if (res.status() === 403) return { outcome: 'error', message: ((await res.json()) as { error: string }).error, warnings: [] };
  expect(res.status(), `GET /worldSlice/${action}`).toBe(200);
  const slice = (await res.json()) as { world: unknown; now: string; actor: number; input: Record<string, unknown>; facts?: Record<string, unknown> };
  return rules.action(action).decide({ world: slice.world, now: slice.now, actor: slice.actor, input: slice.input, facts: slice.facts });
}

/**
 * The first demo login (of those given) with an upcoming shift the rules accept `inputOf` for, as
 * decided now: the login, its shift, and its API session (closed by the caller).
 */
export async function findShift(
  baseURL: string,
  logins: DemoLogin[],
  action: string,
  inputOf: (shift: MainShift) => Record<string, string | number | boolean | null> | null,
): Promise<{ login: DemoLogin; shift: MainShift; api: APIRequestContext }> {
  const now = testNow();
  for (const login of logins) {
    const api = await apiAs(baseURL, login);
    for (const shift of await mainShifts(api, login.agentId)) {
      if (eastern(shift.endTime) <= now) continue;
      const input = inputOf(shift);
      if (input && (await decideNow(api, action, input)).outcome === 'ok') return { login, shift, api };
    }
    await api.dispose();
  }
  throw new Error(`no demo login among ${logins.map((l) => l.initials).join(', ')} has a shift ${action} accepts now`);
}

/** Picks a time in a day/hour/minute/AM-PM picker (web/src/ui/time-range.tsx), the page being in Eastern time. */
export async function pickTime(page: Page, legend: string, at: DateTime): Promise<void> {
  const local = at.setZone(ZONE);
  const group = page.getByRole('group', { name: legend });
  await group.getByLabel('Day').selectOption(local.toFormat('yyyy-MM-dd'));
  await group.getByLabel('Hour').selectOption(String(local.hour % 12 === 0 ? 12 : local.hour % 12));
  await group.getByLabel('Minute').selectOption(String(local.minute));
  await group.getByLabel('AM/PM').selectOption(local.hour < 12 ? 'AM' : 'PM');
}

/** How the screens show an instant: "11/23/2026, 6:00 AM" (en-US, the person's zone). */
export function shownDateTime(text: string): string {
  return eastern(text).toLocaleString(DateTime.DATETIME_SHORT, { locale: 'en-US' });
}

/** The engine's answer shown as the person fills a form in (PreviewNotice). */
export const preview = (page: Page) => page.getByTestId('preview');

/** expect.poll with room for a loaded machine: screens load lazily, previews fetch their world slice. */
export const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/** An action's answer as the browser tests read it. */
export interface ActionAnswer {
  outcome: string;
  message: string | null;
  created?: Record<string, number[]>;
}

/** Sends an action that must pass, and gives its answer (the message names a refusal). */
export async function postOk(api: APIRequestContext, path: string, data: Record<string, unknown>): Promise<ActionAnswer> {
  const res = await api.post(`/api${path}`, { data, timeout: 60_000 });
  const body = (await res.json()) as ActionAnswer;
  expect(body.outcome, `${path}: ${body.message}`).toBe('ok');
  return body;
}

/** A day (Eastern midnight) after the demo's schedule (35 days ahead), a Monday clear of holidays. */
export function clearDay(): DateTime {
  let day = testNow().setZone(ZONE).startOf('day').plus({ days: 42 });
  while (day.weekday !== 1) day = day.plus({ days: 1 });
  return day;
}
