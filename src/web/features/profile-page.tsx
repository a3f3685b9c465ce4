import { useSession } from './auth/api';
import { PlaceholderPage } from './placeholder/placeholder-page';
import { StudentProfilePage } from './students/student-profile-page';

/** /profile: a student's own profile; the alumni profile of mentors comes with its issue. */
export function ProfilePage() {
  const session = useSession();
  if (session.data?.user?.role === 'student') return <StudentProfilePage />;
  return <PlaceholderPage titleKey="profile" />;
}
