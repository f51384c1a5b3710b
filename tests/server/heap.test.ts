import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PINNED_NODE, ROOT } from '../cli/test-support.ts';
import { SERVING_HEAP_GROWING_PERCENT } from '../../server/heap.ts';

/**
 * The serving processes' V8 heap setting (server/heap.ts), tried in a process of its own so that
 * this one's heap is left as it is. What it changes (fewer full collections under load) is a
 * speed figure, shown by bench/server.bench.ts, not asserted here.
 */
function tuneIn(nodeFlags: string[]): Promise<{ said: string }> {
  const script = `import { tuneHeapForServing } from ${JSON.stringify(join(ROOT, 'server', 'heap.ts'))}; console.log(JSON.stringify({ said: tuneHeapForServing() }));`;
  return new Promise((done, fail) =>
    execFile(PINNED_NODE, [...nodeFlags, '--input-type=module', '--eval', script], (error, stdout) => (error ? fail(error) : done(JSON.parse(stdout) as { said: string }))),
  );
}

describe('the heap setting of a serving process', () => {
  it('lets the heap grow to four times what a full collection kept', async () => {
    expect(await tuneIn([])).toEqual({ said: `V8 heap: --heap-growing-percent=${SERVING_HEAP_GROWING_PERCENT} (fewer full collections under load: docs/server.md)` });
  });

  it("leaves the setting alone when whoever started Node chose one, in either spelling V8 takes", async () => {
    expect(await tuneIn(['--heap-growing-percent=100'])).toEqual({ said: 'V8 heap: --heap-growing-percent=100 (as Node was started)' });
    expect(await tuneIn(['--max-old-space-size=512', '--heap_growing_percent=50'])).toEqual({ said: 'V8 heap: --heap_growing_percent=50 (as Node was started)' });
  });
});
