import { describe, expect, it } from 'vitest';
import { unitFromDeployDoc } from '../src/server/test/deploy-doc';
import { SERVER_ARGS } from './run-server.mjs';

describe('the node flags the server runs with', () => {
  it('are the same for npm start (and the bench) as in the deployment guide’s systemd unit', () => {
    const { argv } = unitFromDeployDoc('/srv/og-connect');
    // node, its flags, the bundle.
    expect(argv.slice(1, -1)).toEqual(SERVER_ARGS.slice(0, -1));
    // The old generation is capped (docs/PERFORMANCE.md, memory).
    expect(SERVER_ARGS.some((arg) => arg.startsWith('--max-old-space-size='))).toBe(true);
  });
});
