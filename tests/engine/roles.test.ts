import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ShiftinatorError } from '../../engine/errors.ts';
import { givenTo, groupsOf, loadRoles, monthlyMinimum, permissionsFor, quarterlyMinimums, rolesJsonSchema, whoText, type Permissions } from '../../engine/roles.ts';
import { loadRuleSet } from '../../engine/ruleset.ts';
import { loadParameters, resolveParameters } from '../../engine/parameters.ts';

const RULES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'rules');
const readJson = (name: string): unknown => JSON.parse(readFileSync(join(RULES_DIR, name), 'utf8'));
const parameters = loadParameters('rules/parameters.json', readJson('parameters.json'));
/** roles.json as the rule set reads it: its { "param" } lists put in. */
const rolesJson = (): Record<string, unknown> => resolveParameters('rules/roles.json', readJson('roles.json'), parameters) as Record<string, unknown>;
const roles = loadRoles('rules/roles.json', rolesJson());

/**
 * Spec 3 section 9 "Agent-type codes", one of each: a trainee (below 15), 15, a call specialist
 * (below 30), 21, 30, 31, 32, 75, 80, 85, 100, 101 (spec 3 section 6's supervisors), 102, 103,
 * 105, 110, 240, 350, 450.
 */
const CODES = [10, 15, 20, 21, 30, 31, 32, 75, 80, 85, 100, 101, 102, 103, 105, 110, 240, 350, 450] as const;
type Code = (typeof CODES)[number];

const ALL_VIEWS = ['mine', 'cs', 'span', 'train', 'supv', 'custserv', 'searchIndividual'];
const TRAINING = [61, 64, 65];

/** What each code gets, written out from spec 1 section 6 and spec 3 section 6 (not derived from roles.json). */
function expected(t: Code, spanish: boolean): Permissions {
  const within = (...codes: number[]): boolean => codes.includes(t);
  const calendarViews =
    t >= 75
      ? ALL_VIEWS
      : t >= 30
        ? spanish
          ? ['mine', 'cs', 'span', 'train', 'searchIndividual']
          : ['mine', 'cs', 'train', 'searchIndividual']
        : spanish
          ? ['mine', 'cs', 'span', 'searchIndividual']
          : ['mine', 'cs', 'searchIndividual'];
  const claimOpenShift: Record<number, number[]> = { 15: [0, 1], 20: [0, 1], 21: [0, 1], 30: [0, 1], 31: [0, 1], 32: [0, 1], 75: [0, 1], 80: [0, 1, 9, 15], 85: [15], 100: [9] };
  const claimOpenTrainingShift: Record<number, number[]> = { 30: [61], 31: [61], 32: TRAINING, 75: TRAINING, 80: TRAINING };
  const editOpenShift: Record<number, number[]> = { 100: [0, 1], 102: [0, 1, 9], 105: [15], 110: [15], 350: [0, 1, 9, 15], 450: [0, 1, 9, 15] };
  const removeOpenShift: Record<number, number[]> = {
    100: [0, 1],
    102: [0, 1, 9, ...TRAINING],
    103: TRAINING,
    105: [15, ...TRAINING],
    110: [15, ...TRAINING],
    240: TRAINING,
    350: [0, 1, 9, 15, ...TRAINING],
    450: [0, 1, 9, 15, ...TRAINING],
  };
  const openShiftTypes: Record<number, number[]> = {
    10: [0],
    15: [0, 1],
    20: [0, 1],
    21: [0, 1],
    30: [0, 1, 61],
    31: [0, 1, 61],
    32: [0, 1, ...TRAINING],
    75: [0, 1, ...TRAINING],
    80: [0, 1, 9, 15, ...TRAINING],
    85: [15],
    100: [0, 1, 9],
    102: [0, 1, 9, ...TRAINING],
    103: TRAINING,
    105: [15, ...TRAINING],
    110: [15, ...TRAINING],
    240: TRAINING,
    350: [0, 1, 9, 15, ...TRAINING],
    450: [0, 1, 9, 15, ...TRAINING],
  };
  const createTypes: Record<number, string[]> = {
    100: ['open', 'openSpanish'],
    102: ['open', 'openSpanish', 'openSupervisor', 'openSupervisorOnly'],
    105: ['openCustomerService'],
    110: ['openCustomerService'],
    350: ['open', 'openSpanish', 'openSupervisor', 'openSupervisorOnly', 'openCustomerService'],
    450: ['open', 'openSpanish', 'openSupervisor', 'openSupervisorOnly', 'openCustomerService'],
  };
  const notPersonal = within(85, 105, 110, 240, 350, 450);
  return {
    seesOthers: t >= 100,
    longSessions: t >= 100,
    waitsForReservation: within(75, 80),
    ruleParameters: t >= 102,
    teamCalendar: within(100, 102, 103),
    supervisorWishlist: within(100, 102, 103, 240, 350, 450),
    calendarViews,
    trainingViewTypes: t >= 80 || t === 32 ? TRAINING : [61],
    openShiftTypes: openShiftTypes[t] ?? [],
    createOpenShift: within(100, 102, 105, 110, 350, 450),
    createOpenShiftTypes: createTypes[t] ?? [],
    createOpenTrainingShift: within(102, 103, 240, 350, 450),
    claimOpenShift: claimOpenShift[t] ?? [],
    claimOpenTrainingShift: claimOpenTrainingShift[t] ?? [],
    editOpenShift: editOpenShift[t] ?? [],
    editOpenTrainingShift: t >= 103 ? TRAINING : [],
    removeOpenShift: removeOpenShift[t] ?? [],
    requestCut: t <= 80,
    requestLunch: t <= 80,
    requestPersonal: !notPersonal,
    giveNotice: !notPersonal,
    offerLogs: ['mine', ...(t >= 100 ? ['callSpecialists'] : []), ...(t >= 105 ? ['accountManagers'] : []), ...(t > 230 ? ['supervisors'] : [])],
    attendanceOthers: t >= 240 ? ['agents', 'supervisors'] : t >= 100 ? ['agents'] : [],
    attendanceTraining: t > 85 || within(30, 31, 32),
    chatCategories:
      t < 80
        ? ['callSpecialists', 'ideas']
        : t < 85
          ? ['callSpecialists', 'accountManagers', 'supervision', 'ideas']
          : t < 100
            ? ['callSpecialists', 'accountManagers', 'ideas']
            : ['callSpecialists', 'supervision', 'management', 'ideas'],
    wantWorkHoursTypes: t === 80 ? [0, 9, 15] : [],
  };
}

describe('permissionsFor (rules/roles.json)', () => {
  it.each(CODES.flatMap((t) => [[t, false] as const, [t, true] as const]))('agent type %i, Spanish %s', (t, spanish) => {
    expect(permissionsFor(roles, t, spanish)).toEqual(expected(t, spanish));
  });

  it('lists every permission in the order of the file', () => {
    expect(Object.keys(permissionsFor(roles, 20, false))).toEqual(Object.keys(rolesJson().permissions as object));
  });

  it('gives the agent whose record has mayRequestCutsAndLunches their buttons whatever their type', () => {
    expect(permissionsFor(roles, 110, false, { mayRequestCutsAndLunches: true })).toMatchObject({ requestCut: true, requestLunch: true, requestPersonal: false });
    expect(permissionsFor(roles, 110, false, { mayRequestCutsAndLunches: false, designatedAccountManager: true, ideasRecipient: true })).toMatchObject({
      requestCut: false,
      requestLunch: false,
    });
    expect(permissionsFor(roles, 110, false)).toMatchObject({ requestCut: false, requestLunch: false });
  });

  it('reads the privilege from roles.json: naming another attribute there moves it', () => {
    const json = rolesJson() as { permissions: Record<string, { who: unknown[] }> };
    json.permissions.requestCut = { ...json.permissions.requestCut, who: [{ max: 80 }, { attribute: 'designatedAccountManager' }] } as { who: unknown[] };
    const edited = loadRoles('roles.json', json);
    expect(permissionsFor(edited, 110, false, { designatedAccountManager: true })).toMatchObject({ requestCut: true, requestLunch: false });
    expect(permissionsFor(edited, 110, false, { mayRequestCutsAndLunches: true })).toMatchObject({ requestCut: false, requestLunch: true });
  });

  it('refuses an attribute agents do not have, naming it', () => {
    const json = rolesJson() as { permissions: Record<string, { who: unknown[] }> };
    json.permissions.requestCut = { ...json.permissions.requestCut, who: [{ attribute: 'accountManagerOne' }] } as { who: unknown[] };
    expect(() => loadRoles('roles.json', json)).toThrow(
      'permissions.requestCut.who[0].attribute: Invalid option: expected one of "designatedAccountManager"|"mayRequestCutsAndLunches"|"ideasRecipient"',
    );
  });

  it('is what a rule set loaded with roles.json answers', () => {
    const set = loadRuleSet([{ file: 'rules/roles.json', json: rolesJson(), kind: 'roles' }]);
    expect(set.permissionsFor(100, true)).toEqual(expected(100, true));
    expect(set.actionNames()).toEqual([]);
  });
});

/** groupsOf narrowed to the chat categories (the other groups are the rules' rank classes). */
const CHAT = ['callSpecialists', 'accountManagers', 'supervision', 'management', 'ideas'];
const chatGroupsOf = (...args: Parameters<typeof groupsOf>): string[] => groupsOf(...args).filter((g) => CHAT.includes(g));

describe('groupsOf: the chat recipient categories', () => {
  it.each([
    [10, ['callSpecialists']],
    [20, ['callSpecialists']],
    [32, ['callSpecialists']],
    [75, ['supervision']],
    [80, ['supervision']],
    [85, ['accountManagers']],
    [100, ['supervision']],
    [103, ['supervision']],
    [105, ['management']],
    [450, ['management']],
  ] as const)('agent type %i is in %j', (t, groups) => {
    expect(chatGroupsOf(roles, t, false)).toEqual(groups);
  });

  it('puts the Shiftinator Ideas recipient (ideasRecipient on their record) in ideas as well, whatever their type', () => {
    expect(chatGroupsOf(roles, 450, false, { ideasRecipient: true })).toEqual(['management', 'ideas']);
    expect(chatGroupsOf(roles, 20, false, { ideasRecipient: true })).toEqual(['callSpecialists', 'ideas']);
    expect(chatGroupsOf(roles, 450, false, { ideasRecipient: false })).toEqual(['management']);
  });
});

describe('the attendance minimums (rules/roles.json minimums; spec 3 section 9)', () => {
  it('monthly: 100 hours for advanced trainees (600 in the first 6 months), 40 on call, 70 for other call specialists, none from assistant supervisors up', () => {
    expect([10, 15, 20, 21, 30, 32, 74, 75, 80, 100, 240].map((t) => monthlyMinimum(roles, t)?.hours ?? null)).toEqual([70, 100, 70, 40, 70, 70, 70, null, null, null, null]);
    expect(monthlyMinimum(roles, 15)).toEqual({ hours: 100, note: '600 in the first 6 months' });
    expect(monthlyMinimum(roles, 20)).toEqual({ hours: 70 });
  });

  it('quarterly training: QA reviewers, co-trainers, advanced trainers by shift (and only theirs ask for it); nothing for others', () => {
    expect(quarterlyMinimums(roles, 30, 'firstOrThird')).toEqual({ title: 'QA Reviewer', hours: { minQA: 15 }, byShift: false });
    expect(quarterlyMinimums(roles, 31, 'second')).toEqual({ title: 'Co-Trainer', hours: { minQA: 5, minCo: 10 }, byShift: false });
    expect(quarterlyMinimums(roles, 32, 'firstOrThird')).toEqual({ title: 'Advanced Trainer', hours: { minQA: 5, minCo: 5, minAdv: 10 }, byShift: true });
    expect(quarterlyMinimums(roles, 32, 'second')).toEqual({ title: 'Advanced Trainer', hours: { minQA: 5, minCo: 5, minAdv: 20 }, byShift: true });
    expect(quarterlyMinimums(roles, 20, 'second')).toBeNull();
    expect(quarterlyMinimums(roles, 100, 'second')).toBeNull();
  });

  it('the benefit year: September to September, 1,560 hours for medical and 910 for dental and others', () => {
    expect(roles.minimums.benefitYear).toEqual({ startMonth: 9, hours: [{ for: 'medical', hours: 1560 }, { for: 'dental and others', hours: 910 }] });
  });

  it('follow the file: a manager changes a minimum, a note or who has one there alone', () => {
    const json = rolesJson();
    const minimums = json.minimums as { monthlyHours: { who: unknown; hours: number; note?: string }[] };
    minimums.monthlyHours = [{ who: [{ agentTypes: [21] }], hours: 48, note: 'on call' }, { who: [{ max: 80 }], hours: 64 }];
    const edited = loadRoles('rules/roles.json', json);
    expect([21, 20, 75, 80, 100].map((t) => monthlyMinimum(edited, t))).toEqual([{ hours: 48, note: 'on call' }, { hours: 64 }, { hours: 64 }, { hours: 64 }, null]);
  });

  it('a roles file without minimums has none, and a minimum of 0 hours or an unknown column is refused', () => {
    const json = rolesJson();
    delete json.minimums;
    const bare = loadRoles('roles.json', json);
    expect(monthlyMinimum(bare, 20)).toBeNull();
    expect(quarterlyMinimums(bare, 32, 'second')).toBeNull();
    const zero = { ...rolesJson(), minimums: { monthlyHours: [{ who: [{}], hours: 0 }], quarterlyTrainingHours: [] } };
    expect(() => loadRoles('roles.json', zero)).toThrow(/minimums\.monthlyHours\[0\]\.hours/);
    const column = { ...rolesJson(), minimums: { monthlyHours: [], quarterlyTrainingHours: [{ who: [{}], title: 'T', hours: { minLunch: 5 } }] } };
    expect(() => loadRoles('roles.json', column)).toThrow(/minimums\.quarterlyTrainingHours\[0\]\.hours/);
  });
});

describe('loading roles.json', () => {
  function loadError(json: unknown): string {
    try {
      loadRoles('rules/roles.json', json);
    } catch (e) {
      expect(e).toBeInstanceOf(ShiftinatorError);
      expect((e as ShiftinatorError).code).toBe('RULES_INVALID');
      return (e as Error).message;
    }
    throw new Error('loaded');
  }
  const withPermission = (name: string, p: unknown): unknown => ({ ...rolesJson(), permissions: { ...(rolesJson().permissions as object), [name]: p } });

  it('names the field of a schema violation', () => {
    expect(loadError(withPermission('teamCalendar', { description: 'x', who: [{ min: 'high' }] }))).toBe(
      'rules/roles.json: permissions.teamCalendar.who[0].min: Invalid input: expected number, received string',
    );
    expect(loadError({ permissions: { x: { description: 'x', who: [{ rank: 3 }] } } })).toMatch(/^rules\/roles\.json: permissions\.x/);
  });

  it('refuses an option value the permission does not declare', () => {
    expect(loadError(withPermission('views', { description: 'x', values: ['a'], options: [{ values: ['b'], who: [{}] }] }))).toBe(
      'rules/roles.json: permissions.views: options[0] gives "b", which "values" does not list',
    );
  });

  it('refuses alsoValuesOf naming no list permission, or one whose values are not declared', () => {
    expect(loadError(withPermission('seen', { description: 'x', values: [0], options: [], alsoValuesOf: ['nothing'] }))).toBe(
      'rules/roles.json: permissions.seen: alsoValuesOf names "nothing", which is not a permission',
    );
    expect(loadError(withPermission('seen', { description: 'x', values: [0], options: [], alsoValuesOf: ['teamCalendar'] }))).toBe(
      'rules/roles.json: permissions.seen: alsoValuesOf names "teamCalendar", which must be a list permission without alsoValuesOf',
    );
    expect(loadError(withPermission('seen', { description: 'x', values: [0], options: [], alsoValuesOf: ['claimOpenShift'] }))).toBe(
      'rules/roles.json: permissions.seen: alsoValuesOf "claimOpenShift" can give 1, which "values" does not list',
    );
  });

  it('refuses a second roles file, and a rule set without one has no permissions', () => {
    const source = { file: 'rules/roles.json', json: rolesJson(), kind: 'roles' as const };
    expect(() => loadRuleSet([source, { ...source, file: 'other/roles.json' }])).toThrow('other/roles.json: a second roles file (the first is rules/roles.json)');
    expect(() => loadRuleSet([]).permissionsFor(20, false)).toThrow('no roles file (roles.json) was loaded with these rules');
  });

  it('rules/roles.schema.json is the one the engine generates, and roles.json names it', () => {
    const onDisk: unknown = JSON.parse(readFileSync(join(RULES_DIR, 'roles.schema.json'), 'utf8'));
    expect(onDisk, 'rules/roles.schema.json is out of date with engine/roles.ts: run `npm run schema`').toEqual(rolesJsonSchema());
    expect(rolesJson().$schema).toBe('./roles.schema.json');
  });
});

describe("a list permission's holders in words (the attendance refusal names them)", () => {
  it('says who attendanceOthers gives "supervisors" to, and follows an edit', () => {
    expect(whoText(givenTo(roles, 'attendanceOthers', 'supervisors'))).toBe('agent types 240 and above');
    const json = rolesJson() as { permissions: Record<string, { options: { values: unknown[]; who: unknown[] }[] }> };
    (json.permissions.attendanceOthers?.options[1] as { who: unknown[] }).who = [{ min: 231, max: 300, spanish: true }, { agentTypes: [450] }];
    expect(whoText(givenTo(loadRoles('roles.json', json), 'attendanceOthers', 'supervisors'))).toBe('agent types 231 to 300 who speak Spanish or agent types 450');
  });
});
