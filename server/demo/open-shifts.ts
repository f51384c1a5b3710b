import type { WorldRecord } from '../../engine/index.ts';
import type { Agent } from './people.ts';
import type { Random } from './random.ts';
import { at, DAYS_BEFORE, POSTING_HORIZON_DAYS } from './settings.ts';

/** Open shifts and open training shifts ahead, by the people who may create them, and a few claimed to the last opening. */
export function buildOpenShifts(agents: Agent[], now: number, today: number, holidays: Set<number>, rng: Random): WorldRecord[] {
  // Creators who do not speak Spanish, where there are any: the bilingual head count then stays
  // out of the way of claims (it applies when a Spanish speaker's hours are taken).
  const of = (...types: number[]): Agent[] => {
    const all = agents.filter((a) => types.includes(a.agentType));
    const english = all.filter((a) => !a.spanish);
    return english.length > 0 ? english : all;
  };
  const out: WorldRecord[] = [];
  let id = 0;
  const add = (rec: Omit<WorldRecord, 'id'>): void => {
    out.push({ id: ++id, payRate: 0, cots: 0, quantityRemaining: 1, assistantAfterDate: null, endedAt: null, ...rec });
  };
  const futureDay = (): number => today + rng.int(1, POSTING_HORIZON_DAYS);
  const blocks: [number, number][] = [[10, 240], [16, 300], [17, 360], [6, 240], [12, 300]];
  const regular = (type: number, creators: Agent[], count: number, extra: (start: number, end: number) => Partial<WorldRecord> = () => ({})): void => {
    for (let i = 0; i < count; i++) {
      const [hour, length] = rng.pick(blocks);
      const start = at(futureDay(), hour);
      add({ createdBy: rng.pick(creators).agentId, start, end: start + length, type, payRate: rng.pick([0, 0, 1, 2]), cots: rng.int(0, 2), ...extra(start, start + length) });
    }
  };
  // Spec 3: Open by supervisors and managers, Open Spanish likewise, Open Supervisor by managers
  // (reserved for supervisors 24 hours, or until the shift ends: "Supervisor ONLY"), Customer
  // Service by the customer-service managers.
  regular(0, of(100, 102, 350, 450), 8);
  regular(1, of(100, 102, 350, 450), 5);
  regular(9, of(102, 350, 450), 6, (start, end) => {
    const kind = rng.int(0, 2);
    // Reserved until a day after it was posted (past or still running), or for supervisors only.
    return { assistantAfterDate: kind === 0 ? now - rng.int(1, 12) * 60 : kind === 1 ? Math.min(start, now + rng.int(2, 20) * 60) : end };
  });
  regular(15, of(105, 110), 4);
  // Thanksgiving (or the next holiday ahead) pays triple.
  const holiday = [...holidays].sort((a, b) => a - b).find((d) => d > today && d <= today + POSTING_HORIZON_DAYS);
  if (holiday !== undefined) {
    for (const hour of [8, 16]) {
      const start = at(holiday, hour);
      add({ createdBy: rng.pick(of(102, 350, 450)).agentId, start, end: start + 300, type: 0, payRate: 3, cots: 2 });
    }
  }
  // Training (spec 3's defaults): QA 7 AM-7 PM no COTS, class 5:00-9:30 PM and watch week
  // 6:00-9:30 PM with 3 COTS, each with a number of openings.
  const trainingCreators = of(240, 102, 103, 350, 450);
  for (let i = 0; i < 4; i++) {
    const day = futureDay();
    add({ createdBy: rng.pick(trainingCreators).agentId, start: at(day, 7), end: at(day, 19), type: 61, quantityRemaining: rng.int(2, 6) });
  }
  for (let i = 0; i < 3; i++) {
    const day = futureDay();
    add({ createdBy: rng.pick(trainingCreators).agentId, start: at(day, 17), end: at(day, 21, 30), type: 64, cots: 3, quantityRemaining: rng.int(3, 8) });
  }
  for (let i = 0; i < 3; i++) {
    const day = futureDay();
    add({ createdBy: rng.pick(trainingCreators).agentId, start: at(day, 18), end: at(day, 21, 30), type: 65, cots: 3, quantityRemaining: rng.int(2, 5) });
  }
  // A few that were claimed to the last opening in the past weeks.
  for (let i = 0; i < 4; i++) {
    const start = at(today - rng.int(2, DAYS_BEFORE - 1), rng.pick([8, 12, 16]));
    add({ createdBy: rng.pick(of(100, 102)).agentId, start, end: start + 240, type: 0, quantityRemaining: 0, endedAt: start - rng.int(1, 48) * 60 });
  }
  return out;
}
