import type { Database } from './db/database.ts';

/**
 * Booked personal time stays in the agent's balance (agents.personalTime: the scenario format's
 * balance that still includes time booked ahead) until the time starts; then its minutes come out.
 * requestPersonal books with `chargeAtStart`; this takes the minutes of every booking whose start
 * has passed, in one statement, before the server reads or decides on anything: once per minute of
 * the server's clock (its unit), so a decision never sees a booking that is no longer ahead still
 * counted in the balance. Two server processes may both run it: the second finds the rows taken.
 */
export class PersonalTimeCharger {
  private readonly db: Database;
  private readonly now: () => number;
  /** The clock's minute at which every booking due was last charged (a clock set back, in tests, charges again). */
  private through = Number.NaN;
  private running: { minute: number; done: Promise<void> } | null = null;

  constructor(db: Database, now: () => number) {
    this.db = db;
    this.now = now;
  }

  settle(): Promise<void> {
    const minute = this.now();
    if (minute === this.through) return Promise.resolve();
    if (this.running?.minute === minute) return this.running.done;
    const done = this.charge(minute).then(
      () => {
        this.through = minute;
        if (this.running?.done === done) this.running = null;
      },
      (e: unknown) => {
        if (this.running?.done === done) this.running = null;
        throw e;
      },
    );
    this.running = { minute, done };
    return done;
  }

  private async charge(minute: number): Promise<void> {
    await this.db.query({
      text: `with due as (
          update personal_requests set charge_at_start = false
          where charge_at_start and status = 'approved' and start <= ?::timestamptz
          returning agent_id, minutes
        ), owed as (select agent_id, sum(minutes)::int as minutes from due group by agent_id)
        update agents a set personal_time = a.personal_time - owed.minutes from owed where a.agent_id = owed.agent_id`,
      params: [new Date(minute * 60_000).toISOString()],
      name: 'charge_personal_time',
    });
  }
}
