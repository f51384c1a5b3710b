import { defineEntity, p } from '@mikro-orm/core';

/** Sign-in: one account per agent, the password kept as a scrypt hash. */
export const AccountSchema = defineEntity({
  name: 'Account',
  tableName: 'accounts',
  properties: {
    agentId: p.integer().primary().autoincrement(false),
    initials: p.string().length(16),
    cell: p.string().length(32),
    passwordHash: p.text(),
  },
  indexes: [{ properties: ['initials', 'cell'] }],
});

/**
 * Failed sign-ins counted per client address and per account-from-an-address (server/auth.ts,
 * signIn): in the database, so that every server process counts the same tries.
 */
export const SignInThrottleSchema = defineEntity({
  name: 'SignInThrottle',
  tableName: 'sign_in_throttle',
  properties: {
    key: p.string().length(255).primary(),
    failures: p.integer(),
    lastFailedAt: p.datetime(),
    lockedUntil: p.datetime().nullable(),
  },
});

export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.string().length(64).primary(),
    agentId: p.integer().index(),
    createdAt: p.datetime(),
    lastSeenAt: p.datetime(),
    idleMinutes: p.integer(),
  },
});

/** Every decision, allowed or not, with the world slice it was decided on: what dry-runs replay. */
export const DecisionLogSchema = defineEntity({
  name: 'DecisionLog',
  tableName: 'decision_log',
  properties: {
    id: p.integer().primary().autoincrement(),
    decidedAt: p.datetime().index(),
    actor: p.integer().index(),
    action: p.string().length(64),
    /*
     * `json`, not `jsonb`: the log is written on every decision and read back whole (dry-run, log
     * export), never searched inside; json keeps the text as sent, where jsonb parses it on the
     * way in and prints it again on the way out (about 40% of the embedded database's work in
     * reading the log).
     */
    input: p.json().columnType('json'),
    world: p.json().columnType('json'),
    /**
     * The queries the decision asked that the slice answers in full (the engine's needs): a
     * dry-run's rules may read those and no more. Null in decisions logged before it was recorded.
     */
    needs: p.json().columnType('json').nullable(),
    outcome: p.string().length(16),
    message: p.text().nullable(),
    rule: p.string().length(128).nullable(),
    warnings: p.json(),
    rulesHash: p.string().length(64),
    applied: p.boolean(),
  },
});

/**
 * Each rule set that went live, once (the hash is unique, so every process of a server may record
 * the set it starts or reloads with): decision_log.rules_hash names one of these, and its files
 * are here to decide with again.
 */
const RuleSetSchema = defineEntity({
  name: 'RuleSet',
  tableName: 'rule_sets',
  properties: {
    id: p.integer().primary().autoincrement(),
    hash: p.string().length(64).unique(),
    /** The rule files as the engine's loader takes them ({ file, json, kind? }); json, which keeps their keys' order (the version is taken over it). */
    files: p.json().columnType('json'),
    liveAt: p.datetime(),
  },
});

/**
 * Each switch of the live rule set (server/rule-history.ts): which set (rule_sets.hash), when it
 * went live or is to (a scheduled set), where (host and process) and how: start, edit (of the
 * watched folder), publish, rollback, schedule; 'recorded' for the sets recorded before switches
 * were. A cancelled scheduled set keeps its row, with when and why it was cancelled.
 */
const RuleSwitchSchema = defineEntity({
  name: 'RuleSwitch',
  tableName: 'rule_switches',
  properties: {
    id: p.integer().primary().autoincrement(),
    hash: p.string().length(64),
    liveAt: p.datetime().index(),
    how: p.string().length(16),
    host: p.string().length(255),
    pid: p.integer(),
    reason: p.text().nullable(),
    cancelledAt: p.datetime().nullable(),
    cancelReason: p.text().nullable(),
  },
});

/**
 * Each person's calendar feed (server/calendar-feed): the secret in its URL, which a calendar app
 * sends without a session. Replacing it makes the old URL answer 404.
 */
const CalendarFeedSchema = defineEntity({
  name: 'CalendarFeed',
  tableName: 'calendar_feeds',
  properties: {
    agentId: p.integer().primary().autoincrement(false),
    token: p.string().length(64).unique(),
    createdAt: p.datetime(),
  },
});

/**
 * A person's inbox (server/inbox): every text an action sends is kept here too, written in the
 * action's transaction, with the web path of the screen it concerns; read_at once opened.
 */
export const NotificationSchema = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  properties: {
    id: p.integer().primary().autoincrement(),
    agentId: p.integer(),
    kind: p.string().length(64).nullable(),
    body: p.text(),
    link: p.string().length(255),
    createdAt: p.datetime(),
    readAt: p.datetime().nullable(),
    /** What a notice is about ("coveragePosting:12"), so that it is sent once per person; null for a text's item. */
    about: p.string().length(64).nullable(),
  },
  indexes: [{ properties: ['agentId', 'id'] }],
  uniques: [{ properties: ['agentId', 'about'] }],
});

/**
 * What a person chose to be told and how (server/inbox/settings.ts): texts through the outbox of
 * the who-could-take-it notices, besides their inbox item. No row: the defaults (no such texts).
 */
const NoticeSettingSchema = defineEntity({
  name: 'NoticeSetting',
  tableName: 'notice_settings',
  properties: {
    agentId: p.integer().primary().autoincrement(false),
    canTakeTexts: p.boolean(),
    updatedAt: p.datetime(),
  },
});

/**
 * What each committed action changed, for the live screens (server/events): kept a few minutes,
 * so that a stream that reconnects is sent what it missed. Its ids increase; audience null means
 * everyone.
 */
const EventSchema = defineEntity({
  name: 'Event',
  tableName: 'events',
  properties: {
    id: p.integer().primary().autoincrement(),
    createdAt: p.datetime().index(),
    action: p.string().length(64),
    actor: p.integer(),
    records: p.json().columnType('jsonb'),
    audience: p.json().columnType('jsonb').nullable(),
    /** Who may read each record it names, beyond its audience's own (server/events/changes.ts EventReaders); null: everyone. */
    readers: p.json().columnType('jsonb').nullable(),
  },
});

/**
 * The live event streams open in every server process (server/events/streams.ts), so that a
 * session's limit holds across processes and hosts: a row per stream, its heartbeat in seen_at; a
 * row not seen for a while is a stream of a process that died and counts no more.
 */
const EventStreamSchema = defineEntity({
  name: 'EventStream',
  tableName: 'event_streams',
  properties: {
    id: p.uuid().primary(),
    session: p.string().length(64).index(),
    openedAt: p.datetime(),
    seenAt: p.datetime(),
  },
});

export const SERVER_ENTITIES = [AccountSchema, SessionSchema, SignInThrottleSchema, DecisionLogSchema, RuleSetSchema, RuleSwitchSchema, CalendarFeedSchema, NotificationSchema, NoticeSettingSchema, EventSchema, EventStreamSchema];
