import { useSession } from './auth/api';
import { MyMentorProfilePage } from './mentors/my-mentor-profile-page';
import { BlockedUsersSection } from './safety/blocked-users-section';
import { StudentProfilePage } from './students/student-profile-page';

/**
 * /profile: a student's own student profile, anyone else's own alumni profile; below it, the
 * people they blocked, where a block is lifted.
 */
export function ProfilePage() {
  const session = useSession();
  return (
    <div className="stack">
      {session.data?.user?.role === 'student' ? <StudentProfilePage /> : <MyMentorProfilePage />}
      <BlockedUsersSection />
    </div>
  );
}
