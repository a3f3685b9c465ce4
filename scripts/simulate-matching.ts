/**
 * `npm run simulate:matching [-- --seed N]`: a month of a synthetic seminar whose students follow
 * おすすめの先輩, ranked by relevance alone and by ours, side by side
 * (src/server/recommendations/simulation.ts; how to read it: docs/PRODUCT.md §6b). The last line
 * is the summary issue 57 holds ours to.
 */
import { parseArgs } from 'node:util';
import { report, simulateMatching } from '../src/server/recommendations/simulation';

const { values } = parseArgs({ options: { seed: { type: 'string', default: '1' } } });
const seed = Number(values.seed);
if (!Number.isInteger(seed) || seed < 0) {
  console.error('--seed takes a whole number, 0 or more.');
  process.exit(2);
}
for (const line of report(simulateMatching(seed))) console.log(line);
