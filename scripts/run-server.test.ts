import { describe, expect, it } from 'vitest';
import { unitFromDeployDoc } from '../src/server/test/deploy-doc';
import { SERVER_ARGS, SERVER_ENV } from './run-server.mjs';

describe('the node flags the server runs with', () => {
  it('are the same for npm start (and the bench) as in the deployment guide’s systemd unit', () => {
    const { argv } = unitFromDeployDoc('/srv/og-connect');
    // node, its flags, the bundle.
    expect(argv.slice(1, -1)).toEqual(SERVER_ARGS.slice(0, -1));
    // The old generation is capped (docs/PERFORMANCE.md, memory).
    expect(SERVER_ARGS.some((arg) => arg.startsWith('--max-old-space-size='))).toBe(true);
  });
});

describe('the environment the server runs with', () => {
  it('is the same for npm start (and the bench) as in the deployment guide’s systemd unit', () => {
    expect(unitFromDeployDoc('/srv/og-connect').env).toEqual(SERVER_ENV);
  });

  it('has glibc map V8’s 32 kB compiler blocks from the kernel (decision 0050)', () => {
    // Above 32 kB the blocks PGlite's compiled code was made in stay resident once freed.
    expect(Number(SERVER_ENV.MALLOC_MMAP_THRESHOLD_)).toBeLessThanOrEqual(32 * 1024);
    expect(Number(SERVER_ENV.MALLOC_MMAP_THRESHOLD_)).toBeGreaterThan(0);
  });
});
