import { chmodSync, existsSync, lstatSync, mkdirSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';

/**
 * The running PGlite server's control channel: how `rules publish`, `rules rollback`, `rules
 * history` and `rules show` reach the one process that may open a PGlite folder while it runs.
 * A Unix domain socket inside the data folder, in a folder of its own that only the folder's owner
 * may enter (0700), the socket itself 0600: whoever may use it may read and write the database
 * files anyway, and nobody else can connect. A request is one JSON message, sent whole and then
 * the sending side shut; the answer, one JSON message, likewise.
 */
const CONTROL_DIR = 'rules-control';
const SOCKET = 'socket';

/** The biggest request taken: a rule set is some hundreds of kilobytes. */
const MAX_REQUEST_BYTES = 32 * 1024 * 1024;
/** How long a client may take to send its request, after which it is dropped. */
const RECEIVE_LIMIT_MS = 30_000;
/** How long the CLI waits for the answer (the server stores and compiles the set, behind whatever requests queue on PGlite). */
const ANSWER_LIMIT_MS = 120_000;

/** The control folder's entry in a data folder: a copy of the folder leaves it out (a socket cannot be copied). */
export function isControlPath(dataDir: string, path: string): boolean {
  return path === join(dataDir, CONTROL_DIR) || path.startsWith(join(dataDir, CONTROL_DIR) + '/');
}

function socketPath(dataDir: string): string {
  return join(dataDir, CONTROL_DIR, SOCKET);
}

export interface ControlChannel {
  /** Takes no more requests, lets the one being answered finish, and removes the socket. */
  close: () => Promise<void>;
}

/**
 * Opens the control channel of the server holding `dataDir` (which holds its lock, so a socket
 * left there is a crashed server's). Requests are answered one at a time, in order; each is read
 * whole before `answer` runs, so a slow or stuck client never holds the database's queue.
 */
export async function openControlChannel(dataDir: string, answer: (request: unknown) => Promise<unknown>, log: (line: string) => void): Promise<ControlChannel> {
  const dir = join(dataDir, CONTROL_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!lstatSync(dir).isDirectory()) throw new Error(`${dir} is not a folder`);
  chmodSync(dir, 0o700);
  const path = socketPath(dataDir);
  rmSync(path, { force: true });
  let turn: Promise<void> = Promise.resolve();
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    receive(socket, (request) => {
      turn = turn.then(async () => {
        let reply: unknown;
        try {
          reply = await answer(request);
        } catch (e) {
          log(`rules: the control channel could not answer: ${(e as Error).message}`);
          reply = { stdout: '', stderr: `error: the server could not do it: ${(e as Error).message}\n`, exitCode: 1 };
        }
        if (!socket.destroyed) socket.end(JSON.stringify(reply));
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await turn;
      rmSync(path, { force: true });
    },
  };
}

/** Reads one whole request, then hands it on; a request too big, too slow or not JSON is answered at once. */
function receive(socket: Socket, handle: (request: unknown) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const refuse = (why: string): void => {
    socket.end(JSON.stringify({ stdout: '', stderr: `error: ${why}\n`, exitCode: 2 }));
    socket.destroySoon();
  };
  socket.on('error', () => undefined);
  socket.setTimeout(RECEIVE_LIMIT_MS, () => socket.destroy());
  socket.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) {
      socket.removeAllListeners('data');
      refuse(`the request is over ${MAX_REQUEST_BYTES / 1024 / 1024} MB`);
      return;
    }
    chunks.push(chunk);
  });
  socket.on('end', () => {
    if (size > MAX_REQUEST_BYTES) return;
    socket.setTimeout(0);
    let request: unknown;
    try {
      request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      refuse('the request is not JSON');
      return;
    }
    handle(request);
  });
}

/**
 * Sends a request to the server holding `dataDir` and returns its answer; null when no server
 * there takes requests (no socket, or nothing listening on it: a server that stopped or crashed).
 */
export function askRunningServer(dataDir: string, request: unknown): Promise<unknown> {
  const path = socketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    const chunks: Buffer[] = [];
    socket.setTimeout(ANSWER_LIMIT_MS, () => {
      socket.destroy();
      reject(new Error(`the server holding ${dataDir} did not answer within ${ANSWER_LIMIT_MS / 1000} seconds`));
    });
    socket.on('connect', () => socket.end(JSON.stringify(request)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new Error(`the server holding ${dataDir} answered something that is not JSON`));
      }
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT' || e.code === 'ECONNREFUSED') resolve(null);
      else reject(new Error(`cannot reach the server holding ${dataDir}: ${e.message}`));
    });
  });
}
