import { Random } from './random.ts';
import { AGENT_SEED, DEMO_PASSWORD } from './settings.ts';

/** Who the demo's people are: the roster, their attributes, and the logins the README documents. */

/** [agent type, how many]: spec 3's agent-type table, call specialists spread over 20 to 29. */
const ROSTER: [number, number][] = [
  [10, 8], [15, 20], [20, 60], [21, 12], [22, 20], [23, 20], [24, 18], [25, 16], [26, 14], [27, 12], [28, 10], [29, 10],
  [30, 10], [31, 6], [32, 6], [75, 6], [80, 10], [85, 8], [100, 14], [101, 3], [102, 3], [103, 2], [105, 2], [110, 2],
  [240, 2], [350, 1], [450, 1],
];

function roleName(agentType: number): string {
  if (agentType < 15) return 'Trainee';
  if (agentType === 15) return 'Advanced Trainee';
  if (agentType === 21) return 'On Call CS';
  if (agentType < 30) return 'Call Specialist';
  const names: Record<number, string> = {
    30: 'QA Reviewer',
    31: 'Co-Trainer',
    32: 'Advanced Trainer',
    75: 'Assistant Supervisor',
    80: 'Assistant Supervisor',
    85: 'Account Manager',
    100: 'Supervisor',
    101: 'Supervisor',
    102: 'Manager',
    103: 'Training Manager',
    105: 'Customer Service Manager',
    110: 'Customer Service Manager',
    240: 'Operations Manager',
    350: 'Administrator',
    450: 'Administrator',
  };
  return names[agentType] ?? `Type ${agentType}`;
}

const FIRST_NAMES = [
  'Aaliyah', 'Adrian', 'Alicia', 'Andre', 'Angela', 'Ben', 'Brianna', 'Carlos', 'Carmen', 'Chloe', 'Daniel', 'Deja', 'Diego',
  'Elena', 'Emily', 'Ethan', 'Fatima', 'Gabriel', 'Grace', 'Hannah', 'Hector', 'Isabel', 'Jamal', 'Jasmine', 'Javier',
  'Jordan', 'Julia', 'Kayla', 'Kevin', 'Laura', 'Lucia', 'Luis', 'Maya', 'Marcus', 'Maria', 'Mateo', 'Megan', 'Nadia',
  'Nathan', 'Nicole', 'Omar', 'Olivia', 'Pablo', 'Priya', 'Quinn', 'Rafael', 'Rachel', 'Rosa', 'Samuel', 'Sara', 'Sofia',
  'Tanya', 'Tyler', 'Valeria', 'Victor', 'Wendy', 'Xavier', 'Yesenia', 'Zoe', 'Zach',
];
const LAST_NAMES = [
  'Adams', 'Alvarez', 'Baker', 'Bennett', 'Brooks', 'Castillo', 'Chen', 'Cruz', 'Davis', 'Diaz', 'Edwards', 'Evans',
  'Fischer', 'Flores', 'Garcia', 'Gomez', 'Green', 'Hall', 'Harris', 'Hernandez', 'Hughes', 'Jackson', 'Johnson', 'Kim',
  'Lee', 'Lopez', 'Martin', 'Martinez', 'Mendoza', 'Miller', 'Moore', 'Morales', 'Nguyen', 'Ortiz', 'Owens', 'Patel',
  'Perez', 'Price', 'Ramirez', 'Reed', 'Reyes', 'Rivera', 'Robinson', 'Rodriguez', 'Ruiz', 'Sanchez', 'Scott', 'Stewart',
  'Taylor', 'Thomas', 'Torres', 'Turner', 'Vargas', 'Walker', 'Ward', 'White', 'Williams', 'Wright', 'Young', 'Zimmerman',
];

export interface DemoLogin {
  role: string;
  agentType: number;
  agentId: number;
  initials: string;
  cell: string;
  password: string;
  name: string;
  note: string | null;
}

export interface Agent {
  agentId: number;
  agentType: number;
  initials: string;
  firstName: string;
  lastName: string;
  spanish: boolean;
  canCoverDOCS: boolean;
  designatedAccountManager: boolean;
  mayRequestCutsAndLunches: boolean;
  ideasRecipient: boolean;
  onProbation: boolean;
  probationDays: number;
  pastProbationDays: number | null;
  terminationDays: number | null;
  fmlaDays: number | null;
  personalTime: number;
  vacationTime: number;
  cell: string;
}

/** Agents and their attributes: independent of the date, so the documented logins never change. */
export function makeAgents(): Agent[] {
  const rng = new Random(AGENT_SEED);
  const taken = new Set<string>();
  const agents: Agent[] = [];
  let agentId = 1000;
  for (const [agentType, count] of ROSTER) {
    for (let i = 0; i < count; i++) {
      agentId++;
      const firstName = rng.pick(FIRST_NAMES);
      const lastName = rng.pick(LAST_NAMES);
      const middle = String.fromCharCode(65 + rng.int(0, 25));
      let initials = `${firstName[0]}${lastName[0]}`;
      if (taken.has(initials)) initials = `${firstName[0]}${middle}${lastName[0]}`;
      for (let n = 2; taken.has(initials); n++) initials = `${firstName[0]}${middle}${lastName[0]}${n}`;
      taken.add(initials);
      const line = agentType < 100 && agentType !== 85;
      const spanish = agentType >= 15 && agentType <= 103 && rng.chance(line ? 0.24 : 0.15);
      const canCoverDOCS = agentType === 85 || ((agentType === 75 || agentType === 80) && rng.chance(0.6));
      // The spec's single-person exceptions: the first account manager is both the designated one
      // and the one above 80 who may ask for cuts and meal breaks; the administrator gets Ideas.
      const exceptional = agentType === 85 && i === 0;
      // Probation is for newer people: trainees and call specialists mostly, now and then a new supervisor.
      const onProbation = (agentType >= 15 && agentType < 30 && rng.chance(0.07)) || (agentType === 100 && i === 1);
      agents.push({
        agentId,
        agentType,
        initials,
        firstName,
        lastName,
        spanish,
        canCoverDOCS,
        designatedAccountManager: exceptional,
        mayRequestCutsAndLunches: exceptional,
        ideasRecipient: agentType === 450 && i === 0,
        onProbation,
        probationDays: rng.int(5, 75),
        pastProbationDays: rng.chance(0.3) ? rng.int(30, 400) : null,
        terminationDays: agentType >= 20 && agentType < 30 && rng.chance(0.01) ? rng.int(10, 30) : null,
        fmlaDays: rng.chance(0.02) ? rng.int(30, 180) : null,
        personalTime: rng.int(0, 160) * 15,
        vacationTime: rng.int(0, 320) * 15,
        cell: `555${String(1_000_000 + (agentId - 1000)).padStart(7, '0')}`,
      });
    }
  }
  return agents;
}

/** One documented login per role; a Spanish speaker and someone on probation besides. */
export function pickLogins(agents: Agent[]): DemoLogin[] {
  const logins: DemoLogin[] = [];
  const add = (agent: Agent | undefined, note: string | null = null): void => {
    if (!agent) return;
    logins.push({
      role: `${roleName(agent.agentType)} (${agent.agentType})`,
      agentType: agent.agentType,
      agentId: agent.agentId,
      initials: agent.initials,
      cell: agent.cell,
      password: DEMO_PASSWORD,
      name: `${agent.firstName} ${agent.lastName}`,
      note,
    });
  };
  const plain = (a: Agent): boolean => !a.onProbation && a.terminationDays === null;
  for (const type of [...new Set(ROSTER.map(([t]) => t))].filter((t) => t < 21 || t > 29 || t === 21)) {
    const ofType = agents.filter((a) => a.agentType === type && plain(a));
    if (type === 80) add(ofType.find((a) => a.canCoverDOCS) ?? ofType[0], 'can cover DOCS');
    else if (type === 85) {
      // The designated one is exempt from the account-manager limits; a plain one shows them.
      add(ofType.find((a) => a.designatedAccountManager) ?? ofType[0], 'the designated account manager: exempt from the account-manager limits (posts and offers on any day), may request cuts and meal breaks');
      add(ofType.find((a) => !a.designatedAccountManager && !a.mayRequestCutsAndLunches), 'posts and offers on holidays only, as every account manager but the designated one');
    }
    else if (type === 450) add(ofType.find((a) => a.ideasRecipient) ?? ofType[0], 'Shiftinator Ideas recipient');
    else add(ofType.find((a) => !a.spanish) ?? ofType[0]);
    if (type === 20) {
      add(agents.find((a) => a.agentType >= 20 && a.agentType < 30 && a.agentType !== 21 && a.spanish && plain(a)), 'Spanish speaker');
      add(agents.find((a) => a.agentType >= 20 && a.agentType < 30 && a.onProbation), 'on probation');
    }
  }
  return logins;
}

/** Orders the documented logins first, the rest as they were (the sort is stable). */
export function loginsFirst(logins: ReadonlySet<number>): (x: Agent, y: Agent) => number {
  return (x, y) => Number(logins.has(y.agentId)) - Number(logins.has(x.agentId));
}
