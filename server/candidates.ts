import { IsolationLevel, type EntityManager } from '@mikro-orm/core';
import { ApiError } from './api-error.ts';
import type { QueryCreator } from 'kysely';
import { codesOf, couldTake, decideForEach, needKey, SliceWorld, TAKING_ACTIONS, takingRequest, type CandidateAnswer, type Need, type RuleSet, type Takeable, type TakeableKind } from '../engine/index.ts';
import { CandidateLearning } from '../engine/candidates.ts';
import type { Database } from './db/database.ts';
import { epochMsOf, kyselyOf, type ServerDatabase } from './db/kysely.ts';
import { meSeesOthers } from './reads/details.ts';
import type { TakeCandidate as CandidateRow, WhoCouldTake } from './reads/shapes.ts';
import { employedAt, personColumns } from './routes/shared.ts';
import { WorldLoader } from './world-loader.ts';

/**
 * Who could take a posting or an open shift (issue 21): the engine's answer for every colleague
 * (engine/candidates.ts) on the database, loaded round by round as the decisions ask. Colleagues'
 * schedules stay private: the poster learns how many could take it; supervisors and above, who
 * may read anyone's schedule (seesOthers), see who, and for the rest the rule that stops them.
 */

const CANDIDATE_MESSAGES = {
  notYours: 'Only the person who posted it and supervisors can see who could take it.',
  noPosting: (id: number): string => `There is no posting for coverage ${id}.`,
  noHours: (id: number): string => `There is no posting for hours ${id}.`,
  noOpenShift: (id: number): string => `There is no open shift ${id}.`,
};

/** How many rounds of loading the decisions may take (each asks for its candidates' schedules). */
const MAX_ROUNDS = 8;


interface Posted extends Takeable {
  poster: number | null;
  type: number;
}

/** A kind's records in one shape, as `p`: who posted it (an open shift's creator, null when not known). */
function postingsOf(db: QueryCreator<ServerDatabase>, kind: PostingKind) {
  if (kind === 'openShift') return db.selectFrom('open_shifts').select(['id', 'created_by as poster', 'type', 'start', 'end']).as('p');
  return db
    .selectFrom(kind === 'coveragePosting' ? 'coverage_postings' : 'pickup_postings')
    .select(['id', 'agent_id as poster', 'type', 'start', 'end'])
    .as('p');
}

async function posted(em: EntityManager, kind: PostingKind, id: number): Promise<Posted | null> {
  const db = kyselyOf(em);
  const row = await db
    .selectFrom(postingsOf(db, kind))
    .select((eb) => ['p.id', 'p.poster', 'p.type', epochMsOf(eb.ref('p.start')).as('startMs'), epochMsOf(eb.ref('p.end')).as('endMs')])
    .where('p.id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, poster: row.poster, type: row.type, start: row.startMs / 60_000, end: row.endMs / 60_000 } : null;
}

interface Colleague {
  agentId: number;
  initials: string | null;
  fullName: string;
}

/** Everyone employed at `now` but the poster. */
function colleaguesOf(em: EntityManager, poster: number | null, now: number): Promise<Colleague[]> {
  return kyselyOf(em)
    .selectFrom('agents as a')
    .select(personColumns())
    .where('a.agent_id', 'is distinct from', poster)
    .where(employedAt(new Date(now * 60_000)))
    .orderBy('a.initials', (o) => o.collate('C'))
    .orderBy('a.agent_id')
    .execute();
}

/** One posting or open shift to decide, and the colleagues to ask about it. */
interface Ask {
  kind: TakeableKind;
  record: Posted;
  candidates: number[];
}

/**
 * Decides the taking action for every colleague of each ask, on one consistent snapshot, loading
 * what they ask. The asks share one loader: what one posting's decisions loaded (the colleagues'
 * schedules around its hours, the head counts) is not loaded again for the next.
 */
async function decideAll(db: Database, rules: RuleSet, asks: readonly Ask[], now: number): Promise<Map<number, CandidateAnswer>[]> {
  return db.em().transactional(
    async (em) => {
      const loader = new WorldLoader(em, { lock: false });
      const out: Map<number, CandidateAnswer>[] = [];
      for (const ask of asks) out.push(await decideOn(loader, rules, ask, now));
      return out;
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  );
}

/** The record of a kind's collection: every candidate's request reads it. */
const collectionOf = (kind: TakeableKind): string => (kind === 'coveragePosting' ? 'coveragePostings' : kind === 'pickupPosting' ? 'pickupPostings' : 'openShifts');

/**
 * Decides `candidates` round by round: each round decides them all on what is loaded and loads
 * what the unsettled ones asked for. `learnt` carries the shared facts, dropped rules and role
 * groups' answers from round to round. Returns every query the rounds' decisions asked.
 */
async function decideInRounds(loader: WorldLoader, rules: RuleSet, { kind, record }: Ask, candidates: readonly number[], now: number, learnt: CandidateLearning, done: Map<number, CandidateAnswer>): Promise<Need[]> {
  let todo = candidates;
  const asked: Need[] = [];
  for (let round = 0; round < MAX_ROUNDS && todo.length > 0; round++) {
    const world = new SliceWorld(loader.data, loader.answered);
    const needs = new Map<string, Need>();
    const settled = (): boolean => {
      const missing = world.takeMissing();
      for (const n of missing) needs.set(needKey(n), n);
      return missing.length === 0;
    };
    world.get(collectionOf(kind), record.id);
    settled();
    const answers = await decideForEach(rules, { action: TAKING_ACTIONS[kind], world, now, input: takingRequest(kind, record, world), candidates: todo, settled, learnt });
    for (const a of answers) done.set(a.agentId, a);
    asked.push(...world.asked);
    todo = todo.filter((id) => !done.has(id));
    if (todo.length > 0) await loader.load([...needs.values()]);
  }
  if (todo.length > 0) throw new Error(`who could take it kept asking for more of the world (${todo.length} colleagues undecided)`);
  return asked;
}

/** Role groups' first members decided one by one, at most, to learn which of their own hours a decision reads. */
const PROBES = 8;

/** The windows of its own hours that `agentId`'s decision read, by their text. */
function windowsOf(asked: readonly Need[], agentIds: readonly number[], into: Map<string, { from: number; to: number }>): void {
  for (const n of asked) if (n.kind === 'agentShifts' && agentIds.includes(n.agentId)) into.set(`${n.from}:${n.to}`, { from: n.from, to: n.to });
}

/**
 * Every candidate's answer, in few statements. Each decision reads its actor's row (all read in
 * one statement first), what every candidate shares (the posting, its poster's hours, the head
 * counts), and the candidate's own hours around the posting. Only the first member of each role
 * group (engine/candidates.ts, RoleGroups) is decided before the rest: a group whose role stops
 * it is then answered whole. Those are decided one at a time until one reads hours of their own:
 * a coverage posting or an open shift is taken with one request whoever sends it, so the others
 * read the same windows, which are then loaded in one statement (one range scan) for the other
 * groups' first members and, once those are decided together, for the colleagues whose group
 * does not answer for them, who are then decided together, most in one round. Whoever asks for
 * more gets it in further rounds.
 */
async function decideOn(loader: WorldLoader, rules: RuleSet, ask: Ask, now: number): Promise<Map<number, CandidateAnswer>> {
  const { kind, candidates } = ask;
  const done = new Map<number, CandidateAnswer>();
  await loader.loadRecords('agents', candidates);
  const world = new SliceWorld(loader.data, loader.answered);
  const sameRequest = typeof takingRequest(kind, ask.record, world) !== 'function';
  const learnt = new CandidateLearning(rules, TAKING_ACTIONS[kind], !sameRequest);
  const groups = learnt.groups;
  const firsts = new Map<string | null, number>();
  for (const id of candidates) {
    const key = groups?.keyOf(world, id) ?? null;
    if (!firsts.has(key)) firsts.set(key, id);
  }
  const leads = [...firsts.values()];
  const spans = new Map<string, { from: number; to: number }>();
  let next = 0;
  while (sameRequest && next < Math.min(PROBES, leads.length) && spans.size === 0) {
    const probe = leads.slice(next, ++next);
    windowsOf(await decideInRounds(loader, rules, ask, probe, now, learnt, done), probe, spans);
  }
  const others = leads.slice(next);
  if (spans.size > 0) await loader.loadAgentsShifts(others, [...spans.values()]);
  if (sameRequest) windowsOf(await decideInRounds(loader, rules, ask, others, now, learnt, done), others, spans);
  const rest = candidates.filter((id) => !done.has(id));
  if (spans.size > 0) await loader.loadAgentsShifts(rest.filter((id) => !groups?.answerFor(groups.keyOf(world, id), id)), [...spans.values()]);
  await decideInRounds(loader, rules, ask, rest, now, learnt, done);
  return done;
}

export type PostingKind = 'coveragePosting' | 'pickupPosting' | 'openShift';

/** A posting or open shift, who posted it, and every colleague's answer: those who could first. */
export interface Candidates {
  record: Posted;
  /** An open shift of a training type is claimed with claimOpenTrainingShift. */
  takeable: TakeableKind;
  rows: CandidateRow[];
}

/** Every colleague's answer for posting `id` of `kind`, whoever asks (callers check who may see it); null for none. */
export async function candidatesFor(db: Database, rules: RuleSet, kind: PostingKind, id: number, now: number): Promise<Candidates | null> {
  const record = await posted(db.em(), kind, id);
  return record && candidatesOf(db, rules, kind, record, now);
}

const takeableOf = (rules: RuleSet, kind: PostingKind, record: Posted): TakeableKind =>
  kind === 'openShift' && codesOf(rules).trainingShiftTypes.includes(record.type) ? 'openTrainingShift' : kind;

/** The colleagues' rows with their answers, those who could first. */
function rowsOf(people: readonly Colleague[], answers: Map<number, CandidateAnswer>): CandidateRow[] {
  const rows = people.map((p): CandidateRow => {
    const a = answers.get(p.agentId) as CandidateAnswer;
    return { ...p, ...a, could: couldTake(a) };
  });
  return [...rows.filter((r) => r.could), ...rows.filter((r) => !r.could)];
}

/** Every colleague's answer for a posting already read. */
async function candidatesOf(db: Database, rules: RuleSet, kind: PostingKind, record: Posted, now: number): Promise<Candidates> {
  const takeable = takeableOf(rules, kind, record);
  const people = await colleaguesOf(db.em(), record.poster, now);
  const [answers] = await decideAll(db, rules, [{ kind: takeable, record, candidates: people.map((p) => p.agentId) }], now);
  return { record, takeable, rows: rowsOf(people, answers as Map<number, CandidateAnswer>) };
}

/** What `reader` may see of a posting's answers: the count, and the people for supervisors. */
function asSeen(rows: CandidateRow[], supervisor: boolean): WhoCouldTake {
  const could = rows.filter((r) => r.could).length;
  return supervisor ? { could, of: rows.length, people: rows } : { could, of: rows.length };
}

const noRecord = (kind: PostingKind, id: number): ApiError =>
  new ApiError('NOT_FOUND', kind === 'coveragePosting' ? CANDIDATE_MESSAGES.noPosting(id) : kind === 'pickupPosting' ? CANDIDATE_MESSAGES.noHours(id) : CANDIDATE_MESSAGES.noOpenShift(id));

/**
 * Who could take posting `id` of `kind`, as `reader` may see it: 404 for none, 403 for a reader
 * who neither posted it nor may read others' schedules.
 */
export async function whoCouldTake(db: Database, rules: RuleSet, reader: number, kind: PostingKind, id: number, now: number): Promise<WhoCouldTake> {
  const em = db.em();
  const poster = await posted(em, kind, id);
  if (!poster) throw noRecord(kind, id);
  const supervisor = await meSeesOthers(em, rules, reader);
  if (!supervisor && poster.poster !== reader) throw new ApiError('FORBIDDEN', CANDIDATE_MESSAGES.notYours);
  const { rows } = await candidatesOf(db, rules, kind, poster, now);
  return asSeen(rows, supervisor);
}

/**
 * Who could take each of the postings `ids` of `kind` (a screen's rows), each as whoCouldTake
 * answers it, in one snapshot and one loading of the world: 404 when one does not exist, 403
 * when the reader may not see one of them. The colleagues are read once for all.
 */
export async function whoCouldTakeEach(db: Database, rules: RuleSet, reader: number, kind: PostingKind, ids: readonly number[], now: number): Promise<(WhoCouldTake & { id: number })[]> {
  const em = db.em();
  const records: Posted[] = [];
  for (const id of ids) {
    const record = await posted(em, kind, id);
    if (!record) throw noRecord(kind, id);
    records.push(record);
  }
  const supervisor = await meSeesOthers(em, rules, reader);
  if (!supervisor && records.some((r) => r.poster !== reader)) throw new ApiError('FORBIDDEN', CANDIDATE_MESSAGES.notYours);
  const everyone = await colleaguesOf(em, null, now);
  const peopleOf = (r: Posted): Colleague[] => everyone.filter((p) => p.agentId !== r.poster);
  const answers = await decideAll(
    db,
    rules,
    records.map((record) => ({ kind: takeableOf(rules, kind, record), record, candidates: peopleOf(record).map((p) => p.agentId) })),
    now,
  );
  return records.map((record, i) => ({ id: record.id, ...asSeen(rowsOf(peopleOf(record), answers[i] as Map<number, CandidateAnswer>), supervisor) }));
}
