import { useSession } from './auth/api';
import { MyMentorProfilePage } from './mentors/my-mentor-profile-page';
import { StudentProfilePage } from './students/student-profile-page';

/** /profile: a student's own student profile, anyone else's own alumni profile. */
export function ProfilePage() {
  const session = useSession();
  if (session.data?.user?.role === 'student') return <StudentProfilePage />;
  return <MyMentorProfilePage />;
}
