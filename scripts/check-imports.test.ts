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

  // Every way a path can name a module, each planted across the boundary it must not cross
  // (booking reaching into visits past its index.ts) and the same way through the surface.
  // Before the check resolved paths as TypeScript does, the first rows passed unreported.
  const visits = {
    'src/server/visits/index.ts': "export { otherSide } from './transition';\n",
    'src/server/visits/transition.ts': 'export const otherSide = 1;\nexport type Side = 1;\n',
    'src/server/visits/parts/index.ts': 'export const part = 1;\n',
    'src/server/visits/timers.mts': 'export const timer = 1;\n',
  };
  const booking = 'src/server/booking/service.ts';
  const inside = (file: string, target: string) =>
    `${file} imports ${target}, inside the feature server/visits: import its index.ts`;
  const ways: [string, string, string, string][] = [
    // [way, an import past the surface, the file it names, the same way through the surface]
    [
      'a .js extension naming a .ts file',
      "import { otherSide } from '../visits/transition.js';",
      'src/server/visits/transition.ts',
      "import { otherSide } from '../visits/index.js';",
    ],
    [
      'a .ts extension written out',
      "import { otherSide } from '../visits/transition.ts';",
      'src/server/visits/transition.ts',
      "import { otherSide } from '../visits/index.ts';",
    ],
    [
      'a .mjs extension naming a .mts file',
      "import { timer } from '../visits/timers.mjs';",
      'src/server/visits/timers.mts',
      "import { otherSide } from '../visits/index.js';",
    ],
    [
      'a folder with a trailing slash',
      "import { part } from '../visits/parts/';",
      'src/server/visits/parts/index.ts',
      "import { otherSide } from '../visits/';",
    ],
    [
      'a folder’s index.js',
      "import { part } from '../visits/parts/index.js';",
      'src/server/visits/parts/index.ts',
      "import { otherSide } from '../visits/index.js';",
    ],
    [
      'segments that climb and come back',
      "import { otherSide } from '../../server/./visits/../visits/transition.js';",
      'src/server/visits/transition.ts',
      "import { otherSide } from '../../server/booking/../visits';",
    ],
    [
      'import type',
      "import type { Side } from '../visits/transition.js';",
      'src/server/visits/transition.ts',
      "import type { Side } from '../visits/index.js';",
    ],
    [
      'an import over several lines',
      "import {\n  otherSide,\n  type Side,\n} from\n  '../visits/transition.js';",
      'src/server/visits/transition.ts',
      "import {\n  otherSide,\n} from\n  '../visits';",
    ],
    [
      'export … from',
      "export { otherSide } from '../visits/transition.js';",
      'src/server/visits/transition.ts',
      "export { otherSide } from '../visits/index.js';",
    ],
    [
      'export * from',
      "export * from '../visits/transition.js';",
      'src/server/visits/transition.ts',
      "export * from '../visits/index.js';",
    ],
    [
      'a dynamic import()',
      "export const load = () => import('../visits/transition.js');",
      'src/server/visits/transition.ts',
      "export const load = () => import('../visits/index.js');",
    ],
    [
      'a type written as import()',
      "export type T = typeof import('../visits/transition.js');",
      'src/server/visits/transition.ts',
      "export type T = typeof import('../visits/index.js');",
    ],
    [
      'require()',
      "export const t = require('../visits/transition.js');",
      'src/server/visits/transition.ts',
      "export const t = require('../visits/index.js');",
    ],
    [
      'a side-effect import',
      "import '../visits/transition.js';",
      'src/server/visits/transition.ts',
      "import '../visits/index.js';",
    ],
  ];

  // One checkout for all the ways (a file each), one for all the ways through the surface.
  const plant = (pick: (way: (typeof ways)[number]) => string) =>
    Object.fromEntries(
      ways.map((way, index) => [
        `src/server/booking/way-${index}.ts`,
        `${pick(way)}\nexport const b = 1;\n`,
      ]),
    );

  it('reads every way a path can name a module, and each one past a surface fails', () => {
    const reported = check({ ...visits, ...plant(([, past]) => past) });
    expect(reported.status).toBe(1);
    ways.forEach(([way, , target], index) => {
      expect
        .soft(reported.output, way)
        .toContain(inside(`src/server/booking/way-${index}.ts`, target));
    });
  });

  it('passes every one of those ways through the surface', () => {
    const passed = check({ ...visits, ...plant(([, , , through]) => through) });
    expect(passed.output).toContain('no import circle');
    expect(passed.status).toBe(0);
  });

  it("reads the tsconfig's path aliases", () => {
    // With a comment, as ours has: the file is read as TypeScript reads it.
    const tsconfig = `{
      // The project has no aliases today; one it adds is followed.
      "compilerOptions": { "moduleResolution": "Bundler", "module": "ESNext",
        "paths": { "@server/*": ["./src/server/*"] } },
      "include": ["src"]
    }`;
    const reported = check({
      ...visits,
      'tsconfig.json': tsconfig,
      [booking]: "import { otherSide } from '@server/visits/transition';\nexport const b = 1;\n",
    });
    expect(reported.output).toContain(inside(booking, 'src/server/visits/transition.ts'));
    expect(reported.status).toBe(1);
    const passed = check({
      ...visits,
      'tsconfig.json': tsconfig,
      [booking]: "import { otherSide } from '@server/visits';\nexport const b = 1;\n",
    });
    expect(passed.status).toBe(0);
  });

  it('reads .js paths on the web, to a .tsx file, and in a building block and a circle', () => {
    const result = check({
      'src/web/features/mentors/page.tsx':
        "import { Form } from '../visits/form.js';\nimport { a } from '../visits/api.js';\nexport const p = [Form, a];\n",
      'src/web/features/visits/form.tsx': 'export const Form = 1;\n',
      'src/web/features/visits/api.ts': 'export const a = 1;\n',
      'src/server/mail/links.ts': "import { x } from '../visits/index.js';\nexport const l = x;\n",
      'src/server/visits/index.ts': 'export const x = 1;\n',
      'src/server/lib/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'src/server/lib/b.ts': "import type { a } from './a.js';\nexport const b: typeof a = 1;\n",
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      'src/web/features/mentors/page.tsx imports src/web/features/visits/form.tsx, inside the feature web/visits',
    );
    expect(result.output).not.toContain('visits/api.ts, inside');
    expect(result.output).toContain(
      'src/server/mail/links.ts imports src/server/visits/index.ts: a building block imports no feature',
    );
    expect(result.output).toContain(
      'import circle between files: src/server/lib/a.ts → src/server/lib/b.ts',
    );
  });

  it('fails on a relative path that names no file, in an import or a test’s vi.mock', () => {
    const result = check({
      ...visits,
      [booking]:
        "import { otherSide } from '../visits/transitions.js';\nimport './booking.css';\nexport const b = otherSide;\n",
      'src/server/booking/booking.css': '',
      'src/server/booking/service.test.ts':
        "vi.mock('../visits/gone', () => ({}));\nvi.mock('../visits/transition.js', () => ({}));\nvi.mock('pg', () => ({}));\nawait vi.importActual('./missing.js');\n",
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      `${booking} names '../visits/transitions.js', which is no file`,
    );
    expect(result.output).toContain(
      "src/server/booking/service.test.ts names '../visits/gone', which is no file",
    );
    expect(result.output).toContain(
      "src/server/booking/service.test.ts names './missing.js', which is no file",
    );
    expect(result.output).not.toContain('booking.css');
    expect(result.output).not.toContain("'../visits/transition.js'");
    expect(result.output).not.toContain("'pg'");
  });
});
