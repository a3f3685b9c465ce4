export const ROLES = ['admin', 'mentor', 'mentor_pending', 'student'] as const;
export type Role = (typeof ROLES)[number];

/** A required role is satisfied by an equal or higher rank. */
export const ROLE_RANK: Readonly<Record<Role, number>> = {
  admin: 3,
  mentor: 2,
  mentor_pending: 1.5,
  student: 1,
};

/** The profile a role's pages show: alumni a mentor profile, students a student one, admins none. */
export const PROFILE_OF_ROLE: Readonly<Record<Role, 'student' | 'mentor' | null>> = {
  admin: null,
  mentor: 'mentor',
  mentor_pending: 'mentor',
  student: 'student',
};

/** Whether an account with this profile (or none) can hold the role: the rule of a role change. */
export function roleFitsProfile(role: Role, profile: 'student' | 'mentor' | null): boolean {
  const needed = PROFILE_OF_ROLE[role];
  return needed === null || needed === profile;
}

export function hasRank(role: Role, required: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[required];
}

/**
 * Who may open a page or call a route. `minRole` follows the rank; `roles` is an explicit list
 * (both must hold: docs/PRODUCT.md §1).
 */
export interface RoleRequirement {
  readonly minRole?: Role;
  readonly roles?: readonly Role[];
}

export function satisfies(role: Role, requirement: RoleRequirement): boolean {
  if (requirement.roles && !requirement.roles.includes(role)) return false;
  if (requirement.minRole && !hasRank(role, requirement.minRole)) return false;
  return true;
}

/**
 * `/` sends admins to the console, where their work is (the OG list stays a tab away), mentors
 * to their profile, everyone else to the OG list (docs/PRODUCT.md §2).
 */
export function homePathFor(role: Role | undefined): string {
  if (role === 'admin') return '/admin';
  return role === 'mentor' ? '/profile' : '/mentors-list';
}

/**
 * Who keeps favourites: the people who look for alumni to visit, students and the alumni
 * awaiting approval (who see what a student sees). The API's access and the star button follow it.
 */
export const FAVOURITE_ROLES = ['student', 'mentor_pending'] as const satisfies readonly Role[];

export function keepsFavourites(role: Role | undefined): boolean {
  return role !== undefined && (FAVOURITE_ROLES as readonly Role[]).includes(role);
}

/**
 * Who searches the seminar's shared 訪問記録 (docs/PRODUCT.md §7a): students and admins. The
 * search's route and page, and a company's page, follow it.
 */
export const SHARED_NOTE_READERS = ['student', 'admin'] as const satisfies readonly Role[];

export function mayReadSharedNotes(role: Role): boolean {
  return (SHARED_NOTE_READERS as readonly Role[]).includes(role);
}
