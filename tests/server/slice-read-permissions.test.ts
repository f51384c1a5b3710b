import { describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { COLLECTIONS, normalizeWorld, parseInstant, PreparedWorld, type FieldSpec, type WorldRecord } from '../../engine/index.ts';
import { actionSubjects, readerOf, readRefusal, SLICE_VISIBILITY } from '../../server/slice-visibility.ts';
import { loadWorldAt, useTestServer } from './support.ts';

/**
 * Every slice route (the world slice and the offered slice of every action of rules/) against
 * every collection a rule file can load: a reader without the permission to read another
 * person's records of a collection (SLICE_VISIBILITY's `others`, the predicate the collection's
 * reads use) gets none of them, neither whole nor anonymised. Generated from the rule set and the
 * table, so a new rule file or collection is covered as it comes.
 */

const RULES = loadRulesDir();
const ACTIONS = RULES.actionNames().filter((a) => !RULES.action(a).file.anonymous);
const NOW = '2026-06-01 08:00';

const TRAINEE = 1;
const SPECIALIST = 2;
const OTHER = 3;
const READERS = [TRAINEE, SPECIALIST];

/** Every collection some fact of some rule file loads (a `collection` parameter anywhere in its facts). */
function loadedCollections(): string[] {
  const found = new Set<string>(['agents', 'shifts']);
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === 'collection' && typeof v === 'string') found.add(v);
        else walk(v);
      }
    }
  };
  for (const action of RULES.actionNames()) walk(RULES.action(action).file.facts);
  return [...found].sort();
}
const LOADED = loadedCollections();
/** The collections whose others' records only some may read. */
const GUARDED = LOADED.filter((c) => SLICE_VISIBILITY[c]?.others);

/**
 * A record of `collection` with key `key`, every field filled: owner fields name `owner`, other
 * ids name record `ref` of their collection, spans run over the subject day; `optional` fills the
 * nullable fields too (an ended posting, a break's parent, an answered offer).
 */
function recordOf(collection: string, key: number, owner: number, ref: number, optional: boolean): Record<string, unknown> {
  const spec = COLLECTIONS[collection];
  const owners = new Set(SLICE_VISIBILITY[collection]?.owners ?? []);
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(spec?.fields ?? {}) as [string, FieldSpec][]) {
    if (name === spec?.key) out[name] = key;
    else if (f.nullable && !optional) out[name] = null;
    else if (owners.has(name) || name === 'agentId') out[name] = owner;
    else if (f.type === 'id') out[name] = ref;
    else if (f.type === 'instant') out[name] = name === 'end' ? '2026-06-10 16:00' : name === 'start' ? '2026-06-10 08:00' : '2026-06-01 07:00';
    else if (f.type === 'date') out[name] = '2026-06-10';
    else if (f.type === 'string') out[name] = `SECRET ${collection} ${key}`;
    else if (f.type === 'status') out[name] = f.default;
    else if (f.type === 'bool') out[name] = f.default ?? false;
    else out[name] = f.default ?? 1;
  }
  return out;
}

/**
 * Records 7 and 8 of every collection rules load: 8 (optional fields filled) is OTHER's and points
 * at 7, which is OTHER's too or, `readerOwns`, the reader's (their shift with someone else's request).
 */
function worldFor(reader: number, readerOwns: boolean): Record<string, unknown[]> {
  const world: Record<string, unknown[]> = {
    agents: [
      { agentId: TRAINEE, agentType: 10, initials: 'TR' },
      { agentId: SPECIALIST, agentType: 20, initials: 'CS' },
      { agentId: OTHER, agentType: 20, initials: 'OT' },
    ],
  };
  for (const c of LOADED) {
    if (c === 'agents' || c === 'days') continue;
    world[c] = [recordOf(c, 7, readerOwns ? reader : OTHER, 7, false), recordOf(c, 8, OTHER, 7, true)];
  }
  // The subject shift is a main shift; 8 is its meal break.
  (world.shifts as WorldRecord[]).forEach((s) => Object.assign(s, { parentId: s.id === 8 ? 7 : null }));
  return world;
}

/** An input for `action` naming record `subject` in every id field, plausible values besides. */
function inputFor(action: string, subject: number): Record<string, string> {
  const input: Record<string, string> = {};
  for (const [field, type] of Object.entries(RULES.action(action).file.input)) {
    const base = type.replace('?', '');
    if (base === 'id') input[field] = String(subject);
    else if (base === 'instant') input[field] = /end/i.test(field) ? '2026-06-10 12:00' : '2026-06-10 09:00';
    else if (base === 'number') input[field] = '1';
    else if (base === 'boolean') input[field] = 'false';
    else if (!type.endsWith('?')) input[field] = 'hello';
  }
  return input;
}

/** Why `reader` may not read a record of the test world, by the table (null: they may). */
function refusalOf(collection: string, record: WorldRecord, reader: number, world: PreparedWorld): string | null {
  return readRefusal(collection, record, { world, reader: readerOf(RULES, reader, world.get('agents', reader)), now: parseInstant(NOW) });
}

const server = useTestServer();

describe('the table guards every collection a rule file loads', () => {
  it('names each, and some of them are guarded', () => {
    for (const c of LOADED) expect(Object.keys(SLICE_VISIBILITY), c).toContain(c);
    expect(GUARDED).toEqual(expect.arrayContaining(['cutRequests', 'lunchRequests', 'coveragePostings', 'pickupPostings', 'offers']));
  });
});

const CASES = READERS.flatMap((reader) => [false, true].map((readerOwns) => [reader === TRAINEE ? 'a trainee' : 'a Call Specialist', readerOwns ? 'on their own records' : "on another's", reader, readerOwns] as const));

describe.each(CASES)("%s reads no guarded record they may not read, %s", (_who, _whose, reader, readerOwns) => {
  const world = worldFor(reader, readerOwns);
  const prepared = new PreparedWorld(normalizeWorld(world));
  const normalized = normalizeWorld(world);

  it.runIf(!readerOwns)('the world holds, for every guarded collection, a record the reader may not read', () => {
    for (const c of GUARDED) {
      const hidden = (normalized[c] ?? []).filter((r) => refusalOf(c, r, reader, prepared) !== null);
      expect(hidden.length, c).toBeGreaterThan(0);
    }
  });

  it('through every slice route of every action', async () => {
    await loadWorldAt(server, NOW, world);
    const leaks: string[] = [];
    let sent = 0;
    for (const action of ACTIONS) {
      for (const route of ['worldSlice', 'offeredSlice']) {
        for (const subject of [7, 8]) {
          const res = await server.request(`/api/${route}/${action}?${new URLSearchParams(inputFor(action, subject))}`, { as: reader });
          const body = (await res.json()) as { world?: Record<string, WorldRecord[]> };
          if (res.status !== 200) {
            expect([400, 403], `${route}/${action} ${subject}`).toContain(res.status);
            continue;
          }
          sent++;
          for (const c of GUARDED) {
            const key = COLLECTIONS[c]?.key ?? 'id';
            for (const r of body.world?.[c] ?? []) {
              const original = (normalized[c] ?? []).find((o) => o[key] === r[key]);
              if (!original) leaks.push(`${route}/${action}?${subject}: a stand-in of ${c}`);
              else if (refusalOf(c, original, reader, prepared) !== null) leaks.push(`${route}/${action}?${subject}: ${c} ${String(r[key])}`);
            }
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(sent, 'slices sent').toBeGreaterThan(ACTIONS.length);
  }, 300_000);
});

describe("the issue's examples", () => {
  const world = {
    agents: [
      { agentId: TRAINEE, agentType: 10, initials: 'TR' },
      { agentId: SPECIALIST, agentType: 20, initials: 'CS' },
      { agentId: OTHER, agentType: 20, initials: 'OT' },
      { agentId: 4, agentType: 100, initials: 'SU' },
    ],
    shifts: [{ id: 201, agentId: OTHER, start: '2026-06-10 08:00', end: '2026-06-10 16:00' }],
    cutRequests: [{ id: 1, agentId: OTHER, shiftId: 201, requestedAt: '2026-06-01 07:00', requestedEnd: '2026-06-10 12:00' }],
    lunchRequests: [{ id: 1, agentId: OTHER, shiftId: 201, requestedAt: '2026-06-01 07:00', notes: 'after 1 pm' }],
    coveragePostings: [{ id: 5, agentId: OTHER, shiftId: 201, start: '2026-06-10 08:00', end: '2026-06-10 16:00', notes: 'family', endedAt: '2026-06-01 07:00' }],
  };
  const SUPERVISION_ONLY = 'Only supervision can see the cut and break requests.';

  it.each([
    ['worldSlice/denyCutSelf', 'cutRequests', TRAINEE],
    ['offeredSlice/denyLunchSelf', 'lunchRequests', SPECIALIST],
  ])("%s gives %s no one else's requests, and the wishlist's read refuses them", async (route, collection, reader) => {
    await loadWorldAt(server, NOW, world);
    const res = await server.request(`/api/${route}?shiftId=201`, { as: reader });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { world: Record<string, unknown[]>; facts: Record<string, unknown> };
    expect(body.world[collection] ?? []).toEqual([]);
    expect(body.facts).toEqual({ pendingRequests: 0 });
    const read = await server.request(`/api/lookup${collection === 'cutRequests' ? 'Cut' : 'Lunch'}/201`, { as: 4 });
    expect(read.status).toBe(200);
    const list = await server.request('/api/getCutMainShifts', { as: reader });
    expect(list.status).toBe(403);
    expect(await list.json()).toEqual({ error: SUPERVISION_ONLY });
  });

  it("another person's ended posting: 403 on every read and slice of it, as lookupPosting answers", async () => {
    await loadWorldAt(server, NOW, world);
    const notYours = { error: 'You can only see postings on the calendar and your own.' };
    for (const path of ['/api/findShiftWantsCoverage/5', '/api/lookupPosting/5', '/api/worldSlice/removeShiftFromCoverage?lookingForCoverageId=5']) {
      const res = await server.request(path, { as: SPECIALIST });
      expect([path, res.status, await res.json()]).toEqual([path, 403, notYours]);
    }
    const edit = new URLSearchParams({ lookingForCoverageId: '5', startTime: '2026-06-10 08:00', endTime: '2026-06-10 12:00' });
    const res = await server.request(`/api/worldSlice/editCoverage?${edit}`, { as: SPECIALIST });
    expect([res.status, await res.json()]).toEqual([403, notYours]);
    // Its poster still reads it.
    expect((await server.request('/api/findShiftWantsCoverage/5', { as: OTHER })).status).toBe(200);
  });

  it('the subject check reads the same table: a shift-less action names its subjects from the rules', () => {
    expect(actionSubjects(RULES.action('removeShiftFromCoverage').file)).toEqual([['lookingForCoverageId', 'coveragePostings']]);
  });
});
