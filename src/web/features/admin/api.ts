import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { NoShowDecision } from '../../../shared/constants';
import type { Role } from '../../../shared/roles';
import type {
  AdminFeedbackPage,
  AdminInvitation,
  AdminInvitationPage,
  AdminOverview,
  AdminUnconfirmedVisitList,
  AdminUniversity,
  AdminUser,
  AdminUserPage,
  AdminVisitPage,
  AuditLogPage,
  GradeRollover,
  UniversityInput,
} from '../../../shared/schemas/admin';
import type {
  AdminReport,
  AdminReportPage,
  RegistrationHold,
  ReportNoteInput,
  ResolveReportInput,
} from '../../../shared/schemas/safety';
import type { AdminThread } from '../../../shared/schemas/threads';
import type { AdminReach, ReachList } from '../../../shared/schemas/admin-reach';
import type { AdminGroupSessionPage } from '../../../shared/schemas/admin-group-sessions';
import { apiRequest } from '../../api/client';
import { sessionQuery } from '../../lib/session';
import type {
  GraduationApplicantList,
  GraduationCohortInput,
} from '../../../shared/schemas/graduation';
import { universitiesQuery } from '../../lib/universities';
import type { DeskAnswer, DeskInput } from '../../../shared/schemas/desk';
import { deskQuery } from '../safety/desk-api';

/** The CSV downloads: plain links, the session cookie goes along (same origin). */
export const exportUrls = {
  students: '/api/admin/export/students.csv',
  mentors: '/api/admin/export/mentors.csv',
  visits: '/api/admin/export/visits.csv',
  /** The console's upcoming or recent visits, as the page lists them. */
  visitSchedule: (tab: string) => `/api/admin/visits.csv?tab=${encodeURIComponent(tab)}`,
  /** One of 「依頼の偏り」's lists of who is left out. */
  reach: (list: ReachList) => `/api/admin/reach.csv?list=${encodeURIComponent(list)}`,
  /** The console's 座談会 of one tab. */
  groupSessions: (tab: string) => `/api/admin/group-sessions.csv?tab=${encodeURIComponent(tab)}`,
} as const;

/** Filters as the URL holds them: only the ones set, so equal filters share a cache entry. */
export type ListFilters = Record<string, string>;

function withQuery(path: string, filters: ListFilters, cursor: string): string {
  const query = new URLSearchParams(filters);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

// Every key starts with 'admin'; each list is keyed by its filters.
const keys = {
  overview: ['admin', 'overview'],
  users: ['admin', 'users'],
  invitations: ['admin', 'invitations'],
  universities: ['admin', 'universities'],
  audit: ['admin', 'audit'],
  reports: ['admin', 'reports'],
  holds: ['admin', 'holds'],
  feedback: ['admin', 'feedback'],
  visits: ['admin', 'visits'],
  rollovers: ['admin', 'rollovers'],
  graduation: ['admin', 'graduation'],
  unconfirmedVisits: ['admin', 'unconfirmed-visits'],
  reach: ['admin', 'reach'],
  groupSessions: ['admin', 'group-sessions'],
} as const satisfies Record<string, QueryKey>;

export const adminOverviewQuery = queryOptions({
  queryKey: keys.overview,
  queryFn: () => apiRequest<AdminOverview>('/api/admin/overview'),
});

/** 「依頼の偏り」: where the requests went, who is left out. */
export const adminReachQuery = queryOptions({
  queryKey: keys.reach,
  queryFn: () => apiRequest<AdminReach>('/api/admin/reach'),
});

/** 「確認が取れていない訪問」, the quiet list of the overview. */
export const adminUnconfirmedVisitsQuery = queryOptions({
  queryKey: keys.unconfirmedVisits,
  queryFn: () => apiRequest<AdminUnconfirmedVisitList>('/api/admin/visits/unconfirmed'),
});

export function adminUsersQuery(filters: ListFilters) {
  return infiniteQueryOptions({
    queryKey: [...keys.users, filters],
    queryFn: ({ pageParam }) =>
      apiRequest<AdminUserPage>(withQuery('/api/admin/users', filters, pageParam)),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function adminInvitationsQuery(filters: ListFilters) {
  return infiniteQueryOptions({
    queryKey: [...keys.invitations, filters],
    queryFn: ({ pageParam }) =>
      apiRequest<AdminInvitationPage>(withQuery('/api/admin/invitations', filters, pageParam)),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export const adminUniversitiesQuery = queryOptions({
  queryKey: keys.universities,
  queryFn: () => apiRequest<AdminUniversity[]>('/api/admin/universities'),
});

export function auditLogQuery(filters: ListFilters) {
  return infiniteQueryOptions({
    queryKey: [...keys.audit, filters],
    queryFn: ({ pageParam }) =>
      apiRequest<AuditLogPage>(withQuery('/api/admin/audit', filters, pageParam)),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function adminFeedbackQuery(filters: ListFilters) {
  return infiniteQueryOptions({
    queryKey: [...keys.feedback, filters],
    queryFn: ({ pageParam }) =>
      apiRequest<AdminFeedbackPage>(withQuery('/api/admin/feedback', filters, pageParam)),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function adminVisitsQuery(filters: ListFilters) {
  return infiniteQueryOptions({
    queryKey: [...keys.visits, filters],
    queryFn: ({ pageParam }) =>
      apiRequest<AdminVisitPage>(withQuery('/api/admin/visits', filters, pageParam)),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function adminGroupSessionsQuery(filters: ListFilters) {
  return infiniteQueryOptions({
    queryKey: [...keys.groupSessions, filters],
    queryFn: ({ pageParam }) =>
      apiRequest<AdminGroupSessionPage>(withQuery('/api/admin/group-sessions', filters, pageParam)),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function adminReportsQuery(filters: ListFilters) {
  return infiniteQueryOptions({
    queryKey: [...keys.reports, filters],
    queryFn: ({ pageParam }) =>
      apiRequest<AdminReportPage>(withQuery('/api/admin/reports', filters, pageParam)),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * After a write: the lists it changed, and the audit log (every write is recorded). Only the
 * page on screen refetches; the others are marked stale and reload when next opened.
 */
function refresh(queryClient: QueryClient, changed: QueryKey[]) {
  for (const queryKey of [...changed, keys.audit]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

// ---------------------------------------------------------------- users

function userPath(id: string, action = '') {
  return `/api/admin/users/${encodeURIComponent(id)}${action}`;
}

/** Approving an alumnus (mentor_pending → mentor) is a role change like any other. */
export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      apiRequest<AdminUser>(userPath(id, '/role'), { method: 'PUT', body: { role } }),
    onSuccess: () => {
      // Counts on the overview, who is on the OG list, and (for one's own role) the tabs.
      refresh(queryClient, [keys.users, keys.overview, ['mentors'], sessionQuery.queryKey]);
    },
  });
}

export function useSuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<AdminUser>(userPath(id, '/suspend'), { method: 'POST' }),
    // A suspended alumnus leaves the OG list and the detail page.
    onSuccess: () => refresh(queryClient, [keys.users, ['mentors']]),
  });
}

export function useReinstateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<AdminUser>(userPath(id, '/reinstate'), { method: 'POST' }),
    onSuccess: () => refresh(queryClient, [keys.users, ['mentors']]),
  });
}

export const gradeRolloversQuery = queryOptions({
  queryKey: keys.rollovers,
  queryFn: () => apiRequest<{ rollovers: GradeRollover[] }>('/api/admin/grade-rollovers'),
});

/** Puts every student the last April rollover moved back where they were. */
export function useUndoGradeRollover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<GradeRollover>(`/api/admin/grade-rollovers/${encodeURIComponent(id)}/undo`, {
        method: 'POST',
      }),
    onSuccess: () => refresh(queryClient, [keys.rollovers, keys.users]),
  });
}

/** Graduates who applied to become OG, and how many marked students have not yet. */
export const graduationApplicantsQuery = queryOptions({
  queryKey: keys.graduation,
  queryFn: () => apiRequest<GraduationApplicantList>('/api/admin/graduation'),
});

/** Marks a graduating cohort (its students are mailed the way to apply). */
export function useMarkGraduatingCohort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GraduationCohortInput) =>
      apiRequest<{ marked: number }>('/api/admin/graduation/cohort', {
        method: 'POST',
        body: input,
      }),
    onSuccess: () => refresh(queryClient, [keys.graduation]),
  });
}

/** A student stopped by no-shows may send requests again. */
export function useClearNoShows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<AdminUser>(userPath(id, '/clear-no-shows'), { method: 'POST' }),
    onSuccess: () => refresh(queryClient, [keys.users]),
  });
}

/** An admin upholds or dismisses a no-show claim against a user after reading both sides. */
export function useDecideNoShowClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    // A visit's claim, or a 座談会's 欠席 (decision 0045), named by what it is about.
    mutationFn: (input: {
      userId: string;
      about: { visitRequestId: string } | { groupSessionId: string };
      decision: NoShowDecision;
    }) =>
      apiRequest<AdminUser>(
        userPath(
          input.userId,
          'visitRequestId' in input.about
            ? `/no-show-claims/${input.about.visitRequestId}/decision`
            : `/group-session-absences/${input.about.groupSessionId}/decision`,
        ),
        { method: 'POST', body: { decision: input.decision } },
      ),
    onSuccess: () => refresh(queryClient, [keys.users]),
  });
}

/** Deletion is a withdrawal: the profile goes, the person's pending invitations expire. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ ok: true }>(userPath(id), { method: 'DELETE' }),
    onSuccess: () => {
      refresh(queryClient, [
        keys.users,
        keys.overview,
        keys.invitations,
        keys.universities,
        ['mentors'],
      ]);
    },
  });
}

// ---------------------------------------------------------------- invitations

function invitationPath(id: string, action: 'revoke' | 'resend') {
  return `/api/admin/invitations/${encodeURIComponent(id)}/${action}`;
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<AdminInvitation>(invitationPath(id, 'revoke'), { method: 'POST' }),
    onSuccess: () => refresh(queryClient, [keys.invitations, keys.overview, ['invitations']]),
  });
}

/** Sends an expired invitation again as a new one; the answer is the new invitation. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<AdminInvitation>(invitationPath(id, 'resend'), { method: 'POST' }),
    onSuccess: () => refresh(queryClient, [keys.invitations, keys.overview, ['invitations']]),
  });
}

// ---------------------------------------------------------------- universities

function universityPath(id?: string, action?: 'retire' | 'restore') {
  const base = '/api/admin/universities';
  if (id === undefined) return base;
  return `${base}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}

/** The forms' university lists (/register, the OG forms) and the overview follow at once. */
function refreshUniversities(queryClient: QueryClient) {
  refresh(queryClient, [keys.universities, universitiesQuery.queryKey, keys.overview]);
}

export function useCreateUniversity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UniversityInput) =>
      apiRequest<AdminUniversity>(universityPath(), { method: 'POST', body }),
    onSuccess: () => refreshUniversities(queryClient),
  });
}

export function useUpdateUniversity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UniversityInput }) =>
      apiRequest<AdminUniversity>(universityPath(id), { method: 'PUT', body }),
    onSuccess: () => refreshUniversities(queryClient),
  });
}

export function useSetUniversityRetired() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, retired }: { id: string; retired: boolean }) =>
      apiRequest<AdminUniversity>(universityPath(id, retired ? 'retire' : 'restore'), {
        method: 'POST',
      }),
    onSuccess: () => refreshUniversities(queryClient),
  });
}

// ---------------------------------------------------------------- reports

/** Marks a report dealt with; the overview's count of open reports follows. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResolveReportInput }) =>
      apiRequest<AdminReport>(`/api/admin/reports/${encodeURIComponent(id)}/resolve`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => refresh(queryClient, [keys.reports, keys.overview]),
  });
}

/** Opens a handled report again; the overview's count of open reports follows. */
export function useReopenReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<AdminReport>(`/api/admin/reports/${encodeURIComponent(id)}/reopen`, {
        method: 'POST',
      }),
    onSuccess: () => refresh(queryClient, [keys.reports, keys.overview]),
  });
}

/** Writes, changes or (empty) removes the admins' note on a report. */
export function useSetReportNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReportNoteInput }) =>
      apiRequest<AdminReport>(`/api/admin/reports/${encodeURIComponent(id)}/note`, {
        method: 'PUT',
        body,
      }),
    onSuccess: () => refresh(queryClient, [keys.reports]),
  });
}

/**
 * The thread of the request a report is about. Every reading is audited on the server, so it is
 * read once per page visit, when the admin asks for it.
 */
export function reportedThreadQuery(reportId: string) {
  return queryOptions({
    queryKey: [...keys.reports, 'thread', reportId],
    queryFn: () =>
      apiRequest<AdminThread>(`/api/admin/reports/${encodeURIComponent(reportId)}/thread`),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

// ---------------------------------------------------------------- registration holds

export const registrationHoldsQuery = queryOptions({
  queryKey: keys.holds,
  queryFn: () => apiRequest<RegistrationHold[]>('/api/admin/registration-holds'),
});

export function useClearHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ ok: true }>(`/api/admin/registration-holds/${encodeURIComponent(id)}/clear`, {
        method: 'POST',
      }),
    onSuccess: () => refresh(queryClient, [keys.holds]),
  });
}

/**
 * PUT /api/admin/desk: the seminar's 相談窓口; what the server saved is what this browser shows
 * at once (the footer, the preview), other browsers within the query's few minutes.
 */
export function useSetDesk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeskInput) =>
      apiRequest<DeskAnswer>('/api/admin/desk', { method: 'PUT', body }),
    onSuccess: (answer) => queryClient.setQueryData(deskQuery.queryKey, answer),
  });
}
