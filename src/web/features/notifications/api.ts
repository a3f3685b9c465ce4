import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_POLL_INTERVAL_MS } from '../../../shared/constants';
import type { MailPreferencesForm, NotificationList } from '../../../shared/schemas/notifications';
import { apiRequest } from '../../api/client';

/**
 * The bell's count, asked every NOTIFICATION_POLL_INTERVAL_MS without a reload. The server
 * answers with an ETag and `no-cache`: the browser revalidates and gets 304 while nothing
 * changed, so the poll costs little.
 */
export const unreadCountQuery = queryOptions({
  queryKey: ['notifications', 'count'],
  queryFn: () => apiRequest<{ unread: number }>('/api/notifications/unread-count'),
  refetchInterval: NOTIFICATION_POLL_INTERVAL_MS,
});

export const notificationListQuery = queryOptions({
  queryKey: ['notifications', 'list'],
  queryFn: () => apiRequest<NotificationList>('/api/notifications'),
});

function useNotificationMutation(call: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

export function useMarkAllNotificationsRead() {
  return useNotificationMutation(() =>
    apiRequest('/api/notifications/read-all', { method: 'POST' }),
  );
}

export const mailPreferencesQuery = queryOptions({
  queryKey: ['mail-preferences'],
  queryFn: () => apiRequest<MailPreferencesForm>('/api/me/mail-preferences'),
});

export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailPreferencesForm) =>
      apiRequest<MailPreferencesForm>('/api/me/mail-preferences', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(mailPreferencesQuery.queryKey, saved),
  });
}
