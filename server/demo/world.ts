import { applyChanges, formatDate, PreparedWorld, type NormalizedWorld, type RuleSet, type WorldRecord } from '../../engine/index.ts';
import { effectKinds, Ids } from '../../engine/effects.ts';
import { dayOf } from '../../engine/time.ts';
import { buildActivity } from './activity.ts';
import { withDefaults } from './defaults.ts';
import { holidayDays } from './holidays.ts';
import { Market } from './market.ts';
import { buildOpenShifts } from './open-shifts.ts';
import { makeAgents, pickLogins, type Agent, type DemoLogin } from './people.ts';
import { Random } from './random.ts';
import { buildShifts, Schedule } from './schedule.ts';
import { at, DAYS_AFTER, DAYS_BEFORE, demoRules, SCHEDULE_SEED, type DemoRules } from './settings.ts';
import { buildTeams, releaseNotes } from './teams.ts';

/**
 * The demo world: a few hundred agents of every agent type the specs name in teams, two months of
 * shifts with meal breaks around today, the calendar's holidays, open postings with pending offers
 * and open shifts, and the activity every other screen shows: release notes, chat, cut and
 * meal-break requests, personal time and notices of the past 90 days, the offer log. Built by
 * seeded PRNGs, so the same agents and logins come out every time (the README names them); the
 * schedule moves with today's date.
 */

interface DemoAccount {
  agentId: number;
  initials: string;
  cell: string;
}

export interface DemoWorld {
  world: NormalizedWorld;
  accounts: DemoAccount[];
  logins: DemoLogin[];
  /** The first and last day that has shifts (Eastern dates). */
  from: string;
  to: string;
}

export async function buildDemoWorld(now: number, ruleSet: RuleSet): Promise<DemoWorld> {
  const rules = demoRules(ruleSet);
  const agents = makeAgents();
  const rng = new Random(SCHEDULE_SEED);
  const today = dayOf(now);
  const fromDay = today - DAYS_BEFORE;
  const toDay = today + DAYS_AFTER;
  const days = holidayDays(fromDay, toDay);
  const holidays = new Set(days.filter((d) => d.holiday).map((d) => d.date as number));
  const shifts = buildShifts(agents, fromDay, toDay, holidays, rng, rules);
  const schedule = new Schedule(rules);
  for (const s of shifts) schedule.add(s);
  const byId = new Map(agents.map((a) => [a.agentId, a]));
  // The documented logins: date-independent, so known before the schedule is.
  const logins = pickLogins(agents);
  const loginIds = new Set(logins.map((l) => l.agentId));

  const { teams, teamOf } = buildTeams(agents);
  const agentRecords = agents.map((a) => agentRecord(a, today, teamOf));

  // The market's offers are decided by the rule set on the world as it stands so far.
  const base = withDefaults({ agents: agentRecords, shifts: shifts as unknown as WorldRecord[], days, teams });
  const market = new Market({ agents, schedule, rng, now, today, rules: ruleSet, base });
  await market.postCoverage(loginIds);
  await market.postPickups();
  await market.postPast(shifts, (id) => byId.get(id) as Agent);
  const { coveragePostings, pickupPostings, offers, used } = market;

  const openShifts = buildOpenShifts(agents, now, today, holidays, rng);
  const activity = await buildActivity({ agents, shifts, schedule, used, coveragePostings, offers, now, today, holidays, teams, teamOf, logins: loginIds, firstAllowed: market.firstAllowed.bind(market) });

  const world: NormalizedWorld = {
    agents: agentRecords,
    shifts: shifts as unknown as WorldRecord[],
    days,
    coveragePostings,
    pickupPostings,
    openShifts,
    offers,
    teams,
    releaseNotes: releaseNotes(),
    ...activity,
  };
  return {
    world: takePersonalTime(withDefaults(world), now, rules),
    accounts: agents.map((a) => ({ agentId: a.agentId, initials: a.initials, cell: a.cell })),
    logins,
    from: formatDate(fromDay),
    to: formatDate(toDay),
  };
}

/** An agent as the world holds them: dates relative to today, so probation and FMLA move with it. */
function agentRecord(a: Agent, today: number, teamOf: ReadonlyMap<number, number>): WorldRecord {
  return {
    agentId: a.agentId,
    agentType: a.agentType,
    initials: a.initials,
    firstName: a.firstName,
    lastName: a.lastName,
    spanish: a.spanish,
    canCoverDOCS: a.canCoverDOCS,
    designatedAccountManager: a.designatedAccountManager,
    mayRequestCutsAndLunches: a.mayRequestCutsAndLunches,
    ideasRecipient: a.ideasRecipient,
    probationUntil: a.onProbation ? today + a.probationDays : a.pastProbationDays !== null ? today - a.pastProbationDays : null,
    terminationDate: a.terminationDays !== null ? at(today + a.terminationDays, 23, 59) : null,
    personalTime: a.personalTime,
    vacationTime: a.vacationTime,
    fmlaIntermittentUntil: a.fmlaDays !== null ? today + a.fmlaDays : null,
    fmlaContinuousUntil: null,
    teamId: teamOf.get(a.agentId) ?? null,
  };
}

/**
 * The hours of the demo's personal time leave their shifts through the effect the requestPersonal
 * action runs (rules/requestPersonal.json, removeHours with the same follow): the demo then holds
 * what the action would have left, and no hour is both worked and paid as personal time, nor
 * bookable a second time. Records naming no shift (older than the schedule) take nothing.
 */
function takePersonalTime(world: NormalizedWorld, now: number, rules: DemoRules): NormalizedWorld {
  const removeHours = effectKinds.get('removeHours');
  if (!removeHours) throw new Error('the engine has no removeHours effect');
  const prepared = new PreparedWorld(world);
  const changes = removeHours({
    world: prepared,
    now,
    actorId: 0,
    input: {},
    ids: new Ids(prepared),
    inserted: new Map(),
    params: {
      from: { collection: 'personalRequests', where: { status: 'approved' } },
      shift: { each: 'shiftId' },
      start: { each: 'start' },
      end: { each: 'end' },
      follow: { collection: 'notices', field: 'shiftId', at: 'start', where: { violationType: rules.codes.leaveEarlyViolationType, appliedAt: null } },
    },
  });
  return applyChanges(world, changes);
}
