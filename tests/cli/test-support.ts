import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Test helpers: run the CLI as a user would, and write scenario and rule files into temp folders. */

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PINNED_NODE = join(ROOT, 'node_modules', '.bin', 'node');
export const CLI = join(ROOT, 'cli', 'shiftinator.mjs');

/** The one fixture these tests rely on: the scenario format's own example. */
export const COVERING_FIXTURE = 'fixtures/acceptOffer/covering-over-600-after.json';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `env` replaces the environment the CLI gets (default: this process's); a variable set to undefined is left out. */
export function runCli(args: string[], options: { cwd?: string; node?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  return new Promise((done) => {
    execFile(options.node ?? PINNED_NODE, [CLI, ...args], { cwd: options.cwd ?? ROOT, env: options.env ?? process.env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'shiftinator-cli-'));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export function writeJson(path: string, value: unknown): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return path;
}

function readJson<T = Record<string, unknown>>(path: string): T {
  return JSON.parse(readFileSync(resolve(ROOT, path), 'utf8')) as T;
}

export interface ScenarioJson {
  name: string;
  now: string;
  actor: number;
  action: string;
  input: Record<string, unknown>;
  world: Record<string, Record<string, unknown>[]>;
  expect: Record<string, unknown>;
}

/**
 * The format's example (shared/scenario-format.md): agent 101 covering 08:00-16:00 on 15 October
 * already works 16:30-00:30, so 480 + 480 = 960 minutes in the 18 hours from 08:00, 360 over 600.
 */
export function coveringScenario(): ScenarioJson {
  return readJson<ScenarioJson>(COVERING_FIXTURE);
}

export const COVERING_MESSAGE =
  'ERROR: Covering agent is unable to work more than 600 minutes (10 hours) in an 18 hour period. Please cut 360 min from this offer.';

/** The line a CI job reads. */
export function summaryLine(stdout: string): string | undefined {
  return stdout.split('\n').find((l) => /^\d+ passed, \d+ failed$/.test(l));
}

/**
 * The world the decision-log tests make their log in, through the server. Agent 1 offered to
 * cover agent 2's shift but already works 16:30-00:30 (960 minutes, 360 over 600); agent 3
 * offered to cover agent 4's and works 16:30-19:00 after it (630 minutes, 30 over).
 */
export const OVER_600_LOG_WORLD = {
  agents: [
    { agentId: 1, agentType: 20, initials: 'AA', spanish: false },
    { agentId: 2, agentType: 20, initials: 'BB', spanish: false },
    { agentId: 3, agentType: 20, initials: 'CC', spanish: false },
    { agentId: 4, agentType: 20, initials: 'DD', spanish: false },
    { agentId: 9, agentType: 102, initials: 'MG', spanish: false },
  ],
  shifts: [
    { id: 1, agentId: 2, start: '2025-10-15 08:00', end: '2025-10-15 16:00' },
    { id: 2, agentId: 1, start: '2025-10-15 16:30', end: '2025-10-16 00:30' },
    { id: 3, agentId: 4, start: '2025-10-17 08:00', end: '2025-10-17 16:00' },
    { id: 4, agentId: 3, start: '2025-10-17 16:30', end: '2025-10-17 19:00' },
  ],
  coveragePostings: [
    { id: 10, agentId: 2, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00' },
    { id: 11, agentId: 4, shiftId: 3, start: '2025-10-17 08:00', end: '2025-10-17 16:00' },
  ],
  offers: [
    { id: 40, postingId: 10, offeringAgentId: 1, coveringAgentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00' },
    { id: 41, postingId: 11, offeringAgentId: 3, coveringAgentId: 3, start: '2025-10-17 08:00', end: '2025-10-17 16:00' },
  ],
  openShifts: [{ id: 50, createdBy: 9, start: '2025-10-16 09:00', end: '2025-10-16 13:00', type: 0, quantityRemaining: 2 }],
};

/** Agent 1 claims open shift 50 (2025-10-16 09:00-13:00). */
export const CLAIM_OPEN_SHIFT_50 = {
  offeringAgentID: 1, coveringAgentID: 1, lookingForCoverageID: 50, status: 0,
  coverageStartDatetime: '2025-10-16 09:00', coverageEndDatetime: '2025-10-16 13:00',
};

/** A copy of rules/ as `name` under `work`, edited by `edit` (a candidate rule set). */
export function copyRules(work: string, name: string, edit: (dir: string) => void): string {
  const dir = join(work, name);
  cpSync(join(ROOT, 'rules'), dir, { recursive: true });
  edit(dir);
  return dir;
}
