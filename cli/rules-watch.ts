import { readdirSync, realpathSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { loadRuleSet } from '../engine/index.ts';
import type { LiveRuleSet, RuleUpdates, WatchHealth } from '../server/live-rules.ts';
import { readRuleSources } from './load-rules.ts';
import { shownPath } from './paths.ts';
import { ruleSetVersion, shortVersion } from './rule-version.ts';

/** How long the folder must be quiet before it is read: an editor's save is several events. */
const RULES_WATCH_DEBOUNCE_MS = 150;
/**
 * How often the folder is looked at besides the watch's events: a folder deleted and made again,
 * renamed over, or swapped by a symlink leaves the watch on the old one, which says nothing; and
 * a watch that cannot be set up (too many watches) leaves only this.
 */
const RULES_POLL_MS = 1_000;

export interface RulesWatch extends RuleUpdates {
  close: () => void;
  health: () => WatchHealth;
}

export interface RulesWatchOptions {
  /** Where the watch says what went live, what it refused and when it cannot watch (default: stderr). */
  log?: (line: string) => void;
  debounceMs?: number;
  pollMs?: number;
}

/** Which folder a path leads to now (through any symlink): changes when it is replaced or swapped. */
function folderIdentity(dir: string): string {
  const real = realpathSync(dir);
  const st = statSync(real);
  if (!st.isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
  return `${real}|${st.dev}:${st.ino}`;
}

function isFolder(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** The rule files' names, sizes, times and inodes: changes with any edit, whatever the watch saw. */
function folderSignature(dir: string): string {
  const parts: string[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    try {
      const st = statSync(join(dir, name));
      parts.push(`${name}:${st.ino}:${st.size}:${st.mtimeMs}`);
    } catch {
      parts.push(`${name}:unreadable`);
    }
  }
  return parts.join('|');
}

/**
 * Watches a rules folder for `serve`: after each edit the folder is read, loaded and linted as
 * `rules lint` does, and a set with a new version goes to the subscribers; one that fails is
 * refused with the file and the reason, and the last good set stays live. The folder is watched
 * rather than its files, so an editor that saves by writing a new file and renaming it over the
 * old one is seen too; and it is looked at every second, so a folder replaced, renamed over or
 * swapped by a symlink is watched again, and one that is gone is said to be, until it is back.
 */
// eslint-disable-next-line max-lines-per-function -- one closure over the watch's state: the reads, the watch and the look every second share it
export function watchRulesFolder(dir: string, liveHash: string, options: RulesWatchOptions = {}): RulesWatch {
  const log = options.log ?? ((line: string) => console.error(line));
  const shown = shownPath(dir);
  const subscribers = new Set<(set: LiveRuleSet) => Promise<void>>();
  let live = liveHash;
  let lastRefusal: string | null = null;
  let refused: WatchHealth['lastRefusal'] = null;
  let health: Omit<WatchHealth, 'lastRefusal'> = { folder: shown, state: 'watching', since: new Date().toISOString(), detail: null };
  let timer: NodeJS.Timeout | undefined;
  let reading: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let watcher: FSWatcher | null = null;
  let watched: string | null = null;
  let signature: string | null = null;
  let lost = false;

  const setState = (state: WatchHealth['state'], detail: string | null): void => {
    if (health.state !== state || health.detail !== detail) health = { folder: shown, state, since: new Date().toISOString(), detail };
  };

  const reload = async (): Promise<void> => {
    let set: LiveRuleSet;
    try {
      const sources = readRuleSources(dir);
      const rulesHash = ruleSetVersion(sources);
      if (rulesHash === live) {
        lastRefusal = null;
        return;
      }
      set = { rules: loadRuleSet(sources), rulesHash };
    } catch (e) {
      // A folder that is gone is the look's to tell (once), not an edit to refuse.
      if (health.state === 'missing' || !isFolder(dir)) {
        look();
        return;
      }
      const reason = (e as Error).message;
      const refusal = `rules: refused the edit of ${shown}: ${reason}; version ${shortVersion(live)} stays live`;
      // An editor's save comes as several events: the same refusal is said once.
      if (refusal !== lastRefusal) log(refusal);
      lastRefusal = refusal;
      refused = { at: new Date().toISOString(), reason };
      return;
    }
    lastRefusal = null;
    try {
      for (const goLive of subscribers) await goLive(set);
    } catch (e) {
      log(`rules: version ${shortVersion(set.rulesHash)} of ${shown} could not go live: ${(e as Error).message}; version ${shortVersion(live)} stays live`);
      return;
    }
    live = set.rulesHash;
    log(`rules: version ${shortVersion(live)} is live (${set.rules.files.length} files from ${shown})`);
  };

  // One read at a time; an edit during a read is read again after it.
  const run = (): void => {
    if (closed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = reload().finally(() => {
      reading = null;
      if (again) {
        again = false;
        run();
      }
    });
  };
  const soon = (): void => {
    clearTimeout(timer);
    timer = setTimeout(run, options.debounceMs ?? RULES_WATCH_DEBOUNCE_MS);
    timer.unref();
  };

  const stopWatching = (): void => {
    watcher?.close();
    watcher = null;
    watched = null;
  };

  /** Watches the folder the path leads to now; without a watch, the look every second is all. */
  const startWatching = (identity: string): void => {
    stopWatching();
    watched = identity;
    try {
      watcher = watch(dir, (_event, name) => {
        if (name && !name.endsWith('.json')) return;
        soon();
      });
      watcher.on('error', (e) => {
        log(`rules: stopped watching ${shown}: ${e.message}; version ${shortVersion(live)} stays live; watching it again within a second`);
        stopWatching();
        lost = true;
      });
      // The server's socket keeps the process running, not the watch.
      watcher.unref();
      setState('watching', null);
    } catch (e) {
      const detail = `cannot watch it (${(e as Error).message}): it is read every second instead`;
      if (health.detail !== detail) log(`rules: ${shown}: ${detail}; version ${shortVersion(live)} stays live`);
      setState('polling', detail);
    }
  };

  const look = (): void => {
    if (closed) return;
    let identity: string;
    try {
      identity = folderIdentity(dir);
    } catch (e) {
      const detail = `${shown} is gone or not a folder (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
      if (health.state !== 'missing') log(`rules: cannot watch ${shown}: it is gone or not a folder; version ${shortVersion(live)} stays live; looking for it every second`);
      stopWatching();
      setState('missing', detail);
      signature = null;
      return;
    }
    if (identity !== watched) {
      const why = health.state === 'missing' ? 'it is back' : watched !== null ? 'it was replaced' : lost ? 'after the watch stopped' : null;
      lost = false;
      startWatching(identity);
      if (why) log(`rules: watching ${shown} again (${why})`);
    }
    let now: string;
    try {
      now = folderSignature(dir);
    } catch {
      return;
    }
    if (now !== signature) {
      signature = now;
      soon();
    }
  };

  look();
  const poll = setInterval(look, options.pollMs ?? RULES_POLL_MS);
  poll.unref();

  return {
    subscribe: (goLive) => {
      subscribers.add(goLive);
      return () => subscribers.delete(goLive);
    },
    health: () => ({ ...health, lastRefusal: refused }),
    close: () => {
      closed = true;
      clearTimeout(timer);
      clearInterval(poll);
      stopWatching();
      setState('closed', null);
    },
  };
}
