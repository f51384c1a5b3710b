import { hostname } from 'node:os';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { loadRuleSet, type RuleSet } from '../engine/index.ts';
import { define } from './contract.ts';
import type { Database } from './db/database.ts';
import { recordSwitch, RULE_SWITCH_CHANNEL, ruleSwitches, storedRuleSets, type RuleSwitch, type SwitchHow } from './rule-history.ts';

/** A rule set with the digest its decisions are logged with. */
export interface LiveRuleSet {
  rules: RuleSet;
  rulesHash: string;
}

/** How a watched folder is doing, for the health read (cli/rules-watch.ts). */
export interface WatchHealth {
  folder: string;
  /** watching: told of edits at once; polling: looked at every second (the watch could not be set up); missing: the folder is gone, looked for every second. */
  state: 'watching' | 'polling' | 'missing' | 'closed';
  since: string;
  detail: string | null;
  lastRefusal: { at: string; reason: string } | null;
}

/** Rule sets that replace the live one while the server runs (serve's watch of its rules folder). */
export interface RuleUpdates {
  /** Calls `goLive` with each new set; returns the unsubscribe. */
  subscribe: (goLive: (set: LiveRuleSet) => Promise<void>) => () => void;
  health?: () => WatchHealth;
}

/**
 * Which rules decide: the server's folder (its watch takes up edits) or the sets published in the
 * database (`rules publish`, every process of every host). Auto: published once a set has been.
 */
export type RuleSource = 'folder' | 'published' | 'auto';

const HealthAnswer = z.object({
  live: z.object({
    version: z.string().describe('The first 12 hex digits of the sha256'),
    hash: z.string().describe('sha256 of the rule files that decide: decision_log.rules_hash'),
    since: z.string().describe('When this process began deciding with it (ISO-8601, UTC)'),
    how: z.string().describe('start, edit, publish, rollback or schedule'),
    where: z.string().describe('The host and process that made the switch'),
  }),
  governs: z.enum(['folder', 'published']).describe('Whether edits of the watched folder or published sets decide'),
  why: z.string().describe('Why that one governs, in words'),
  watch: z
    .object({
      folder: z.string(),
      state: z.enum(['watching', 'polling', 'missing', 'closed']),
      since: z.string(),
      detail: z.string().nullable(),
      lastRefusal: z.object({ at: z.string(), reason: z.string() }).nullable().describe('The last edit refused, and why (the file and the problem, never the file\'s content)'),
    })
    .nullable(),
  scheduled: z.array(z.object({ version: z.string(), hash: z.string(), at: z.string(), reason: z.string().nullable() })).describe('Published sets due later, the next first'),
});
export type RulesHealth = z.infer<typeof HealthAnswer>;

/** GET /api/health/rules: without a session, for an operator's monitor (docs/server.md says what it shows). */
const RULES_HEALTH_ROUTE = createRoute({
  method: 'get',
  path: '/api/health/rules',
  operationId: 'rulesHealth',
  summary: 'Which rule set decides here, since when and how; whether the rules folder is watched; the last refused edit; scheduled sets. No session: versions and states, no rule text',
  tags: ['meta'],
  security: [],
  responses: { 200: { description: 'The rules of this server process', content: { 'application/json': { schema: HealthAnswer } } } },
});

/** Mounts RULES_HEALTH_ROUTE on `app`, answered by `health`. */
export function registerRulesHealth<E extends Env>(app: OpenAPIHono<E>, health: () => RulesHealth): void {
  define(app, RULES_HEALTH_ROUTE, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(health());
  });
}

export interface LiveRulesOptions {
  db: Database;
  /** The folder's set, which the server was started with. */
  initial: LiveRuleSet;
  updates?: RuleUpdates | undefined;
  source?: RuleSource;
  /** The server's clock in epoch minutes: a scheduled set decides the requests whose now is at or after its instant. */
  now: () => number;
  /** The one path by which a set goes live in this process: folder edits, publishes, rollbacks and schedules alike. */
  goLive: (set: LiveRuleSet) => void;
  log: (line: string) => void;
}

interface Live {
  hash: string;
  since: Date;
  how: SwitchHow;
  where: string;
}

interface Pending {
  change: RuleSwitch;
  set: LiveRuleSet;
}

interface NativeClient {
  query(text: string): Promise<unknown>;
  on(event: 'notification', listener: (m: { channel: string }) => void): void;
  on(event: 'error' | 'end', listener: () => void): void;
  release(destroy?: boolean): void;
}
interface NativePool {
  options: Record<string, unknown>;
  connect(): Promise<NativeClient>;
  on(event: 'error', listener: () => void): void;
  end(): Promise<void>;
}

const short = (hash: string): string => hash.slice(0, 12);
const whereOf = (s: Pick<RuleSwitch, 'host' | 'pid'>): string => (s.host ? `${s.host} pid ${s.pid}` : 'not recorded');
/** How often a pending scheduled set is looked at when no request comes (the clock may be anybody's). */
const SCHEDULE_TICK_MS = 1_000;
/** setTimeout's longest delay (a longer one fires at once); a set due later is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The later of two switches in the order they go live. */
const later = (a: RuleSwitch, b: RuleSwitch): boolean => a.liveAt.getTime() > b.liveAt.getTime() || (a.liveAt.getTime() === b.liveAt.getTime() && a.id > b.id);

/**
 * The rule set of one server process and every switch of it: the start, the watched folder's
 * edits, and the published sets (every process hears those through NOTIFY on PostgreSQL, and
 * takes a scheduled one at its instant). Each switch goes through `goLive`, and each one this
 * process makes is recorded first (rule_switches), so that a logged decision names a stored set.
 */
export class LiveRules {
  private readonly o: LiveRulesOptions;
  private live: Live;
  private governs: 'folder' | 'published' = 'folder';
  private why = '';
  private pending: Pending | null = null;
  private readonly compiled = new Map<string, LiveRuleSet>();
  private unsubscribe: () => void = () => undefined;
  private pool: NativePool | undefined;
  private client: NativeClient | undefined;
  private tick: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> = Promise.resolve();
  private refreshQueued = false;
  private dueTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(options: LiveRulesOptions) {
    this.o = options;
    this.live = { hash: options.initial.rulesHash, since: new Date(), how: 'start', where: whereOf({ host: hostname(), pid: process.pid }) };
    this.compiled.set(options.initial.rulesHash, options.initial);
  }

  async start(): Promise<void> {
    const source = this.o.source ?? 'auto';
    // A set scheduled for later does not govern yet: until one is due, the folder's set decides (and is recorded).
    const nowMs = this.o.now() * 60_000;
    const published = (await ruleSwitches(this.o.db, { published: true })).some((s) => s.how !== 'schedule' || s.liveAt.getTime() <= nowMs);
    if (source === 'published' || (source === 'auto' && published)) {
      this.governs = 'published';
      this.why = published ? 'sets have been published to the database (`rules publish`); the folder is not watched' : 'serve was told to follow published sets; none has been yet, so the folder\'s set decides until one is';
      if (!published) await this.recordOwn('start', this.o.initial);
    } else {
      this.why = source === 'folder' ? 'serve was told to follow its folder (--rule-source folder): published sets are not taken up' : 'no set has been published to the database: the watched folder decides';
      await this.recordOwn('start', this.o.initial);
      this.unsubscribe = this.o.updates?.subscribe((set) => this.folderEdit(set)) ?? (() => undefined);
    }
    // Listening before reading: a set published in between is heard of.
    if (this.o.db.kind === 'postgresql' && source !== 'folder') await this.listen();
    // The published set in force, and the next scheduled one.
    if (source !== 'folder') await this.refresh();
    this.o.log(`rules: ${this.governs === 'published' ? 'published sets govern' : 'the folder governs'}: ${this.why}`);
  }

  private async folderEdit(set: LiveRuleSet): Promise<void> {
    if (this.governs !== 'folder') throw new Error('published sets govern: edits of the folder are not taken up (docs/rules.md)');
    await this.recordOwn('edit', set);
  }

  private async recordOwn(how: 'start' | 'edit', set: LiveRuleSet): Promise<void> {
    const change = await recordSwitch(this.o.db, { hash: set.rulesHash, files: set.rules.sources, how });
    this.switchTo(set, change);
  }

  private switchTo(set: LiveRuleSet, change: RuleSwitch): void {
    this.compiled.set(set.rulesHash, set);
    this.o.goLive(set);
    this.live = { hash: set.rulesHash, since: new Date(), how: change.how, where: whereOf(change) };
  }

  /** A stored set, compiled once per process. */
  private async setOf(hash: string): Promise<LiveRuleSet> {
    const known = this.compiled.get(hash);
    if (known) return known;
    const stored = (await storedRuleSets(this.o.db, hash)).find((s) => s.hash === hash);
    if (!stored) throw new Error(`rule set ${short(hash)} is not stored`);
    const set = { rules: loadRuleSet(stored.files), rulesHash: hash };
    this.compiled.set(hash, set);
    return set;
  }

  /** Reads the published switches again (after a NOTIFY, a reconnect, a scheduled set going live); one at a time. */
  refresh(): Promise<void> {
    // A read not yet begun will see whatever a later notice announces: a burst of notices is one read.
    if (this.refreshQueued) return this.refreshing;
    this.refreshQueued = true;
    this.refreshing = this.refreshing
      .then(() => {
        this.refreshQueued = false;
        return this.readPublished();
      })
      .catch((e: unknown) => this.o.log(`rules: could not read the published sets: ${(e as Error).message}; version ${short(this.live.hash)} stays live`));
    return this.refreshing;
  }

  private async readPublished(): Promise<void> {
    if (this.closed || (this.o.source ?? 'auto') === 'folder') return;
    const nowMs = this.o.now() * 60_000;
    const published = await ruleSwitches(this.o.db, { published: true });
    // A publish or rollback is due when it commits, a scheduled set at its instant on this server's clock.
    const due = published.filter((s) => s.how !== 'schedule' || s.liveAt.getTime() <= nowMs);
    const current = due.reduce<RuleSwitch | null>((a, s) => (!a || later(s, a) ? s : a), null);
    const next = published.filter((s) => s.how === 'schedule' && s.liveAt.getTime() > nowMs && (!current || later(s, current))).sort((a, b) => a.liveAt.getTime() - b.liveAt.getTime())[0];
    if (current && (current.hash !== this.live.hash || this.governs !== 'published')) {
      const set = await this.setOf(current.hash);
      if (this.governs !== 'published') {
        this.governs = 'published';
        this.why = 'a set was published to the database (`rules publish`): edits of the folder are no longer taken up';
        this.o.log(`rules: published sets govern from now on: ${this.why}`);
      }
      if (current.hash !== this.live.hash) {
        this.switchTo(set, current);
        this.o.log(`rules: version ${short(current.hash)} is live (${current.how} from ${whereOf(current)}${current.reason ? `: ${current.reason}` : ''})`);
      }
    }
    this.pending = next ? { change: next, set: await this.setOf(next.hash) } : null;
    clearInterval(this.tick);
    clearTimeout(this.dueTimer);
    if (this.pending) {
      // At the instant by the real clock; the tick for a clock that is not (a test's, or one set back).
      this.dueTimer = setTimeout(() => this.due(), Math.min(MAX_TIMER_MS, Math.max(0, this.pending.change.liveAt.getTime() - this.o.now() * 60_000)));
      this.dueTimer.unref();
      this.tick = setInterval(() => this.due(), SCHEDULE_TICK_MS);
      this.tick.unref();
    }
  }

  /**
   * Takes the scheduled set when its instant has come on the server's clock: called before each
   * request, so a request is decided by the set in force at its own now.
   */
  due(): void {
    const pending = this.pending;
    if (!pending || this.o.now() * 60_000 < pending.change.liveAt.getTime()) return;
    this.pending = null;
    this.governs = 'published';
    if (pending.set.rulesHash !== this.live.hash) {
      this.switchTo(pending.set, pending.change);
      this.o.log(`rules: version ${short(pending.set.rulesHash)} is live (scheduled for ${pending.change.liveAt.toISOString()} from ${whereOf(pending.change)}${pending.change.reason ? `: ${pending.change.reason}` : ''})`);
    }
    void this.refresh();
  }

  private async listen(): Promise<void> {
    const shared = await (this.o.db.orm.em.getConnection() as unknown as { getNativeClient(): Promise<NativePool> }).getNativeClient();
    // LISTEN holds a connection for good: its own pool of one, not one the requests share.
    this.pool = new (shared.constructor as new (options: Record<string, unknown>) => NativePool)({ ...shared.options, max: 1, min: 0, idleTimeoutMillis: 0 });
    this.pool.on('error', () => undefined);
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed || !this.pool) return;
    const client = await this.pool.connect();
    client.on('notification', (m) => {
      if (m.channel === RULE_SWITCH_CHANNEL) void this.refresh();
    });
    const lost = (): void => {
      if (this.client !== client || this.closed) return;
      this.client = undefined;
      client.release(true);
      this.o.log(`rules: lost the database connection that hears of published sets; reconnecting (version ${short(this.live.hash)} stays live)`);
      // Whatever was published meanwhile is read once it is back.
      setTimeout(() => void this.connect().then(() => this.refresh()).catch(() => lost()), 1_000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.query(`listen ${RULE_SWITCH_CHANNEL}`);
    this.client = client;
  }

  health(): RulesHealth {
    return {
      live: { version: short(this.live.hash), hash: this.live.hash, since: this.live.since.toISOString(), how: this.live.how, where: this.live.where },
      governs: this.governs,
      why: this.why,
      watch: this.governs === 'folder' ? (this.o.updates?.health?.() ?? null) : null,
      scheduled: this.pending ? [{ version: short(this.pending.change.hash), hash: this.pending.change.hash, at: this.pending.change.liveAt.toISOString(), reason: this.pending.change.reason }] : [],
    };
  }

  /** Whether published sets can govern here (serve --rule-source folder: never). */
  get takesPublished(): boolean {
    return (this.o.source ?? 'auto') !== 'folder';
  }

  /** A set compiled elsewhere in this process (the control channel's publish): not compiled again when it goes live. */
  adopt(set: LiveRuleSet): void {
    this.compiled.set(set.rulesHash, set);
  }

  get liveHash(): string {
    return this.live.hash;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    clearInterval(this.tick);
    clearTimeout(this.dueTimer);
    const client = this.client;
    this.client = undefined;
    client?.release(true);
    await this.pool?.end();
  }
}
