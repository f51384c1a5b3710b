import { watch, type FSWatcher } from 'node:fs';
import { loadRuleSet } from '../engine/index.ts';
import type { LiveRuleSet, RuleUpdates } from '../server/main.ts';
import { readRuleSources } from './load-rules.ts';
import { shownPath } from './paths.ts';
import { ruleSetVersion, shortVersion } from './rule-version.ts';

/** How long the folder must be quiet before it is read: an editor's save is several events. */
const RULES_WATCH_DEBOUNCE_MS = 150;

export interface RulesWatch extends RuleUpdates {
  close: () => void;
}

export interface RulesWatchOptions {
  /** Where the watch says what went live and what it refused (default: stderr). */
  log?: (line: string) => void;
  debounceMs?: number;
}

/**
 * Watches a rules folder for `serve`: after each edit the folder is read, loaded and linted as
 * `rules lint` does, and a set with a new version goes to the subscribers; one that fails is
 * refused with the file and the reason, and the last good set stays live. The folder is watched
 * rather than its files, so an editor that saves by writing a new file and renaming it over the
 * old one is seen too.
 */
export function watchRulesFolder(dir: string, liveHash: string, options: RulesWatchOptions = {}): RulesWatch {
  const log = options.log ?? ((line: string) => console.error(line));
  const shown = shownPath(dir);
  const subscribers = new Set<(set: LiveRuleSet) => Promise<void>>();
  let live = liveHash;
  let lastRefusal: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let reading: Promise<void> | null = null;
  let again = false;
  let closed = false;

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
      const refusal = `rules: refused the edit of ${shown}: ${(e as Error).message}; version ${shortVersion(live)} stays live`;
      // An editor's save comes as several events: the same refusal is said once.
      if (refusal !== lastRefusal) log(refusal);
      lastRefusal = refusal;
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

  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(dir, (_event, name) => {
      if (name && !name.endsWith('.json')) return;
      clearTimeout(timer);
      timer = setTimeout(run, options.debounceMs ?? RULES_WATCH_DEBOUNCE_MS);
      timer.unref();
    });
    watcher.on('error', (e) => log(`rules: stopped watching ${shown}: ${e.message}; version ${shortVersion(live)} stays live`));
    // The server's socket keeps the process running, not the watch.
    watcher.unref();
  } catch (e) {
    log(`rules: cannot watch ${shown} (${(e as Error).message}): edits go live on a restart`);
  }

  return {
    subscribe: (goLive) => {
      subscribers.add(goLive);
      return () => subscribers.delete(goLive);
    },
    close: () => {
      closed = true;
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
