import type { Role } from '../../../shared/roles';
import { paths } from '../../../shared/paths';

export interface Tab {
  to: string;
  labelKey: 'nav.profile' | 'nav.mentorsList' | 'nav.inviteMentor' | 'nav.admin';
  icon: 'person' | 'list' | 'invite' | 'admin';
}

const profile: Tab = { to: paths.profile, labelKey: 'nav.profile', icon: 'person' };
const mentorsList: Tab = { to: paths.mentorsList, labelKey: 'nav.mentorsList', icon: 'list' };
const invite: Tab = { to: paths.inviteMentor, labelKey: 'nav.inviteMentor', icon: 'invite' };
const admin: Tab = { to: paths.admin, labelKey: 'nav.admin', icon: 'admin' };

/**
 * Spec section 2: mentors see profile, OG list and invitation; students (and accounts
 * awaiting approval, who see what a student sees) profile and OG list; admins the OG list,
 * the invitation page they may use, and the admin tab.
 */
export function tabsFor(role: Role | undefined): Tab[] {
  switch (role) {
    case 'mentor':
      return [profile, mentorsList, invite];
    case 'student':
    case 'mentor_pending':
      return [profile, mentorsList];
    case 'admin':
      return [mentorsList, invite, admin];
    default:
      return [mentorsList];
  }
}
