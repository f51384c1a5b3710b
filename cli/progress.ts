/** Long runs only: a short one would flash a bar for nothing. */
const MIN_FILES = 200;
const BAR_WIDTH = 30;
const REDRAW_MS = 100;

/** A one-line progress bar on stderr, shown only to a person (a terminal) and only on long runs. */
export class Progress {
  private readonly total: number;
  private readonly stream: NodeJS.WriteStream;
  private readonly shown: boolean;
  private done = 0;
  private lastDraw = 0;

  constructor(total: number, stream: NodeJS.WriteStream = process.stderr) {
    this.total = total;
    this.stream = stream;
    this.shown = stream.isTTY === true && total > MIN_FILES;
  }

  tick(): void {
    this.done++;
    if (!this.shown) return;
    const now = Date.now();
    if (now - this.lastDraw < REDRAW_MS && this.done < this.total) return;
    this.lastDraw = now;
    const filled = Math.round((this.done / this.total) * BAR_WIDTH);
    this.stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${this.done}/${this.total}`);
  }

  /** Clears the bar so the report starts on a clean line. */
  finish(): void {
    if (this.shown) this.stream.write('\r\x1b[2K');
  }
}
