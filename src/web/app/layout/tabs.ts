import type { Role } from '../../../shared/roles';
import { paths } from '../../../shared/paths';

export interface Tab {
  to: string;
  labelKey: 'nav.profile' | 'nav.mentorsList' | 'nav.visits' | 'nav.inviteMentor' | 'nav.admin';
  icon: 'person' | 'list' | 'visits' | 'invite' | 'admin';
  /** Shows the count of requests waiting for the user's answer. */
  showsAwaitingReply?: boolean;
}

const profile: Tab = { to: paths.profile, labelKey: 'nav.profile', icon: 'person' };
const mentorsList: Tab = { to: paths.mentorsList, labelKey: 'nav.mentorsList', icon: 'list' };
const visits: Tab = {
  to: paths.visitRequests,
  labelKey: 'nav.visits',
  icon: 'visits',
  showsAwaitingReply: true,
};
const invite: Tab = { to: paths.inviteMentor, labelKey: 'nav.inviteMentor', icon: 'invite' };
const admin: Tab = { to: paths.admin, labelKey: 'nav.admin', icon: 'admin' };

/**
 * Spec section 2: mentors see profile, OG list and invitation; students (and accounts
 * awaiting approval, who see what a student sees) profile and OG list; admins the OG list,
 * the invitation page they may use, and the admin tab. Issue 10 adds OG訪問 requests: students
 * see the ones they sent, alumni the ones they received, with a count of those awaiting an
 * answer (issue 17: students too, with answers they have not opened); accounts awaiting approval can neither send nor receive them.
 */
export function tabsFor(role: Role | undefined): Tab[] {
  switch (role) {
    case 'mentor':
      return [profile, mentorsList, visits, invite];
    case 'student':
      // Issue 17: students see answers they have not opened, and proposals to answer.
      return [profile, mentorsList, visits];
    case 'mentor_pending':
      return [profile, mentorsList];
    case 'admin':
      return [mentorsList, invite, admin];
    default:
      return [mentorsList];
  }
}
