import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  IntroducedStudent,
  IntroductionAnswer,
  IntroductionFormInput,
  IntroductionSettings,
  IntroductionView,
} from '../../../shared/schemas/introductions';
import type { MentorListPage } from '../../../shared/schemas/mentors';
import { apiRequest } from '../../api/client';

/** The student the introducer means to introduce (the form's heading). */
export const introducedStudentQuery = (studentId: string) =>
  queryOptions({
    queryKey: ['introductions', 'student', studentId],
    queryFn: () =>
      apiRequest<IntroducedStudent>(`/api/introductions/students/${encodeURIComponent(studentId)}`),
  });

/** Listed alumni matching `q`, as the OG list finds them (its own search, its first page). */
export const introducibleMentorsQuery = (q: string) =>
  queryOptions({
    queryKey: ['introductions', 'mentors', q],
    queryFn: () => apiRequest<MentorListPage>(`/api/mentors?${new URLSearchParams({ q })}`),
    enabled: q !== '',
  });

export const introductionQuery = (id: string) =>
  queryOptions({
    queryKey: ['introductions', 'one', id],
    queryFn: () => apiRequest<IntroductionView>(`/api/introductions/${encodeURIComponent(id)}`),
  });

export const introductionSettingsQuery = queryOptions({
  queryKey: ['introductions', 'settings'],
  queryFn: () => apiRequest<IntroductionSettings>('/api/mentors/me/introductions'),
});

export function useIntroduce() {
  return useMutation({
    mutationFn: (form: IntroductionFormInput) =>
      apiRequest<{ id: string }>('/api/introductions', { method: 'POST', body: form }),
  });
}

export function useAnswerIntroduction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: IntroductionAnswer) =>
      apiRequest<IntroductionView>(`/api/introductions/${encodeURIComponent(id)}/answer`, {
        method: 'POST',
        body: answer,
      }),
    onSuccess: (view) => queryClient.setQueryData(introductionQuery(id).queryKey, view),
  });
}

export function useSaveIntroductionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: IntroductionSettings) =>
      apiRequest<IntroductionSettings>('/api/mentors/me/introductions', {
        method: 'PUT',
        body: settings,
      }),
    onSuccess: (saved) => queryClient.setQueryData(introductionSettingsQuery.queryKey, saved),
  });
}
