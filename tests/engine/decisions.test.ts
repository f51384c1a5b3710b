import { describe, expect, it } from 'vitest';
import type { DecisionRequest } from '../../engine/compiled-action.ts';
import { ShiftinatorError } from '../../engine/errors.ts';
import { loadRuleSet } from '../../engine/ruleset.ts';

const bookHours = {
  action: 'bookHours',
  input: { minutes: 'number', start: 'instant', end: 'instant?', note: 'string?', urgent: 'boolean?', shiftId: 'id?' },
  facts: {
    span: { kind: 'elapsedMinutes', params: { from: { fact: 'input', path: 'start' }, to: { fact: 'input', path: 'end' } } },
    startDate: { kind: 'dateOf', params: { at: { fact: 'input', path: 'start' } } },
    excess: { kind: 'arithmetic', params: { add: [{ fact: 'input', path: 'minutes' }], subtract: [600] } },
  },
  rules: [
    {
      id: 'book.tiny',
      when: { all: [{ fact: 'input', path: 'minutes', operator: 'lessThan', value: 30 }] },
      outcome: 'warning',
      message: 'Note: {minutes} minutes is a short booking.',
      values: { minutes: { fact: 'input', path: 'minutes', format: 'minutes' } },
    },
    {
      id: 'book.confirmLong',
      when: { all: [{ fact: 'input', path: 'minutes', operator: 'greaterThan', value: 240 }] },
      outcome: 'confirm',
      message: 'Book {minutes} minutes starting {when}?',
      values: { minutes: { fact: 'input', path: 'minutes' }, when: { fact: 'input', path: 'start', format: 'dateTime' } },
    },
    {
      id: 'book.tooLong',
      when: { all: [{ fact: 'input', path: 'minutes', operator: 'greaterThan', value: 600 }] },
      outcome: 'error',
      message: 'ERROR: Please cut {excess} min.',
      values: { excess: { fact: 'excess', format: 'minutes' } },
    },
    {
      id: 'book.late',
      when: { all: [{ fact: 'span', operator: 'greaterThan', value: 0 }] },
      outcome: 'warning',
      message: 'Ends at {end} on {day} ({date}); note: {note}.',
      values: {
        end: { fact: 'input', path: 'end', format: 'time' },
        day: { fact: 'startDate', format: 'day' },
        date: { fact: 'input', path: 'end', format: 'date' },
        note: { fact: 'input', path: 'note', format: 'text' },
      },
    },
  ],
};

const takeOffer = {
  action: 'takeOffer',
  input: { offerId: 'id' },
  facts: { offer: { kind: 'record', params: { collection: 'offers', id: { fact: 'input', path: 'offerId' } } } },
  rules: [{ id: 'take.exists', when: { all: [{ fact: 'offer', operator: 'equal', value: null }] }, outcome: 'error', message: 'ERROR: This offer no longer exists.' }],
};

const rules = loadRuleSet([
  { file: 'rules/bookHours.json', json: bookHours },
  { file: 'rules/takeOffer.json', json: takeOffer },
]);
const world = { agents: [{ agentId: 1, agentType: 20 }] };

function book(input: Record<string, unknown>, extra: Partial<DecisionRequest> = {}): ReturnType<ReturnType<typeof rules.action>['decide']> {
  return rules.action('bookHours').decide({ world, now: '2025-10-14 09:00', actor: 1, input: { start: '2025-10-15 09:00', ...input }, ...extra });
}

async function failure(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ShiftinatorError);
    return { code: (e as ShiftinatorError).code, message: (e as ShiftinatorError).message };
  }
  throw new Error('the decision did not fail');
}

describe('decisions', () => {
  it('ok carries no message and no rule', async () => {
    expect(await book({ minutes: 120 })).toEqual({ outcome: 'ok', warnings: [] });
  });

  it('a warning is shown without stopping the action', async () => {
    expect(await book({ minutes: 20 })).toEqual({ outcome: 'ok', warnings: ['Note: 20 minutes is a short booking.'] });
  });

  it('confirm asks first, when no error fires', async () => {
    expect(await book({ minutes: 300 })).toEqual({
      outcome: 'confirm',
      message: 'Book 300 minutes starting 10/15/2025 9:00 AM?',
      rule: 'book.confirmLong',
      warnings: [],
    });
  });

  it('input.confirmed true skips the confirmation', async () => {
    expect(await book({ minutes: 300, confirmed: true })).toEqual({ outcome: 'ok', warnings: [] });
    // Only the boolean true confirms.
    expect((await book({ minutes: 300, confirmed: 'true' })).outcome).toBe('confirm');
  });

  it('an error wins over a confirmation that fired before it', async () => {
    expect(await book({ minutes: 600.2 })).toEqual({ outcome: 'error', message: 'ERROR: Please cut 1 min.', rule: 'book.tooLong', warnings: [] });
    expect(await book({ minutes: 660.5, confirmed: true })).toEqual({ outcome: 'error', message: 'ERROR: Please cut 61 min.', rule: 'book.tooLong', warnings: [] });
    expect((await book({ minutes: 601 })).message).toBe('ERROR: Please cut 1 min.');
  });

  it('rules after the deciding error do not run: their warnings are not shown', async () => {
    expect(await book({ minutes: 700, end: '2025-10-15 17:45' })).toEqual({
      outcome: 'error',
      message: 'ERROR: Please cut 100 min.',
      rule: 'book.tooLong',
      warnings: [],
    });
  });

  it('fills message templates: minutes rounded up, time, date, day, text (null as empty)', async () => {
    expect((await book({ minutes: 25.5 })).warnings).toEqual(['Note: 26 minutes is a short booking.']);
    expect((await book({ minutes: 25 })).warnings).toEqual(['Note: 25 minutes is a short booking.']);
    expect((await book({ minutes: 120, end: '2025-10-15 17:45', note: 'cover me' })).warnings).toEqual([
      'Ends at 5:45 PM on 10/15/2025 (10/15/2025); note: cover me.',
    ]);
    // The end on the next day; the day is the Eastern date of the start, even late in the evening.
    expect((await book({ minutes: 120, start: '2025-12-31 23:30', end: '2026-01-01 00:15' })).warnings).toEqual([
      'Ends at 12:15 AM on 12/31/2025 (1/1/2026); note: .',
    ]);
    // The second 1:30 of the fall-back day, written with its offset.
    expect((await book({ minutes: 120, start: '2025-11-02 01:00', end: '2025-11-02T01:30-05:00' })).warnings).toEqual([
      'Ends at 1:30 AM on 11/2/2025 (11/2/2025); note: .',
    ]);
  });

  it('the trace lists every evaluated rule in order with the fact values it saw', async () => {
    const d = await book({ minutes: 300, end: '2025-10-15 17:45' }, { trace: true });
    expect(d.outcome).toBe('confirm');
    expect(d.warnings).toEqual(['Ends at 5:45 PM on 10/15/2025 (10/15/2025); note: .']);
    const minutes = (operator: string, value: number, result: boolean): unknown => ({ fact: 'input', path: 'minutes', operator, value, factValue: 300, result });
    expect(d.trace).toEqual([
      { rule: 'book.tiny', fired: false, outcome: 'warning', conditions: [minutes('lessThan', 30, false)] },
      { rule: 'book.confirmLong', fired: true, outcome: 'confirm', conditions: [minutes('greaterThan', 240, true)] },
      { rule: 'book.tooLong', fired: false, outcome: 'error', conditions: [minutes('greaterThan', 600, false)] },
      { rule: 'book.late', fired: true, outcome: 'warning', conditions: [{ fact: 'span', operator: 'greaterThan', value: 0, factValue: 525, result: true }] },
    ]);
    expect((await book({ minutes: 300 })).trace).toBeUndefined();
  });

  it('the trace stops at the deciding error', async () => {
    const d = await book({ minutes: 700 }, { trace: true });
    expect(d.trace?.map((t) => [t.rule, t.fired])).toEqual([
      ['book.tiny', false],
      ['book.confirmLong', true],
      ['book.tooLong', true],
    ]);
  });

  it('rejects invalid input with INPUT_INVALID naming the field', async () => {
    const take = (input: unknown): Promise<unknown> =>
      rules.action('takeOffer').decide({ world, now: '2025-10-14 09:00', actor: 1, input: input as Record<string, unknown> });
    expect(await failure(take({}))).toEqual({ code: 'INPUT_INVALID', message: 'input.offerId: is required' });
    expect(await failure(take({ offerId: null }))).toEqual({ code: 'INPUT_INVALID', message: 'input.offerId: is required' });
    expect(await failure(take({ offerId: 'abc' }))).toEqual({ code: 'INPUT_INVALID', message: 'input.offerId: must be an integer id, got "abc"' });
    expect(await failure(take({ offerId: 4.5 }))).toEqual({ code: 'INPUT_INVALID', message: 'input.offerId: must be an integer id, got 4.5' });
    expect(await failure(take(null))).toEqual({ code: 'INPUT_INVALID', message: 'input: must be an object' });
    expect(await failure(take([40]))).toEqual({ code: 'INPUT_INVALID', message: 'input: must be an object' });
    expect(await take({ offerId: 40 })).toEqual({ outcome: 'error', message: 'ERROR: This offer no longer exists.', rule: 'take.exists', warnings: [] });

    expect(await failure(book({ minutes: '5' }))).toEqual({ code: 'INPUT_INVALID', message: 'input.minutes: must be a number, got "5"' });
    expect(await failure(book({ minutes: 5, start: 'tomorrow' }))).toEqual({
      code: 'INPUT_INVALID',
      message: 'input.start: "tomorrow" is not an instant: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset',
    });
    expect(await failure(book({ minutes: 5, start: '2025-03-09 02:30' }))).toEqual({
      code: 'INPUT_INVALID',
      message: 'input.start: "2025-03-09 02:30" does not exist in America/New_York (daylight-saving gap)',
    });
    expect(await failure(book({ minutes: 5, note: 5 }))).toEqual({ code: 'INPUT_INVALID', message: 'input.note: must be text, got 5' });
    expect(await failure(book({ minutes: 5, urgent: 'yes' }))).toEqual({ code: 'INPUT_INVALID', message: 'input.urgent: must be true or false, got "yes"' });
    expect(await failure(book({ minutes: 5, shiftId: '7' }))).toEqual({ code: 'INPUT_INVALID', message: 'input.shiftId: must be an integer id, got "7"' });
  });

  it('takes instants as epoch minutes too', async () => {
    const start = Date.UTC(2025, 9, 15, 13, 0) / 60_000;
    expect((await book({ minutes: 300, start })).message).toBe('Book 300 minutes starting 10/15/2025 9:00 AM?');
  });

  it('rejects an invalid clock and an actor not in the world', async () => {
    expect(await failure(book({ minutes: 5 }, { now: '2025-03-09 02:30' }))).toEqual({
      code: 'INPUT_INVALID',
      message: 'now: "2025-03-09 02:30" does not exist in America/New_York (daylight-saving gap)',
    });
    expect(await failure(book({ minutes: 5 }, { actor: 999 }))).toEqual({ code: 'INPUT_INVALID', message: "actor: agent 999 is not in the world's agents" });
    expect(await failure(book({ minutes: 5 }, { actor: 1.5 }))).toEqual({ code: 'INPUT_INVALID', message: 'actor: must be an agent id' });
    expect(await failure(book({ minutes: 5 }, { world: { agents: [{ agentId: 1 }] } }))).toEqual({
      code: 'WORLD_INVALID',
      message: 'world.agents[0].agentType: is required',
    });
  });

  it('names the known actions for an unknown one (UNKNOWN_ACTION)', () => {
    let caught: unknown;
    try {
      rules.action('acceptOfer');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ShiftinatorError);
    expect({ code: (caught as ShiftinatorError).code, message: (caught as ShiftinatorError).message }).toEqual({
      code: 'UNKNOWN_ACTION',
      message: 'unknown action "acceptOfer"; the rule set has: bookHours, takeOffer',
    });
    expect(rules.hasAction('bookHours')).toBe(true);
    expect(rules.hasAction('acceptOfer')).toBe(false);
  });
});
