import { AdminProfilePage } from './admin-profile-page';
import { useSession } from '../../lib/session';
import { MyMentorProfilePage } from '../../features/mentors/my-mentor-profile-page';
import { BlockedUsersSection } from '../../features/safety/blocked-users-section';
import { StudentProfilePage } from '../../features/students/student-profile-page';
import { ReplyTemplatesSection } from '../../features/threads';
import { CalendarFeedSection } from '../../features/calendar';
import { MailPreferencesSection, PushSection } from '../../features/notifications';
import { EmailChangeSection } from '../../features/email-change';
import { GraduationSection } from '../../features/graduation';
import { Suspense } from 'react';

/**
 * /profile: a student's own student profile (and, in the last grades, the way to become an OG),
 * an admin's console links (and alumni profile if
 * any), an alumnus's own alumni profile; below it, the sign-in address and how to change it,
 * and the people they blocked, where a block is lifted.
 */
export function ProfilePage() {
  const role = useSession().data?.user?.role;
  return (
    <div className="stack">
      {role === 'student' ? (
        <>
          <StudentProfilePage />
          <GraduationSection />
        </>
      ) : role === 'admin' ? (
        <AdminProfilePage />
      ) : (
        <MyMentorProfilePage />
      )}
      {role === 'mentor' && <ReplyTemplatesSection />}
      {role === 'student' || role === 'mentor' ? (
        <>
          <CalendarFeedSection />
          <Suspense fallback={null}>
            <PushSection />
            <MailPreferencesSection receivesRequests={role === 'mentor'} />
          </Suspense>
        </>
      ) : null}
      <EmailChangeSection />
      <BlockedUsersSection />
    </div>
  );
}
