import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES_DIR, loadRulesDir, readRuleSources } from '../../cli/load-rules.ts';
import { easternText } from '../../cli/rules-history.ts';
import { ruleSetVersion, shortVersion } from '../../cli/rule-version.ts';
import { watchRulesFolder, type RulesWatch } from '../../cli/rules-watch.ts';
import type { RulesHealth } from '../../server/live-rules.ts';
import { startServer, type RunningServer } from '../../server/main.ts';
import { inForceAt, ruleSwitches } from '../../server/rule-history.ts';
import { scratchPostgres } from './support.ts';

// Every switch of the live set is on record, the watch follows the folder however a deploy
// replaces it, and `rules history --at` names the set in force at any instant between switches.

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');

let parent: string;
let live: string;
let dataDir: string | undefined;
let databaseUrl: string | undefined;
let dropDatabase: () => Promise<void> = async () => undefined;
let watch: RulesWatch;
let server: RunningServer | undefined;
const logged: string[] = [];

/** A copy of rules/ whose login message says `message`. */
function variant(name: string, message: string | null): string {
  const dir = join(parent, name);
  cpSync(DEFAULT_RULES_DIR, dir, { recursive: true });
  if (message !== null) writeFileSync(join(dir, 'login.json'), loginFile(message));
  return dir;
}

function loginFile(message: string): string {
  const json = JSON.parse(readFileSync(join(DEFAULT_RULES_DIR, 'login.json'), 'utf8')) as { rules: { message: string }[] };
  for (const rule of json.rules) rule.message = message;
  return JSON.stringify(json, null, 2);
}

async function health(): Promise<RulesHealth> {
  const res = await fetch(`${running().url}/api/health/rules`);
  expect(res.status).toBe(200);
  return (await res.json()) as RulesHealth;
}

function running(): RunningServer {
  if (!server) throw new Error('the server starts in beforeAll');
  return server;
}

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}\n${logged.join('\n')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const liveIs = (hash: string) => async (): Promise<boolean> => (await health()).live.hash === hash;

beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), 'shiftinator-switches-'));
  // The deploy's layout: rules-live is a link to the folder in service.
  const first = variant('rules-a', null);
  live = join(parent, 'rules-live');
  symlinkSync(first, live);
  if (process.env.DATABASE_URL) {
    const scratch = await scratchPostgres(process.env.DATABASE_URL, 'shiftinator_switches');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  } else {
    dataDir = join(parent, 'data');
  }
  const version = ruleSetVersion(readRuleSources(live));
  watch = watchRulesFolder(live, version, { log: (line) => logged.push(line), debounceMs: 50, pollMs: 100 });
  server = await startServer({ rules: loadRulesDir(live), rulesHash: version, ruleUpdates: watch, port: 0, databaseUrl, dataDir, webDir: join(parent, 'no-web-ui'), rulesLog: (line) => logged.push(line), textSender: { name: 'none', send: async () => undefined } });
});

afterAll(async () => {
  watch.close();
  await server?.close();
  await dropDatabase();
  rmSync(parent, { recursive: true, force: true });
});

describe('every switch is on record, however the folder changes', () => {
  const versions: string[] = [];
  /** Instants just after each switch went live. */
  const after: Date[] = [];

  const wentLive = async (what: string): Promise<void> => {
    const version = ruleSetVersion(readRuleSources(live));
    await until(what, liveIs(version));
    versions.push(version);
    after.push(new Date());
    await new Promise((r) => setTimeout(r, 20));
  };

  it('A → B → A by edits, → C by replacing the folder, → D by swapping the link', async () => {
    await wentLive('A at the start');
    writeFileSync(join(live, 'login.json'), loginFile('ERROR: B.'));
    await wentLive('B');
    writeFileSync(join(live, 'login.json'), readFileSync(join(DEFAULT_RULES_DIR, 'login.json')));
    await wentLive('A again');
    expect(versions[2]).toBe(versions[0]);
    // rm -rf and cp -r, as a checkout or a deploy replaces a folder.
    rmSync(join(parent, 'rules-a'), { recursive: true, force: true });
    await until('the watch saying the folder is gone', async () => (await health()).watch?.state === 'missing');
    expect(logged).toContain(`rules: cannot watch ${live}: it is gone or not a folder; version ${shortVersion(versions[0] ?? '')} stays live; looking for it every second`);
    cpSync(variant('rules-c-source', 'ERROR: C.'), join(parent, 'rules-a'), { recursive: true });
    await wentLive('C');
    // ln -sfn rules-d rules-live: a new link renamed over the old one.
    variant('rules-d', 'ERROR: D.');
    symlinkSync(join(parent, 'rules-d'), join(parent, 'rules-live.new'));
    renameSync(join(parent, 'rules-live.new'), live);
    await wentLive('D');
    expect(new Set(versions).size).toBe(4);
    // The new folder is watched: an edit there goes live too.
    writeFileSync(join(parent, 'rules-d', 'login.json'), loginFile('ERROR: D2.'));
    await wentLive('D2');
    versions.pop();
    after.pop();
    writeFileSync(join(parent, 'rules-d', 'login.json'), loginFile('ERROR: D.'));
    await wentLive('D again');
    versions.pop();
    after.pop();
  });

  it('history lists the five switches in order; --at names each set between them; D is live', async () => {
    const switches = (await ruleSwitches(running().db)).slice(0, 5);
    expect(switches.map((s) => s.hash)).toEqual(versions);
    expect(switches.map((s) => s.how)).toEqual(['start', 'edit', 'edit', 'edit', 'edit']);
    for (const [i, at] of after.entries()) expect(inForceAt(switches, at)?.hash).toBe(versions[i]);
    const h = await health();
    expect(h).toEqual(expect.objectContaining({ governs: 'folder', live: expect.objectContaining({ hash: versions[4], how: 'edit' }) as unknown }));
    expect(h.watch).toEqual(expect.objectContaining({ folder: live, state: 'watching' }));
  });

  it('`rules history` and `rules history --at` say the same from the command line', async () => {
    await running().close();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '' };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    else delete env.DATABASE_URL;
    const cli = (...args: string[]): string => {
      const run = spawnSync(NODE, [CLI, 'rules', 'history', ...args, ...(dataDir ? ['--data', dataDir] : [])], { cwd: ROOT, env, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      return run.stdout;
    };
    const lines = cli().split('\n');
    const heads = lines.filter((l) => /^\d{4}-/.test(l));
    expect(heads.slice(0, 5).map((l) => l.split(/\s+/).slice(2, 4).join(' '))).toEqual(versions.map((v, i) => `${shortVersion(v)} ${i === 0 ? 'start' : 'folder'}`));
    expect(lines.at(-2)).toMatch(new RegExp(`^Live now: ${shortVersion(versions[4] ?? '')}, since `));
    // A stored set written out is a rules folder with the set's version.
    const out = join(parent, 'shown');
    const show = spawnSync(NODE, [CLI, 'rules', 'show', shortVersion(versions[1] ?? ''), '--out', out, ...(dataDir ? ['--data', dataDir] : [])], { cwd: ROOT, env, encoding: 'utf8' });
    expect(show.stdout).toBe(`Wrote ${readRuleSources(out).length} files of version ${shortVersion(versions[1] ?? '')} (${versions[1]}) to ${out}\n`);
    expect(ruleSetVersion(readRuleSources(out))).toBe(versions[1]);
    // Each run opens the database afresh (seconds on PGlite): two instants, the return to A among them.
    for (const i of [2, 4]) {
      const at = after[i] ?? new Date();
      const text = cli('--at', at.toISOString());
      expect(text.split('\n')[0]).toBe(`At ${easternText(at)} the rules in force were version ${shortVersion(versions[i] ?? '')} (${versions[i]}),`);
      expect(text.split('\n')[1]).toMatch(new RegExp(`^live since .+ by folder edit on \\S+ pid ${process.pid}\\.$`));
    }
  }, 120_000);
});
