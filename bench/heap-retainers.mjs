// Reads a V8 heap snapshot (.heapsnapshot, JSON: nodes and edges as flat arrays) and prints
// what holds the heap: the objects with the largest retained size (their own size plus all
// that only they keep alive, from the dominator tree, weak references not counted), each with
// the path of references from a GC root, and the heap's self size by constructor.
//
//   node bench/heap-retainers.mjs FILE.heapsnapshot [how many, 40 by default]
import { readFileSync } from 'node:fs';

const [file, howMany = '40'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/heap-retainers.mjs FILE.heapsnapshot [N]');
  process.exit(2);
}
const snapshot = JSON.parse(readFileSync(file, 'utf8'));
const { meta } = snapshot.snapshot;
const { nodes, edges, strings } = snapshot;
const NF = meta.node_fields.length;
const EF = meta.edge_fields.length;
const nType = meta.node_fields.indexOf('type');
const nName = meta.node_fields.indexOf('name');
const nSelf = meta.node_fields.indexOf('self_size');
const nEdges = meta.node_fields.indexOf('edge_count');
const eType = meta.edge_fields.indexOf('type');
const eName = meta.edge_fields.indexOf('name_or_index');
const eTo = meta.edge_fields.indexOf('to_node');
const nodeTypes = meta.node_types[0];
const edgeTypes = meta.edge_types[0];
const WEAK = edgeTypes.indexOf('weak');
const SHORTCUT = edgeTypes.indexOf('shortcut');
const count = nodes.length / NF;

const firstEdge = new Uint32Array(count + 1);
for (let i = 0, e = 0; i < count; i++) {
  firstEdge[i] = e;
  e += nodes[i * NF + nEdges] * EF;
}
firstEdge[count] = edges.length;

const followed = (e) => edges[e + eType] !== WEAK && edges[e + eType] !== SHORTCUT;

// Depth-first post-order from the root (node 0), then predecessors of every reachable node.
const order = new Int32Array(count).fill(-1);
const postorder = [];
{
  const stack = [0];
  const next = new Uint32Array(count);
  const seen = new Uint8Array(count);
  seen[0] = 1;
  for (let i = 0; i < count; i++) next[i] = firstEdge[i];
  while (stack.length) {
    const v = stack[stack.length - 1];
    let pushed = false;
    while (next[v] < firstEdge[v + 1]) {
      const e = next[v];
      next[v] += EF;
      if (!followed(e)) continue;
      const w = edges[e + eTo] / NF;
      if (seen[w]) continue;
      seen[w] = 1;
      stack.push(w);
      pushed = true;
      break;
    }
    if (!pushed) {
      order[v] = postorder.length;
      postorder.push(v);
      stack.pop();
    }
  }
}
const predecessors = Array.from({ length: count }, () => []);
for (let v = 0; v < count; v++) {
  if (order[v] < 0) continue;
  for (let e = firstEdge[v]; e < firstEdge[v + 1]; e += EF) {
    if (!followed(e)) continue;
    const w = edges[e + eTo] / NF;
    if (order[w] >= 0) predecessors[w].push(v);
  }
}

// Immediate dominators (Cooper, Harvey and Kennedy's iteration over reverse post-order).
const idom = new Int32Array(count).fill(-1);
idom[0] = 0;
const intersect = (a, b) => {
  while (a !== b) {
    while (order[a] < order[b]) a = idom[a];
    while (order[b] < order[a]) b = idom[b];
  }
  return a;
};
for (let changed = true; changed;) {
  changed = false;
  for (let i = postorder.length - 2; i >= 0; i--) {
    const v = postorder[i];
    let dom = -1;
    for (const p of predecessors[v]) {
      if (idom[p] < 0) continue;
      dom = dom < 0 ? p : intersect(p, dom);
    }
    if (dom >= 0 && idom[v] !== dom) {
      idom[v] = dom;
      changed = true;
    }
  }
}

const retained = new Float64Array(count);
for (const v of postorder) {
  retained[v] += nodes[v * NF + nSelf];
  if (v !== 0) retained[idom[v]] += retained[v];
}

const nameOf = (v) => {
  const type = nodeTypes[nodes[v * NF + nType]];
  const name = strings[nodes[v * NF + nName]];
  return `${type === 'object' || type === 'native' ? '' : `(${type}) `}${name.slice(0, 60)}`;
};
const edgeLabel = (from, to) => {
  for (let e = firstEdge[from]; e < firstEdge[from + 1]; e += EF) {
    if (edges[e + eTo] / NF !== to) continue;
    const type = edgeTypes[edges[e + eType]];
    const label =
      type === 'element' || type === 'hidden' ? edges[e + eName] : strings[edges[e + eName]];
    return type === 'element' ? `[${label}]` : String(label);
  }
  return '?';
};
/** The path of dominators from the root, named by the references that lead down it. */
const pathTo = (v) => {
  const steps = [];
  for (let at = v; at !== 0 && steps.length < 8; at = idom[at]) {
    steps.unshift(`${edgeLabel(idom[at], at)}→${nameOf(at).slice(0, 30)}`);
  }
  return steps.join(' / ');
};
const mb = (bytes) => (bytes / 1_048_576).toFixed(2);

let total = 0;
for (let v = 0; v < count; v++) total += nodes[v * NF + nSelf];
console.log(`${count} nodes, ${mb(total)} MB self size in all, ${mb(retained[0])} MB reachable\n`);

// The largest retainers that are not merely the way to a larger one below them (a node whose
// largest dominated child holds over 90% of it is skipped in favour of that child).
const children = Array.from({ length: count }, () => []);
for (const v of postorder) if (v !== 0) children[idom[v]].push(v);
const candidates = [];
for (const v of postorder) {
  if (v === 0 || retained[v] < 256 * 1024) continue;
  const largestChild = Math.max(0, ...children[v].map((c) => retained[c]));
  if (largestChild > 0.9 * retained[v]) continue;
  candidates.push(v);
}
candidates.sort((a, b) => retained[b] - retained[a]);
console.log('retained MB | self MB | object | path from a GC root (dominators)');
for (const v of candidates.slice(0, Number(howMany))) {
  console.log(`${mb(retained[v])} | ${mb(nodes[v * NF + nSelf])} | ${nameOf(v)} | ${pathTo(v)}`);
}

// Retained size by constructor: each object counted unless another of its kind dominates it
// (so a cache's entries are inside the cache's figure, once).
const retainedByName = new Map();
const nestedIn = new Map();
for (let i = postorder.length - 1; i >= 0; i--) {
  const v = postorder[i];
  const type = nodeTypes[nodes[v * NF + nType]];
  const key = type === 'object' || type === 'closure' ? nameOf(v) : undefined;
  const outer = v === 0 ? new Set() : nestedIn.get(idom[v]);
  if (key && !outer.has(key)) {
    const entry = retainedByName.get(key) ?? { retained: 0, n: 0 };
    entry.retained += retained[v];
    entry.n++;
    retainedByName.set(key, entry);
  }
  nestedIn.set(v, key && !outer.has(key) ? new Set([...outer, key]) : outer);
}
console.log('\nretained MB | instances | constructor (outermost instances only)');
for (const [key, { retained: size, n }] of [...retainedByName]
  .sort((a, b) => b[1].retained - a[1].retained)
  .slice(0, Number(process.env.TOP ?? 40))) {
  console.log(`${mb(size)} | ${n} | ${key}`);
}

const byName = new Map();
for (let v = 0; v < count; v++) {
  const type = nodeTypes[nodes[v * NF + nType]];
  const key = type.endsWith('string') ? `(${type})` : nameOf(v).slice(0, 50);
  const entry = byName.get(key) ?? { self: 0, n: 0 };
  entry.self += nodes[v * NF + nSelf];
  entry.n++;
  byName.set(key, entry);
}
console.log('\nself MB | count | constructor or kind');
for (const [key, { self, n }] of [...byName].sort((a, b) => b[1].self - a[1].self).slice(0, 25)) {
  console.log(`${mb(self)} | ${n} | ${key}`);
}
