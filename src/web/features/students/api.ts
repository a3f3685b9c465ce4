import { queryOptions } from '@tanstack/react-query';
import type { StudentProfile } from '../../../shared/schemas/registration';
import { apiRequest } from '../../api/client';

export const myStudentProfileQuery = queryOptions({
  queryKey: ['students', 'me'],
  queryFn: () => apiRequest<StudentProfile>('/api/students/me'),
});
