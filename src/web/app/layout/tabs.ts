import type { Role } from '../../../shared/roles';
import { paths } from '../../../shared/paths';

export interface Tab {
  to: string;
  labelKey:
    | 'nav.profile'
    | 'nav.mentorsList'
    | 'nav.visits'
    | 'nav.visitNotes'
    | 'nav.inviteMentor'
    | 'nav.admin';
  icon: 'person' | 'list' | 'visits' | 'notes' | 'invite' | 'admin';
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
/** 訪問記録 (docs/PRODUCT.md §7a): the seminar's shared notes, searched. */
const visitNotes: Tab = { to: paths.visitNotes, labelKey: 'nav.visitNotes', icon: 'notes' };
const invite: Tab = { to: paths.inviteMentor, labelKey: 'nav.inviteMentor', icon: 'invite' };
const admin: Tab = { to: paths.admin, labelKey: 'nav.admin', icon: 'admin' };

/**
 * The tabs by role (docs/PRODUCT.md §2): mentors see profile, OG list, OG訪問 and invitation;
 * students profile, OG list, OG訪問 and the seminar's 訪問記録; accounts awaiting approval profile
 * and OG list (they can neither send nor receive requests); admins the OG list, the invitation
 * page and the console.
 * The OG訪問 tab counts what waits for the user: requests to answer, or (students) answers not
 * yet opened.
 */
export function tabsFor(role: Role | undefined): Tab[] {
  switch (role) {
    case 'mentor':
      return [profile, mentorsList, visits, invite];
    case 'student':
      // Students see answers they have not opened, and proposals to answer.
      return [profile, mentorsList, visits, visitNotes];
    case 'mentor_pending':
      return [profile, mentorsList];
    case 'admin':
      return [mentorsList, invite, admin];
    default:
      return [mentorsList];
  }
}
