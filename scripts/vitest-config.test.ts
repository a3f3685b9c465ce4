import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mockingModules } from '../vitest.config';

const root = path.resolve(import.meta.dirname, '..');

/** Every test file of the repository, as a path from its root. */
function testFiles(): string[] {
  return ['src', 'scripts']
    .flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }).map((file) =>
        path.join(folder, file),
      ),
    )
    .filter((file) => /\.test\.tsx?$/.test(file));
}

describe('the Vitest projects', () => {
  it('run each file that replaces a module (vi.mock) alone, never in a worker other files share', () => {
    const mocking = testFiles().filter((file) =>
      /\bvi\.(do)?mock\(/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.sort()).toEqual([...mockingModules].sort());
  });
});
