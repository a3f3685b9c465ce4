import type { VisitNoteForm } from '../../../shared/schemas/visit-notes';

/**
 * A note being written, kept for this tab (session storage) by the student writing it and the
 * visit it is about, as the request form keeps its message (lib/browser-storage.ts): a reload
 * loses nothing, another account signed in on the same tab does not find it, and saving the note
 * clears it. Blocked storage (private browsing) keeps nothing, and the form still works.
 */
const key = (userId: string, requestId: string) => `visitNoteDraft:${userId}:${requestId}`;

function isForm(value: unknown): value is VisitNoteForm {
  if (typeof value !== 'object' || value === null) return false;
  const form = value as Record<string, unknown>;
  return (
    typeof form.advice === 'string' &&
    (form.jobType === null || typeof form.jobType === 'string') &&
    Array.isArray(form.qa) &&
    form.qa.every(
      (pair: unknown) =>
        typeof pair === 'object' &&
        pair !== null &&
        typeof (pair as Record<string, unknown>).question === 'string' &&
        typeof (pair as Record<string, unknown>).answer === 'string',
    )
  );
}

export const visitNoteDrafts = {
  read(userId: string, requestId: string): VisitNoteForm | null {
    try {
      const stored = sessionStorage.getItem(key(userId, requestId));
      if (!stored) return null;
      const value: unknown = JSON.parse(stored);
      return isForm(value) ? value : null;
    } catch {
      return null;
    }
  },
  write(userId: string, requestId: string, form: VisitNoteForm) {
    try {
      sessionStorage.setItem(key(userId, requestId), JSON.stringify(form));
    } catch {
      // Blocked or full storage: the draft lives only as long as the page.
    }
  },
  clear(userId: string, requestId: string) {
    try {
      sessionStorage.removeItem(key(userId, requestId));
    } catch {
      // Nothing was kept.
    }
  },
};
