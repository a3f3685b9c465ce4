import { z } from 'zod';

/**
 * The console's 座談会 (/api/admin/group-sessions, admin only; docs/PRODUCT.md §7c, §9): those
 * ahead and those whose time has come, cancelled ones too (marked), with their seats, waiting
 * list and attendance as counts. Never who sits in them: that is each session's own page.
 */
export const GROUP_SESSION_TABS = ['upcoming', 'past'] as const;
export type GroupSessionTab = (typeof GROUP_SESSION_TABS)[number];

export const adminGroupSessionListQuerySchema = z.object({
  tab: z.enum(GROUP_SESSION_TABS).default('upcoming'),
  /** Opaque, from the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
});
export type AdminGroupSessionListQuery = z.input<typeof adminGroupSessionListQuerySchema>;

/** The CSV of one tab: the same query without the cursor (the file holds every row). */
export const adminGroupSessionExportQuerySchema = adminGroupSessionListQuerySchema.pick({
  tab: true,
});
export type AdminGroupSessionExportQuery = z.input<typeof adminGroupSessionExportQuerySchema>;

const count = z.number().int().nonnegative();

export const adminGroupSessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  mentorName: z.string(),
  mentorUrlParam: z.string(),
  startsAt: z.date(),
  endsAt: z.date(),
  meetingFormat: z.enum(['online', 'in_person']),
  seats: count,
  /** Seats taken now. */
  seated: count,
  /** Places on the waiting list now. */
  waiting: count,
  /** Of those seated, as the alumna recorded after it was held: 参加, 欠席, not yet. */
  attended: count,
  absent: count,
  unrecorded: count,
  cancelledAt: z.date().nullable(),
  cancelledReason: z.string().nullable(),
});
export type AdminGroupSession = z.infer<typeof adminGroupSessionSchema>;

export const adminGroupSessionPageSchema = z.object({
  items: z.array(adminGroupSessionSchema),
  nextCursor: z.string().nullable(),
});
export type AdminGroupSessionPage = z.infer<typeof adminGroupSessionPageSchema>;
