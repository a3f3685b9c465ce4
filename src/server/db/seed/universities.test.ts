import { describe, it, expect } from 'vitest';
import { UNIVERSITY_SEED } from './universities';

const DOMAIN_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

describe('UNIVERSITY_SEED', () => {
  it('has at least 20 universities', () => {
    expect(UNIVERSITY_SEED.length).toBeGreaterThanOrEqual(20);
  });

  it('has unique ids and names', () => {
    const ids = UNIVERSITY_SEED.map((university) => university.id);
    const names = UNIVERSITY_SEED.map((university) => university.name);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(names).size).toBe(names.length);
  });

  it('uses short ASCII slugs as ids', () => {
    for (const university of UNIVERSITY_SEED) {
      expect(university.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });

  it('gives every university at least one domain', () => {
    for (const university of UNIVERSITY_SEED) {
      expect(university.domains.length).toBeGreaterThan(0);
    }
  });

  it('has only lower-case, valid domain names', () => {
    for (const domain of UNIVERSITY_SEED.flatMap((university) => university.domains)) {
      expect(domain).toBe(domain.toLowerCase());
      expect(domain).toMatch(DOMAIN_PATTERN);
    }
  });

  it('has no domain listed twice', () => {
    const domains = UNIVERSITY_SEED.flatMap((university) => university.domains);
    expect(new Set(domains).size).toBe(domains.length);
  });
});
