import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = 'src/web';
const FEATURES = path.join(WEB, 'features');

/** The modules of a feature (tests aside), with their text. */
function modulesOf(feature: string) {
  return readdirSync(path.join(FEATURES, feature))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => readFileSync(path.join(FEATURES, feature, file), 'utf8'));
}

describe('stylesheets (issue 36)', () => {
  it('loads what every page shares before anything else', () => {
    const main = readFileSync(path.join(WEB, 'main.tsx'), 'utf8');
    const firstImport = /^import .*$/m.exec(main)![0];
    expect(firstImport).toBe("import './styles.css';");
  });

  it("has every feature's stylesheet imported by its own modules, so its rules arrive", () => {
    const sheets = readdirSync(FEATURES).flatMap((feature) =>
      readdirSync(path.join(FEATURES, feature))
        .filter((file) => file.endsWith('.css'))
        .map((file) => ({ feature, file })),
    );
    expect(sheets.map((sheet) => sheet.file)).toContain('visits.css');
    for (const { feature, file } of sheets) {
      const importers = modulesOf(feature).filter((text) => text.includes(`import './${file}';`));
      expect(importers.length, `${feature}/${file}`).toBeGreaterThan(0);
    }
  });
});
