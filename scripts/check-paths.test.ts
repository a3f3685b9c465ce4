import { describe, expect, it } from 'vitest';
import { throwawayCheckouts } from './throwaway-checkout';

const check = throwawayCheckouts('check-paths.mjs', 'CHECK_PATHS_ROOT');

describe('check-paths', () => {
  it('passes comments and documents that name files and folders where they are', () => {
    const result = check({
      'src/server/visits/service.ts':
        '// The rules are in docs/PRODUCT.md, the timers in src/server/visits/ (see scripts/run.mjs).\nexport const v = 1;\n',
      'src/web/page.tsx':
        'export const Page = () => (\n  <div>\n    {/* Styled in src/web/page.css */}\n  </div>\n);\n',
      'src/web/page.css': '',
      'scripts/run.mjs': '/** Started by e2e/start.mjs. */\nexport {};\n',
      'e2e/start.mjs': '',
      'docs/PRODUCT.md':
        'Visits: `src/server/visits/service.ts`; the [decision](decisions/0001-a.md) and [the code](../src/server/visits/service.ts).\n',
      'docs/decisions/0001-a.md':
        'See https://example.org/src/gone.ts and /work/main/src/gone.ts.\n',
    });
    expect(result.output).toContain('check-paths: 6 files');
    expect(result.status).toBe(0);
  });

  it('fails naming each stale reference in a comment, a JSX comment and a document', () => {
    const result = check({
      'src/server/visits/service.ts':
        '/** The timers run in src/server/jobs/visit-timers.ts. */\nexport const v = 1;\n',
      'src/web/page.tsx':
        'export const Page = () => (\n  <div>\n    {/* Styled in src/web/styles.css */}\n  </div>\n);\n',
      'README.md': 'The guide is docs/OPERATIONS.md. The pages live in src/web/pages/.\n',
      'docs/PRODUCT.md': 'See [the timers](../src/server/visits/timers.ts).\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      'src/server/visits/service.ts names src/server/jobs/visit-timers.ts, which is not in the checkout',
    );
    expect(result.output).toContain('src/web/page.tsx names src/web/styles.css');
    expect(result.output).toContain('README.md names docs/OPERATIONS.md');
    expect(result.output).toContain('README.md names src/web/pages/');
    expect(result.output).toContain('docs/PRODUCT.md names ../src/server/visits/timers.ts');
  });

  it('reads a short reference from the feature folders and its own, as comments write them', () => {
    const right = {
      'src/server/db/client.ts': '',
      'src/server/lib/cache.ts':
        '// Told by db/client.ts; English mail will be en/mail.ts, a folder we do not have yet.\nexport {};\n',
    };
    expect(check(right).status).toBe(0);
    const result = check({
      ...right,
      'src/server/lib/read.ts': '/** Emptied by db/cache-events.ts. */\nexport {};\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('src/server/lib/read.ts names db/cache-events.ts');
    expect(result.output).not.toContain('en/mail.ts');
  });

  it('leaves paths in code alone: a string that names a file fails its own test when it moves', () => {
    const result = check({
      'src/server/deploy.ts': "export const guide = 'docs/DEPLOY.md';\n",
    });
    expect(result.status).toBe(0);
  });
});
