import { parentPort, workerData } from 'node:worker_threads';
import { ShiftinatorError } from '../engine/index.ts';
import { loadSide, replayRow, replaySetsOf, type ReplaySets, type RowOutcome } from './dry-run-replay.ts';
import type { LoggedRow } from './logged-decision.ts';
import { failureOf, type FromWorker, type WorkerSetup } from './dry-run-pool.ts';

/**
 * A worker of the dry-run's pool (cli/dry-run-pool.ts): loads the two rule sets from their
 * folders, then decides the chunks of logged rows it is sent, one chunk after another, and posts
 * each chunk's outcomes back. Only data crosses: rows in, plain outcomes out.
 */

const port = parentPort;
if (!port) throw new Error('cli/dry-run-worker.ts runs as a worker thread of cli/dry-run-pool.ts');
const setup = workerData as WorkerSetup;
const post = (message: FromWorker): void => port.postMessage(message);

let sets: ReplaySets | null = null;
try {
  const current = loadSide('current', setup.current.dir);
  const candidate = loadSide('candidate', setup.candidate.dir);
  // The main thread reports these versions: a folder edited since it loaded them would mix two rule sets.
  for (const [side, loaded, expected] of [['current', current, setup.current], ['candidate', candidate, setup.candidate]] as const) {
    if (loaded.version !== expected.version) {
      throw new ShiftinatorError('RULES_INVALID', `${loaded.dir} changed while the dry-run was starting: run it again`, `${side} rules`);
    }
  }
  sets = replaySetsOf(current, candidate);
} catch (e) {
  post({ kind: 'failed', failure: failureOf(e) });
}

let failed = sets === null;
let chain = Promise.resolve();
port.on('message', (rows: LoggedRow[]) => {
  chain = chain.then(async () => {
    if (failed || !sets) return;
    try {
      const outcomes: RowOutcome[] = [];
      for (const row of rows) outcomes.push(await replayRow(sets, row));
      post({ kind: 'decided', outcomes });
    } catch (e) {
      failed = true;
      post({ kind: 'failed', failure: failureOf(e) });
    }
  });
});
