import type { StudentProfile } from '../../shared/schemas/students';

/** A student's own profile as `GET /api/students/me` answers it in component tests. */
export const STUDENT_PROFILE: StudentProfile = {
  name: '山田 太郎',
  nameReading: 'ヤマダ タロウ',
  studentNumber: 'S1234',
  universityId: 'keio',
  universityName: '慶應義塾大学',
  universityNameEn: 'Keio University',
  faculty: '経済学部',
  department: '経済学科',
  grade: '3年',
  contactEmail: 'taro@keio.jp',
  desiredIndustry: '金融・保険',
  desiredJobType: '営業',
  selfIntroduction: 'よろしくお願いします',
  email: 'taro@keio.jp',
};
