import { describe, expect, it } from 'vitest';
import viteConfig from '../vite.config';
import { serverBuildOptions } from './build-server.mjs';

/** What production runs and serves is built without source maps (the server refuses *.map too). */
describe('production builds', () => {
  it('write no source map for the web app', () => {
    expect(viteConfig.build?.sourcemap ?? false).toBe(false);
  });

  it('write no source map beside the server bundle', () => {
    expect(serverBuildOptions.sourcemap ?? false).toBe(false);
  });
});
