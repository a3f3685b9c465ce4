import { describe, expect, it } from 'vitest';
import { homePathFor, roleFitsProfile } from './roles';

describe('where / leads each role', () => {
  it('sends admins to the console, alumni to their profile, others to the OG list', () => {
    expect(homePathFor('admin')).toBe('/admin');
    expect(homePathFor('mentor')).toBe('/profile');
    expect(homePathFor('mentor_pending')).toBe('/mentors-list');
    expect(homePathFor('student')).toBe('/mentors-list');
    expect(homePathFor(undefined)).toBe('/mentors-list');
  });
});

describe('the profile a role needs', () => {
  it('is a mentor profile for alumni, a student one for students, none for admins', () => {
    expect(roleFitsProfile('mentor', 'mentor')).toBe(true);
    expect(roleFitsProfile('mentor_pending', 'mentor')).toBe(true);
    expect(roleFitsProfile('mentor', 'student')).toBe(false);
    expect(roleFitsProfile('mentor_pending', null)).toBe(false);
    expect(roleFitsProfile('student', 'student')).toBe(true);
    expect(roleFitsProfile('student', 'mentor')).toBe(false);
    expect(roleFitsProfile('admin', null)).toBe(true);
    expect(roleFitsProfile('admin', 'student')).toBe(true);
  });
});
