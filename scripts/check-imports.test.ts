import { describe, expect, it } from 'vitest';
import { throwawayCheckouts } from './throwaway-checkout';

const check = throwawayCheckouts('check-imports.mjs', 'CHECK_IMPORTS_ROOT');

describe('check-imports', () => {
  it('passes imports that run one way through public modules', () => {
    const result = check({
      'src/server/app.ts':
        "import { visitRoutes } from './visits';\nexport const app = visitRoutes;\n",
      'src/server/visits/index.ts': "export { visitRoutes } from './routes';\n",
      'src/server/visits/routes.ts':
        "import { y } from './service';\nexport const visitRoutes = y;\n",
      'src/server/visits/service.ts': "import { x } from '../mentors';\nexport const y = x;\n",
      'src/server/mentors/index.ts': "export { x } from './queries';\n",
      'src/server/mentors/queries.ts': "import { z } from '../db/client';\nexport const x = z;\n",
      'src/server/db/client.ts': 'export const z = 1;\n',
      'src/server/admin/routes.ts':
        "import { usersRoutes } from './users';\nexport const a = usersRoutes;\n",
      'src/server/admin/access.ts': 'export const adminOnly = 1;\n',
      'src/server/admin/users/index.ts': "export { usersRoutes } from './routes';\n",
      'src/server/admin/users/routes.ts':
        "import { adminOnly } from '../access';\nimport { x } from '../../mentors';\nexport const usersRoutes = adminOnly + x;\n",
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
      'src/server/mentors/index.ts': "export { r } from './list-order';\n",
      'src/web/features/mentors/page.tsx':
        "import { f } from '../visits/format';\nexport const p = f;\n",
      'src/web/features/visits/format.ts': 'export const f = 1;\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      'src/server/visits/service.ts imports src/server/mentors/list-order.ts, inside the feature server/mentors: import its index.ts',
    );
    expect(result.output).toContain(
      'src/web/features/mentors/page.tsx imports src/web/features/visits/format.ts, inside the feature web/visits',
    );
  });

  it('fails on app.ts, or a parent composing its sub-features, passing by a feature’s index.ts', () => {
    const result = check({
      'src/server/app.ts':
        "import { visitRoutes } from './visits/routes';\nexport const app = visitRoutes;\n",
      'src/server/visits/index.ts': "export { visitRoutes } from './routes';\n",
      'src/server/visits/routes.ts': 'export const visitRoutes = 1;\n',
      'src/server/admin/routes.ts':
        "import { usersRoutes } from './users/routes';\nexport const a = usersRoutes;\n",
      'src/server/admin/users/index.ts': "export { usersRoutes } from './routes';\n",
      'src/server/admin/users/routes.ts': 'export const usersRoutes = 1;\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      'src/server/app.ts imports src/server/visits/routes.ts, inside the feature server/visits: import its index.ts',
    );
    expect(result.output).toContain(
      'src/server/admin/routes.ts imports src/server/admin/users/routes.ts, inside the feature server/admin/users: import its index.ts',
    );
  });

  it('fails on a building block that imports a feature', () => {
    const result = check({
      'src/server/mail/links.ts':
        "import { isOpen } from '../visits';\nexport const link = isOpen;\n",
      'src/server/context.ts': "import type { x } from './visits';\nexport type C = typeof x;\n",
      'src/server/visits/index.ts': "export { isOpen } from './queries';\nexport const x = 1;\n",
      'src/server/visits/queries.ts': 'export const isOpen = 1;\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      'src/server/mail/links.ts imports src/server/visits/index.ts: a building block imports no feature (server/visits)',
    );
    expect(result.output).toContain(
      'src/server/context.ts imports src/server/visits/index.ts: a building block imports no feature (server/visits)',
    );
  });
});
