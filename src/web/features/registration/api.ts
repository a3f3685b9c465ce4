import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  StudentRegistrationInput,
  UniversityOption,
} from '../../../shared/schemas/registration';
import { apiRequest } from '../../api/client';

export const universitiesQuery = queryOptions({
  queryKey: ['universities'],
  queryFn: () => apiRequest<UniversityOption[]>('/api/universities'),
  staleTime: 10 * 60_000,
});

export function useRegisterStudent() {
  return useMutation({
    mutationFn: (body: StudentRegistrationInput) =>
      apiRequest<{ ok: true }>('/api/registrations/student', { method: 'POST', body }),
  });
}
