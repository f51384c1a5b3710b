import { appendFileSync, createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * A list that keeps a bounded number of items in memory and the rest in a temporary file (one JSON
 * document per line), read back in order: a report over a log of any length lists every changed
 * decision without holding them all.
 */
export class Spool<T> {
  private buffer: T[] = [];
  private dir: string | null = null;
  private readonly limit: number;
  size = 0;

  constructor(limit = 1000) {
    this.limit = limit;
  }

  add(item: T): void {
    this.buffer.push(item);
    this.size++;
    if (this.buffer.length >= this.limit) this.flush();
  }

  private get file(): string | null {
    return this.dir && join(this.dir, 'items.ndjson');
  }

  private flush(): void {
    if (!this.dir) {
      this.dir = mkdtempSync(join(tmpdir(), 'shiftinator-spool-'));
      // Ctrl+C ends the process without the caller's finally: the files go all the same.
      process.once('exit', () => this.dispose());
    }
    appendFileSync(this.file as string, this.buffer.map((item) => JSON.stringify(item)).join('\n') + '\n');
    this.buffer = [];
  }

  /** Every item, in the order added. */
  async *items(): AsyncGenerator<T> {
    const file = this.file;
    if (file) {
      const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
      for await (const line of lines) if (line) yield JSON.parse(line) as T;
    }
    yield* this.buffer;
  }

  dispose(): void {
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }
}
