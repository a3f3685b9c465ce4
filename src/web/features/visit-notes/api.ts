import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { VisitNoteOnWithdrawal } from '../../../shared/constants';
import type {
  MentorVisitNotes,
  MyVisitNotes,
  VisitNote,
  VisitNoteForGroupSession,
  VisitNoteForm,
  VisitNoteForVisit,
  VisitNotePage,
  VisitNoteSearch,
  VisitNoteSummary,
} from '../../../shared/schemas/visit-notes';
import { apiRequest } from '../../api/client';

/**
 * 訪問記録 (docs/PRODUCT.md §7a): every call of the feature, under ['visit-notes'], so that any
 * change (written, offered, consented, hidden) refreshes every list and page that shows notes.
 */

const ROOT = ['visit-notes'] as const;

function query(search: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of the seminar's shared notes (students and admins). */
export function visitNoteSearchQuery(search: VisitNoteSearch) {
  return queryOptions({
    queryKey: [...ROOT, 'search', search],
    queryFn: () =>
      apiRequest<VisitNotePage>(
        `/api/visit-notes${query(search as Record<string, string | number | undefined>)}`,
      ),
  });
}

/** One note as the caller may read it. */
export function visitNoteQuery(id: string) {
  return queryOptions({
    queryKey: [...ROOT, 'detail', id],
    queryFn: () => apiRequest<VisitNote>(`/api/visit-notes/${encodeURIComponent(id)}`),
  });
}

/** The student's own notes and the held visits still without one. */
export const myVisitNotesQuery = queryOptions({
  queryKey: [...ROOT, 'mine'],
  queryFn: () => apiRequest<MyVisitNotes>('/api/visit-notes/mine'),
});

/** The student's note on one visit, or what a new one starts from. */
export function visitNoteForVisitQuery(requestId: string) {
  return queryOptions({
    queryKey: [...ROOT, 'visit', requestId],
    queryFn: () =>
      apiRequest<VisitNoteForVisit>(`/api/visit-requests/${encodeURIComponent(requestId)}/note`),
  });
}

/** The student's note on a 座談会 she sat in (issue 58), or what a new one starts from. */
export function visitNoteForGroupSessionQuery(sessionId: string) {
  return queryOptions({
    queryKey: [...ROOT, 'group-session', sessionId],
    queryFn: () =>
      apiRequest<VisitNoteForGroupSession>(
        `/api/group-sessions/${encodeURIComponent(sessionId)}/note`,
      ),
  });
}

/** The notes offered to the alumna, and her year's count. */
export const mentorVisitNotesQuery = queryOptions({
  queryKey: [...ROOT, 'about-me'],
  queryFn: () => apiRequest<MentorVisitNotes>('/api/visit-notes/about-me'),
});

/** The console's shared or hidden notes. */
export function adminVisitNotesQuery(search: {
  state?: 'shared' | 'hidden';
  q?: string;
  cursor?: string;
}) {
  return queryOptions({
    queryKey: [...ROOT, 'admin', search],
    queryFn: () => apiRequest<VisitNotePage>(`/api/admin/visit-notes${query(search)}`),
  });
}

/** The console's list, page after page (the "load more" of every console list). */
export function adminVisitNotePagesQuery(search: { state: 'shared' | 'hidden'; q?: string }) {
  return infiniteQueryOptions({
    queryKey: [...ROOT, 'admin', 'pages', search],
    queryFn: ({ pageParam }) =>
      apiRequest<VisitNotePage>(
        `/api/admin/visit-notes${query({ ...search, cursor: pageParam || undefined })}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export const visitNoteSummaryQuery = queryOptions({
  queryKey: [...ROOT, 'admin', 'summary'],
  queryFn: () => apiRequest<VisitNoteSummary>('/api/admin/visit-notes/summary'),
});

/** A mutation that refreshes every note query (and the alumni's pages, which count notes). */
function useNoteMutation<Input, Output = unknown>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ROOT }),
        queryClient.invalidateQueries({ queryKey: ['mentors'] }),
      ]),
  });
}

const notePath = (id: string, action = '') =>
  `/api/visit-notes/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/** What a note is written about: a held visit, or a 座談会 she sat in (issue 58). */
export type NoteAbout = { kind: 'visit'; id: string } | { kind: 'groupSession'; id: string };

const aboutPath = (about: NoteAbout) =>
  about.kind === 'visit'
    ? `/api/visit-requests/${encodeURIComponent(about.id)}/note`
    : `/api/group-sessions/${encodeURIComponent(about.id)}/note`;

/** Writes or rewrites the student's note (a shared one goes back to the alumna). */
export function useSaveVisitNote(about: NoteAbout) {
  return useNoteMutation((form: VisitNoteForm) =>
    apiRequest<VisitNote>(aboutPath(about), { method: 'PUT', body: form }),
  );
}

export function useDeleteVisitNote() {
  return useNoteMutation((id: string) => apiRequest(notePath(id), { method: 'DELETE' }));
}

/** The student offers her note to the seminar: it goes to the alumna for consent. */
export function useOfferVisitNote() {
  return useNoteMutation((id: string) =>
    apiRequest<VisitNote>(notePath(id, 'offer'), { method: 'POST' }),
  );
}

/** The student takes her note back (offered or shared): private again. */
export function useUnshareVisitNote() {
  return useNoteMutation((id: string) =>
    apiRequest<VisitNote>(notePath(id, 'unshare'), { method: 'POST' }),
  );
}

/** The alumna consents (or, once shared, changes whether her name appears). */
export function useConsentVisitNote() {
  return useNoteMutation((input: { id: string; showName: boolean }) =>
    apiRequest<VisitNote>(notePath(input.id, 'consent'), {
      method: 'POST',
      body: { showName: input.showName },
    }),
  );
}

export function useRequestNoteChanges() {
  return useNoteMutation((input: { id: string; comment: string }) =>
    apiRequest<VisitNote>(notePath(input.id, 'request-changes'), {
      method: 'POST',
      body: { comment: input.comment },
    }),
  );
}

export function useDeclineVisitNote() {
  return useNoteMutation((id: string) =>
    apiRequest<VisitNote>(notePath(id, 'decline'), { method: 'POST' }),
  );
}

/** The alumna withdraws her consent: the note is hidden from the seminar at once. */
export function useWithdrawNoteConsent() {
  return useNoteMutation((id: string) =>
    apiRequest<VisitNote>(notePath(id, 'withdraw-consent'), { method: 'POST' }),
  );
}

export function useHideVisitNote() {
  return useNoteMutation((input: { id: string; reason: string }) =>
    apiRequest<VisitNote>(`/api/admin/visit-notes/${encodeURIComponent(input.id)}/hide`, {
      method: 'POST',
      body: { reason: input.reason },
    }),
  );
}

export function useRestoreVisitNote() {
  return useNoteMutation((id: string) =>
    apiRequest<VisitNote>(`/api/admin/visit-notes/${encodeURIComponent(id)}/restore`, {
      method: 'POST',
    }),
  );
}

/** The console's downloads of the consented notes. */
export const VISIT_NOTE_EXPORTS = {
  csv: '/api/admin/export/visit-notes.csv',
  markdown: '/api/admin/export/visit-notes.md',
} as const;

export type { VisitNoteOnWithdrawal };
