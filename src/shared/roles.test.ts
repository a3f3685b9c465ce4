import { describe, expect, it } from 'vitest';
import { homePathFor } from './roles';

describe('where / leads each role', () => {
  it('sends admins to the console (issue 17), alumni to their profile, others to the OG list', () => {
    expect(homePathFor('admin')).toBe('/admin');
    expect(homePathFor('mentor')).toBe('/profile');
    expect(homePathFor('mentor_pending')).toBe('/mentors-list');
    expect(homePathFor('student')).toBe('/mentors-list');
    expect(homePathFor(undefined)).toBe('/mentors-list');
  });
});
