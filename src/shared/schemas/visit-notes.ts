import { z } from 'zod';
import {
  JOB_TYPES,
  VISIT_NOTE_COMMENT_MAX_LENGTH,
  VISIT_NOTE_HIDE_REASON_MAX_LENGTH,
  VISIT_NOTE_MAX_LENGTH,
  VISIT_NOTE_QA_MAX,
  VISIT_NOTE_SHARING,
} from '../constants';
import { VALIDATION } from '../messages/validation-keys';
import { multiLineText } from './common';

/**
 * 訪問記録 (docs/PRODUCT.md §7a): a student's note on a held visit, private to her until she
 * offers it to the seminar and the alumna consents. The company, industry and month come from
 * the visit and her profile; the student writes questions with their answers, and advice.
 */

const noteText = multiLineText().trim().max(VISIT_NOTE_MAX_LENGTH, VALIDATION.visitNoteTooLong);

const questionAndAnswer = z.object({ question: noteText, answer: noteText });

/** Every character the student wrote, counted against VISIT_NOTE_MAX_LENGTH. */
export function visitNoteLength(note: {
  qa: readonly { question: string; answer: string }[];
  advice: string;
}): number {
  return (
    note.qa.reduce((sum, pair) => sum + [...pair.question].length + [...pair.answer].length, 0) +
    [...note.advice].length
  );
}

/**
 * The student's words in reading order: each question, its answer, then the advice. Read as one
 * text by the contact masker (maskContactDetailsAcross), on the server and in the form's warning.
 */
export function noteWords(note: {
  qa: readonly { question: string; answer: string }[];
  advice: string;
}): string[] {
  return [...note.qa.flatMap((pair) => [pair.question, pair.answer]), note.advice];
}

/** PUT /api/visit-requests/:id/note: written or rewritten by the student of the visit. */
export const visitNoteFormSchema = z
  .object({
    jobType: z.enum(JOB_TYPES, { error: VALIDATION.invalidChoice }).nullable(),
    qa: z
      .array(questionAndAnswer)
      .max(VISIT_NOTE_QA_MAX, VALIDATION.visitNoteQaTooMany)
      .superRefine((pairs, ctx) => {
        pairs.forEach((pair, index) => {
          if (pair.answer !== '' && pair.question === '') {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'question'],
              message: VALIDATION.visitNoteQuestionRequired,
            });
          }
        });
      })
      // A pair left empty is dropped, as a blank agenda question is.
      .transform((pairs) => pairs.filter((pair) => pair.question !== '' || pair.answer !== '')),
    advice: noteText,
    /**
     * Other students read her name (issue 56); otherwise 「記録: 3年の学生」. A new note is
     * named unless she chooses otherwise; a rewrite without it keeps her choice.
     */
    authorNamed: z.boolean().optional(),
  })
  .superRefine((note, ctx) => {
    if (note.qa.length === 0 && note.advice === '') {
      ctx.addIssue({ code: 'custom', path: ['_'], message: VALIDATION.visitNoteEmpty });
    } else if (visitNoteLength(note) > VISIT_NOTE_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['_'], message: VALIDATION.visitNoteTooLong });
    }
  });
export type VisitNoteForm = z.input<typeof visitNoteFormSchema>;

/** POST /api/visit-notes/:id/consent: the alumna's yes, and whether her name appears. */
export const visitNoteConsentSchema = z.object({ showName: z.boolean() });

/** POST /api/visit-notes/:id/request-changes: what she would like changed. */
export const visitNoteChangesSchema = z.object({
  comment: multiLineText(VALIDATION.visitNoteCommentRequired)
    .trim()
    .min(1, VALIDATION.visitNoteCommentRequired)
    .max(VISIT_NOTE_COMMENT_MAX_LENGTH, VALIDATION.visitNoteCommentTooLong),
});

/** POST /api/admin/visit-notes/:id/hide: an admin hides a shared note, with the reason its author reads. */
export const visitNoteHideSchema = z.object({
  reason: multiLineText(VALIDATION.visitNoteHideReasonRequired)
    .trim()
    .min(1, VALIDATION.visitNoteHideReasonRequired)
    .max(VISIT_NOTE_HIDE_REASON_MAX_LENGTH, VALIDATION.visitNoteHideReasonTooLong),
});

/**
 * A note as one viewer may read it. The author reads her own words; everyone else (the alumna,
 * other students, admins) reads them with contact details masked (`masked` says whether any were).
 */
export const visitNoteSchema = z.object({
  id: z.string(),
  /**
   * The visit it is about; null once the visit itself is gone (both people left), and to a
   * student reading a note that does not name its alumna.
   */
  visitRequestId: z.string().nullable(),
  /**
   * A note about a 座談会 instead of a visit (issue 58): its id (null once it is gone, and
   * where visitRequestId would be) and its title, to readers who may know its alumna (a title
   * may name her); null on a visit's note. It never names the other attendees.
   */
  groupSession: z.object({ id: z.string().nullable(), title: z.string().nullable() }).nullable(),
  /**
   * The facts of the alumna's profile the note recorded. On a note that does not name her, other
   * students read only what matches at least three alumnae of the OG list (server
   * visit-notes/anonymity.ts): null when withheld, the industry perhaps only its 大分類.
   */
  company: z.string().nullable(),
  /** As the alumna's profile stores it: 「大分類 - 小分類」 (or 「大分類」 alone, above). */
  industry: z.string().nullable(),
  jobType: z.enum(JOB_TYPES).nullable(),
  /** The month of the visit, Japan time: "YYYY-MM". */
  visitedMonth: z.string(),
  /** The 年度 (April to March) of the visit: the seminar's cohort. */
  fiscalYear: z.number().int(),
  qa: z.array(z.object({ question: z.string(), answer: z.string() })),
  advice: z.string(),
  sharing: z.enum(VISIT_NOTE_SHARING),
  /** Her choice with her consent: her name appears; otherwise 「{業界}・{入社年}年入社のOG」. */
  showName: z.boolean(),
  mentor: z.object({
    /** Her name, to the author and herself, and to others when she chose to be named. */
    name: z.string().nullable(),
    /** Her 入社年, for the unnamed label; null when her profile has none or it is withheld. */
    joinedYear: z.number().int().nullable(),
    /** Her page, when she is named and on the OG list. */
    urlParam: z.string().nullable(),
    /** She has left the site. */
    gone: z.boolean(),
  }),
  author: z.object({
    /**
     * The student's name; null when she left and kept the note without it, and to other
     * students when she chose not to be named (`authorNamed`: they read 「記録: 3年の学生」).
     */
    name: z.string().nullable(),
    /** Her 学年 when she wrote it. */
    grade: z.string().nullable(),
  }),
  /** The author's choice that other students read her name (her alumna and admins always do). */
  authorNamed: z.boolean(),
  /** The alumna's words with 変更を依頼 (to the author and the alumna). */
  mentorComment: z.string().nullable(),
  /** Hidden by an admin (to the author and admins). */
  hidden: z.object({ reason: z.string(), at: z.string() }).nullable(),
  masked: z.boolean(),
  /** The viewer wrote it. */
  mine: z.boolean(),
  offeredAt: z.string().nullable(),
  sharedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type VisitNote = z.infer<typeof visitNoteSchema>;

/** GET /api/visit-notes: the seminar's shared notes, for students and admins. */
export const visitNoteSearchSchema = z.object({
  q: z.string().trim().max(100).optional(),
  /** An industry's 大分類 (every 小分類 in it). */
  industry: z.string().trim().max(100).optional(),
  jobType: z.enum(JOB_TYPES).optional().catch(undefined),
  /** The visit's 年度. */
  year: z.coerce.number().int().min(2000).max(3000).optional().catch(undefined),
  /** The company exactly as the notes name it (the console's counts link here). */
  company: z.string().trim().max(100).optional(),
  /** One alumna's named notes, by her page's urlParam. */
  mentor: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
});
export type VisitNoteSearch = z.input<typeof visitNoteSearchSchema>;

export const visitNotePageSchema = z.object({
  items: z.array(visitNoteSchema),
  nextCursor: z.string().nullable(),
  /** Every note the filters match; on the first page only, else null. */
  total: z.number().int().nullable(),
});
export type VisitNotePage = z.infer<typeof visitNotePageSchema>;

/** GET /api/visit-notes/mine: the student's own notes, and the held visits still without one. */
export const myVisitNotesSchema = z.object({
  items: z.array(visitNoteSchema),
  unwritten: z.array(
    z.object({
      visitRequestId: z.string(),
      mentorName: z.string().nullable(),
      company: z.string(),
      meetingAt: z.string(),
    }),
  ),
  /** The held 座談会 she sat in (not recorded 欠席) still without her note (issue 58). */
  unwrittenSessions: z.array(
    z.object({
      groupSessionId: z.string(),
      title: z.string(),
      mentorName: z.string(),
      startsAt: z.string(),
    }),
  ),
});
export type MyVisitNotes = z.infer<typeof myVisitNotesSchema>;

/** GET /api/visit-requests/:id/note: her note on this visit, or what a new one starts from. */
export const visitNoteForVisitSchema = z.object({
  note: visitNoteSchema.nullable(),
  draft: z.object({
    company: z.string(),
    industry: z.string(),
    jobType: z.enum(JOB_TYPES).nullable(),
    visitedMonth: z.string(),
    mentorName: z.string().nullable(),
    /** The questions of the request's agenda, to start the pairs from. */
    agendaQuestions: z.array(z.string()),
  }),
});
export type VisitNoteForVisit = z.infer<typeof visitNoteForVisitSchema>;

/**
 * GET /api/group-sessions/:id/note: her note on a 座談会 she sat in, or what a new one starts
 * from (no agenda: her questions are her own to write), with the 座談会 it is about.
 */
export const visitNoteForGroupSessionSchema = visitNoteForVisitSchema.extend({
  groupSession: z.object({ id: z.string(), title: z.string(), startsAt: z.string() }),
});
export type VisitNoteForGroupSession = z.infer<typeof visitNoteForGroupSessionSchema>;

/** GET /api/visit-notes/about-me: the notes offered to the alumna, and her year's count. */
export const mentorVisitNotesSchema = z.object({
  items: z.array(visitNoteSchema),
  /** 「この1年で N 件の訪問記録」: notes shared with her consent, on visits in the last 365 days. */
  lastYearCount: z.number().int(),
});
export type MentorVisitNotes = z.infer<typeof mentorVisitNotesSchema>;

/** GET /api/admin/visit-notes: shared (state=shared) or hidden notes; never a private one. */
export const adminVisitNoteQuerySchema = z.object({
  state: z.enum(['shared', 'hidden']).optional().catch(undefined),
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
});

/** GET /api/admin/visit-notes/summary: counts for the console. */
export const visitNoteSummarySchema = z.object({
  shared: z.number().int(),
  hidden: z.number().int(),
  /** Offered and waiting for the alumna. */
  waiting: z.number().int(),
  byCompany: z.array(z.object({ company: z.string(), count: z.number().int() })),
  byYear: z.array(z.object({ fiscalYear: z.number().int(), count: z.number().int() })),
});
export type VisitNoteSummary = z.infer<typeof visitNoteSummarySchema>;
