// Loaded into the production server by `npm run bench -- --only-memory` (node --import), never by
// `npm start`: on SIGUSR2 the server writes where its memory is to MEM_PROBE_DIR/memory-N.json,
// and a heap snapshot beside it at the signal MEM_PROBE_SNAPSHOT counts (1: the first). The
// WebAssembly memories made (PGlite's linear memory) are remembered here, so their size can be
// read without the app.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

const memories = [];
const OriginalMemory = WebAssembly.Memory;
WebAssembly.Memory = new Proxy(OriginalMemory, {
  construct(target, args) {
    const memory = Reflect.construct(target, args);
    memories.push(memory);
    return memory;
  },
});

/** The mappings of /proc/self/smaps with the most resident memory, and the sum by kind. */
function residentMappings() {
  const mappings = [];
  let current;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      current = {
        name: head[4] || `[anonymous ${head[3]}]`,
        sizeMb: (parseInt(head[2], 16) - parseInt(head[1], 16)) / 1_048_576,
        rssMb: 0,
      };
      mappings.push(current);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) current.rssMb = Number(rss[1]) / 1024;
  }
  const byName = {};
  for (const m of mappings) {
    const key = m.name.startsWith('/') ? path.basename(m.name) : m.name;
    byName[key] = (byName[key] ?? 0) + m.rssMb;
  }
  return {
    top: mappings
      .sort((a, b) => b.rssMb - a.rssMb)
      .slice(0, 12)
      .map((m) => ({ ...m, sizeMb: Math.round(m.sizeMb), rssMb: Math.round(m.rssMb * 10) / 10 })),
    byName: Object.fromEntries(
      Object.entries(byName)
        .filter(([, mb]) => mb >= 1)
        .sort((a, b) => b[1] - a[1])
        .map(([name, mb]) => [name, Math.round(mb * 10) / 10]),
    ),
  };
}

let count = 0;
process.on('SIGUSR2', () => {
  const dir = process.env.MEM_PROBE_DIR ?? '.';
  count++;
  const mb = (bytes) => Math.round((bytes / 1_048_576) * 10) / 10;
  const usage = Object.fromEntries(
    Object.entries(process.memoryUsage()).map(([key, bytes]) => [key, mb(bytes)]),
  );
  const report = {
    usageMb: usage,
    wasmMemoriesMb: memories.map((memory) => mb(memory.buffer.byteLength)),
    heapSpacesMb: Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .map((s) => [s.space_name, { size: mb(s.space_size), used: mb(s.space_used_size) }]),
    ),
    codeMb: Object.fromEntries(
      Object.entries(v8.getHeapCodeStatistics()).map(([key, bytes]) => [key, mb(bytes)]),
    ),
    mappings: residentMappings(),
  };
  writeFileSync(path.join(dir, `memory-${count}.json`), JSON.stringify(report, null, 2));
  if (process.env.MEM_PROBE_SNAPSHOT === String(count)) {
    v8.writeHeapSnapshot(path.join(dir, `heap-${count}.heapsnapshot`));
  }
  writeFileSync(path.join(dir, `memory-${count}.done`), '');
});
