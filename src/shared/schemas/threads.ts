import { z } from 'zod';
import {
  REPLY_TEMPLATE_TITLE_MAX_LENGTH,
  REPLY_TEMPLATES_MAX,
  THREAD_MESSAGE_MAX_LENGTH,
} from '../constants';
import { VALIDATION } from '../messages/validation-keys';
import { multiLineText, oneLineText } from './common';

/** A message's text: kept as typed (line breaks too), but not only spaces. */
const messageBody = multiLineText(VALIDATION.threadMessageRequired)
  .max(THREAD_MESSAGE_MAX_LENGTH, VALIDATION.threadMessageTooLong)
  .refine((body) => body.trim().length > 0, VALIDATION.threadMessageRequired);

/** POST /api/visit-requests/:id/messages. */
export const threadPostSchema = z.object({
  body: messageBody,
  /** Made by the browser for each message: sending it again stores it once. */
  clientId: z.uuid(),
});
export type ThreadPost = z.input<typeof threadPostSchema>;

export const threadMessageSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  side: z.enum(['student', 'mentor']),
  mine: z.boolean(),
  body: z.string(),
  /** Contact details in it were replaced before it was stored (docs/PRODUCT.md §7). */
  masked: z.boolean(),
  /** 'thanks': the student's お礼 after the visit. */
  kind: z.enum(['message', 'thanks']),
  createdAt: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/**
 * Why nobody can post any more: the request ended (declined, cancelled, or 30 days after the
 * meeting), one side blocked the other, or the other side withdrew.
 */
export const THREAD_CLOSED_REASONS = ['ended', 'blocked', 'withdrawn'] as const;
export type ThreadClosedReason = (typeof THREAD_CLOSED_REASONS)[number];

/** GET /api/visit-requests/:id/messages, oldest first. */
export const threadSchema = z.object({
  messages: z.array(threadMessageSchema),
  closedReason: z.enum(THREAD_CLOSED_REASONS).nullable(),
  /** Contact details are masked in messages sent now (the request is not accepted yet). */
  masksContacts: z.boolean(),
  /** Up to when the caller has read it: the other side's later messages are unread. */
  readAt: z.string().nullable(),
});
export type Thread = z.infer<typeof threadSchema>;

/** What an admin reads of a thread through a report on it. */
export const adminThreadSchema = z.object({
  messages: z.array(threadMessageSchema.omit({ mine: true })),
});
export type AdminThread = z.infer<typeof adminThreadSchema>;

/** よくある返信: a title to pick it by and the text it puts in the box. */
export const replyTemplateSchema = z.object({
  title: oneLineText(VALIDATION.replyTemplateTitleRequired)
    .trim()
    .min(1, VALIDATION.replyTemplateTitleRequired)
    .max(REPLY_TEMPLATE_TITLE_MAX_LENGTH, VALIDATION.replyTemplateTitleTooLong),
  body: messageBody,
});

/** PUT /api/mentors/me/reply-templates: the whole list, in the alumnus's order. */
export const replyTemplatesSchema = z.object({
  templates: z
    .array(replyTemplateSchema)
    .max(REPLY_TEMPLATES_MAX, VALIDATION.replyTemplatesTooMany),
});
export type ReplyTemplates = z.input<typeof replyTemplatesSchema>;
