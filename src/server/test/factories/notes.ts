import type { VisitNote } from '../../../shared/schemas/visit-notes';
import type { App } from '../../app';
import { call, expectOk } from './admins';
import { DAY_MS, insertRequest, newStudent, type MentorParty, type Party } from './visits';

/** A note's form as a student fills it: one question answered and advice. */
export const NOTE_FORM = {
  jobType: 'sales',
  qa: [{ question: '入社の決め手は？', answer: '人の温かさです。' }],
  advice: '業界研究は早めに。',
};

/**
 * A visit held two days ago by a new student (or `by`) with `mentor`, its note written through
 * the API, offered to the seminar and consented to by her (named or not), as the seminar's
 * search reads it.
 */
export async function sharedNoteWith(
  app: App,
  mentor: MentorParty,
  { showName, form = {}, by }: { showName: boolean; form?: Partial<typeof NOTE_FORM>; by?: Party },
): Promise<VisitNote> {
  const student = by ?? (await newStudent(app, '山田 花子'));
  const meetingAt = new Date(Date.now() - 2 * DAY_MS);
  const request = await insertRequest(app, student.id, mentor.id, {
    status: 'accepted',
    meetingAt,
    preferredSlots: [meetingAt],
  });
  const body = { ...NOTE_FORM, ...form };
  const note = expectOk(
    await call(app, student.cookie, 'PUT', `/api/visit-requests/${request.id}/note`, body),
  ) as unknown as VisitNote;
  expectOk(await call(app, student.cookie, 'POST', `/api/visit-notes/${note.id}/offer`));
  expectOk(
    await call(app, mentor.cookie, 'POST', `/api/visit-notes/${note.id}/consent`, { showName }),
  );
  return note;
}
