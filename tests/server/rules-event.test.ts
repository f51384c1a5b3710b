import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInstant } from '../../engine/index.ts';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { SESSION_COOKIE } from '../../server/app.ts';
import { createSession } from '../../server/auth.ts';
import { startServer, type LiveRuleSet, type RunningServer } from '../../server/main.ts';
import { loadWorld, scratchPostgres } from './support.ts';

/**
 * Issue 29 item 5: when another rule set goes live, every open stream of GET /api/events is sent
 * a `rules` event with its version, whoever holds it, so that open screens fetch the set and
 * decide again; a stream that reconnects is told the live version, in case it missed a switch.
 */

const NOW = parseInstant('2026-11-20 09:00');
const WORLD = {
  agents: [
    { agentId: 301, agentType: 20, initials: 'AB', spanish: false },
    { agentId: 302, agentType: 100, initials: 'CD', spanish: false },
  ],
};

interface Frame {
  event: string;
  id: string | undefined;
  data: string;
}

/** An open event stream, its frames as they come (heartbeat comments and `retry` lines left out). */
class Frames {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';

  constructor(res: Response) {
    this.reader = (res.body as ReadableStream<Uint8Array>).getReader();
  }

  /** The next frame; fails when none comes within `ms` (a switch is told at once). */
  next(ms = 10_000): Promise<Frame> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no frame within ${ms} ms`)), ms)));
    return Promise.race([this.read(), late]).finally(() => clearTimeout(timer));
  }

  private async read(): Promise<Frame> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const lines = this.buffer.slice(0, end).split('\n');
        this.buffer = this.buffer.slice(end + 2);
        const field = (name: string): string | undefined => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
        const event = field('event');
        if (event !== undefined) return { event, id: field('id'), data: field('data') ?? '' };
        continue;
      }
      const { done, value } = await this.reader.read();
      if (done) throw new Error('the stream ended');
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  close(): Promise<void> {
    return this.reader.cancel();
  }
}

let folder: string;
let server: RunningServer;
let dropDatabase: () => Promise<void> = async () => undefined;
let goLive: (set: LiveRuleSet) => Promise<void> = () => Promise.reject(new Error('the server has not subscribed'));
const rules = loadRulesDir();

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'shiftinator-rules-event-'));
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const scratch = await scratchPostgres(process.env.DATABASE_URL, 'shiftinator_rules_event');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  server = await startServer({
    rules,
    rulesHash: 'a'.repeat(64),
    // The way a folder watch (or a publish) hands the server each new set.
    ruleUpdates: {
      subscribe: (subscriber) => {
        goLive = subscriber;
        return () => undefined;
      },
    },
    port: 0,
    databaseUrl,
    dataDir: databaseUrl ? undefined : join(folder, 'data'),
    webDir: join(folder, 'no-web-ui'),
    now: () => NOW,
    textSender: { name: 'none', send: async () => undefined },
  });
  await server.db.exclusive(() => loadWorld(server.db, WORLD));
});

afterAll(async () => {
  await server?.close();
  await dropDatabase();
  rmSync(folder, { recursive: true, force: true });
});

async function signedIn(agentId: number): Promise<Record<string, string>> {
  const sid = await server.db.exclusive(() => createSession(server.db.em(), agentId, 15, new Date(NOW * 60_000)));
  return { cookie: `${SESSION_COOKIE}=${sid}` };
}

async function open(agentId: number, lastEventId?: string): Promise<Frames> {
  const headers = await signedIn(agentId);
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const res = await fetch(`${server.url}/api/events`, { headers });
  expect(res.status).toBe(200);
  const frames = new Frames(res);
  expect((await frames.next()).event).toBe('ready');
  return frames;
}

const rulesEvent = (version: string): Frame => ({ event: 'rules', id: undefined, data: JSON.stringify({ version }) });

describe('GET /api/events: another rule set goes live', () => {
  it('every open stream, of every person, is sent the new version, with no id', async () => {
    const agent = await open(301);
    const supervisor = await open(302);
    const b = 'b'.repeat(64);
    await goLive({ rules, rulesHash: b });
    expect(await agent.next()).toEqual(rulesEvent(b));
    expect(await supervisor.next()).toEqual(rulesEvent(b));
    // The set it names is the one the server now gives the browser to decide with.
    const given = (await (await fetch(`${server.url}/api/rules`, { headers: await signedIn(301) })).json()) as { rulesHash: string };
    expect(given.rulesHash).toBe(b);
    const c = 'c'.repeat(64);
    await goLive({ rules, rulesHash: c });
    expect(await agent.next()).toEqual(rulesEvent(c));
    expect(await supervisor.next()).toEqual(rulesEvent(c));
    await agent.close();
    await supervisor.close();
  });

  it('a stream that reconnects is told the live version first', async () => {
    const d = 'd'.repeat(64);
    await goLive({ rules, rulesHash: d });
    const again = await open(301, '0');
    expect(await again.next()).toEqual(rulesEvent(d));
    await again.close();
  });
});
