import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { Database } from './db/database.ts';
import { kyselyOf } from './db/kysely.ts';
import { logger } from './logger.ts';

/**
 * The outbox's sender. Actions write text messages (nudges, accepted offers, ...) into
 * `text_messages` inside their own transaction (the rule files' `text` effect), so a text exists
 * exactly when the action went through. This drains them afterwards: each unsent message is taken
 * under `FOR UPDATE SKIP LOCKED`, handed to the sender and marked sent in the same transaction, so
 * two drains (two server processes, or a timer and a kick) never send one message twice.
 *
 * If the process dies after the provider took a message and before the commit, that message is
 * sent again on the next drain: at least once, never twice while the database stays up.
 */

/** One message to send, with the recipient's cell from their account (null when they have none). */
export interface OutgoingText {
  id: number;
  toAgentId: number;
  /** The account's cell, letters and digits as signed in with; null when the agent has no account. */
  cell: string | null;
  /** What the text is about: 'nudge', 'offerAccepted', ... (the effect's kind). */
  kind: string | null;
  body: string;
}

/**
 * A way to deliver texts. An SMS provider's adapter implements this: it resolves once the provider
 * has accepted the message and throws when it has not (the message stays unsent and is tried again
 * on a later drain). No provider is reachable from here, so the only sender shipped is the console.
 */
export interface TextSender {
  readonly name: string;
  send(text: OutgoingText): Promise<void>;
}

/** Logs one line per message (the default while no SMS provider is configured). The cell is not logged. */
export function consoleSender(log: Logger = logger): TextSender {
  return {
    name: 'console',
    send: (text) => {
      log.info({ textId: text.id, toAgentId: text.toAgentId, kind: text.kind, body: text.body }, 'text');
      return Promise.resolve();
    },
  };
}

export interface OutboxOptions {
  db: Database;
  sender: TextSender;
  /** The clock in epoch minutes (sentAt). */
  now: () => number;
  /** How often to look for unsent messages besides the kicks (default 10 s). */
  intervalMs?: number;
  /** Where a failed send is reported (default: the server's log). */
  onError?: (error: unknown, text: OutgoingText) => void;
}

export class Outbox {
  private readonly db: Database;
  private readonly sender: TextSender;
  private readonly now: () => number;
  private readonly intervalMs: number;
  private readonly onError: (error: unknown, text: OutgoingText) => void;
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private stopped = false;

  constructor(options: OutboxOptions) {
    this.db = options.db;
    this.sender = options.sender;
    this.now = options.now;
    this.intervalMs = options.intervalMs ?? 10_000;
    this.onError = options.onError ?? ((err, text) => logger.error({ err, textId: text.id, sender: this.sender.name }, 'outbox: text not sent'));
  }

  /** Drains now and then every intervalMs, until stop(). */
  start(): void {
    this.stopped = false;
    this.kick();
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
  }

  /** Asks for a drain soon (after an action committed); one at a time per process, never lost. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => {
        logger.error({ err }, 'outbox: drain failed');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops the timer, waits for a drain under way and sends what is left (once: a failing sender does not hold shutdown). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    await this.drain().catch((err: unknown) => logger.error({ err }, 'outbox: drain failed'));
  }

  /**
   * Sends every message unsent when it looks, one transaction per message; returns how many it
   * sent. A message another drain holds is skipped (that drain sends it); a message whose send
   * failed is left for a later drain.
   */
  async drain(): Promise<number> {
    const failed: number[] = [];
    let sent = 0;
    for (;;) {
      const outcome = await this.db.exclusive(() => this.db.em().transactional((em) => this.sendOne(em, failed)));
      if (outcome === 'empty') return sent;
      if (outcome === 'sent') sent++;
    }
  }

  private async sendOne(em: EntityManager, failed: number[]): Promise<'sent' | 'failed' | 'empty'> {
    // em is the drain's transaction: its Kysely runs in it, so the row stays locked until the commit.
    const db = kyselyOf(em);
    const row = await db
      .selectFrom('text_messages as t')
      .leftJoin('accounts as a', 'a.agent_id', 't.to_agent_id')
      .select(['t.id', 't.to_agent_id', 't.kind', 't.body', 'a.cell'])
      .where('t.sent_at', 'is', null)
      .$if(failed.length > 0, (q) => q.where('t.id', 'not in', failed))
      .orderBy('t.id')
      .limit(1)
      .forUpdate('t')
      .skipLocked()
      .executeTakeFirst();
    if (!row) return 'empty';
    const text: OutgoingText = { id: row.id, toAgentId: row.to_agent_id, cell: row.cell, kind: row.kind, body: row.body ?? '' };
    try {
      await this.sender.send(text);
    } catch (e) {
      this.onError(e, text);
      failed.push(row.id);
      return 'failed';
    }
    await db.updateTable('text_messages').set({ sent_at: new Date(this.now() * 60_000) }).where('id', '=', row.id).execute();
    return 'sent';
  }
}
