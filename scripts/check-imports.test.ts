import { describe, expect, it } from 'vitest';
import { throwawayCheckouts } from './throwaway-checkout';

const check = throwawayCheckouts('check-imports.mjs', 'CHECK_IMPORTS_ROOT');

describe('check-imports', () => {
  it('passes imports that run one way through public modules', () => {
    const result = check({
      'src/server/visits/service.ts':
        "import { x } from '../mentors/queries';\nexport const y = x;\n",
      'src/server/mentors/queries.ts': "import { z } from '../db/client';\nexport const x = z;\n",
      'src/server/db/client.ts': 'export const z = 1;\n',
      'src/web/features/mentors/page.tsx':
        "import { a } from '../visits/api';\nexport const b = a;\n",
      'src/web/features/visits/api.ts': 'export const a = 1;\n',
    });
    expect(result.output).toContain('no import circle');
    expect(result.status).toBe(0);
  });

  it('fails on a circle between two files', () => {
    const result = check({
      'src/server/lib/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'src/server/lib/b.ts': "import type { a } from './a';\nexport const b: typeof a = 1;\n",
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      'import circle between files: src/server/lib/a.ts → src/server/lib/b.ts',
    );
  });

  it('fails on a circle between two features, file by file one way', () => {
    const result = check({
      'src/server/visits/service.ts':
        "import { m } from '../mentors/queries';\nexport const v = m;\n",
      'src/server/mentors/queries.ts': 'export const m = 1;\n',
      'src/server/mentors/service.ts':
        "import { v } from '../visits/service';\nexport const n = v;\n",
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('import circle between rooms: server/mentors → server/visits');
  });

  it("fails on a feature importing another feature's internals, server and web", () => {
    const result = check({
      'src/server/visits/service.ts':
        "import { r } from '../mentors/list-order';\nexport const v = r;\n",
      'src/server/mentors/list-order.ts': 'export const r = 1;\n',
      'src/web/features/mentors/page.tsx':
        "import { f } from '../visits/format';\nexport const p = f;\n",
      'src/web/features/visits/format.ts': 'export const f = 1;\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      'src/server/visits/service.ts imports src/server/mentors/list-order.ts, inside the feature server/mentors',
    );
    expect(result.output).toContain(
      'src/web/features/mentors/page.tsx imports src/web/features/visits/format.ts, inside the feature web/visits',
    );
  });
});
