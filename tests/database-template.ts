import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase } from '../server/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite data folder (PGlite's dumpDataDir), to start each test file's database from. */
    pgliteTemplate: string;
    /** On PostgreSQL (DATABASE_URL): a migrated database of this run, to create each test file's database from. */
    postgresTemplate: string;
  }
}

const ROOT = join(import.meta.dirname, '..');
const MIGRATIONS_DIR = join(ROOT, 'server', 'db', 'migrations');

/** What the migrated schema depends on: the migrations, and the PGlite and migrator versions. */
function schemaKey(): string {
  const hash = createHash('sha256');
  for (const pkg of ['@electric-sql/pglite', '@mikro-orm/migrations']) {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string };
    hash.update(`${pkg}@${version}\n`);
  }
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) hash.update(`${file}\n`).update(readFileSync(join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated PGlite dump of this schema, made once and kept under the system's temporary folder
 * by its schema key, so a run that changes no migration reuses it. Starting a PGlite cluster from
 * nothing is seconds of initdb in WebAssembly; loading a dump is a fraction of that.
 */
async function pgliteTemplate(): Promise<string> {
  const file = join(tmpdir(), `shiftinator-test-pglite-${schemaKey()}.tar`);
  if (existsSync(file)) return file;
  const dir = mkdtempSync(join(tmpdir(), 'shiftinator-test-template-'));
  try {
    const db = await openDatabase({ dataDir: dir });
    await migrate(db);
    await db.close();
    const pg = await PGlite.create({ dataDir: dir });
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    // Written aside, then renamed: a run beside this one sees the whole file or none.
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return file;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A migrated database of this run on the PostgreSQL server of `url`, and how to drop it. */
async function postgresTemplate(url: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `shiftinator_template_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url });
  await admin.orm.em.getConnection().execute(`create database ${name}`);
  const at = new URL(url);
  at.pathname = `/${name}`;
  const db = await openDatabase({ url: at.toString() });
  await migrate(db);
  // A template cannot be copied while anyone is connected to it.
  await db.close();
  return {
    name,
    drop: async () => {
      await admin.orm.em.getConnection().execute(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/**
 * Vitest's global setup: the migrated database every test file's own starts as a copy of
 * (tests/server/support.ts `openTestDatabase`), made once for the run instead of once per file.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    project.provide('pgliteTemplate', await pgliteTemplate());
    project.provide('postgresTemplate', '');
    return async () => {};
  }
  const template = await postgresTemplate(url);
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', template.name);
  return template.drop;
}

// Vitest reads the default export of a global setup file.
export { setup as default };
