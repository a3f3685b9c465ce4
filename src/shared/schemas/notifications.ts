import { z } from 'zod';
import { MAIL_EVENTS, NOTIFICATION_KINDS } from '../constants';

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The other side's name when it happened; empty for the site's own notices. */
  actorName: z.string(),
  /** Messages gathered in one notification. */
  count: z.number().int(),
  read: z.boolean(),
  createdAt: z.string(),
  /** The page it is about. */
  link: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** GET/PUT /api/me/mail-preferences: whether each event mails the user. */
export const mailPreferencesSchema = z.strictObject(
  Object.fromEntries(MAIL_EVENTS.map((event) => [event, z.boolean()])) as Record<
    (typeof MAIL_EVENTS)[number],
    z.ZodBoolean
  >,
);
export type MailPreferencesForm = z.infer<typeof mailPreferencesSchema>;
