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

/**
 * A browser's push subscription as PushSubscription.toJSON() gives it: the push service's
 * address for this browser and its keys (base64url: a P-256 public key of 65 bytes, a secret of
 * 16). Limited to what browsers make, so nothing else is stored.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/**
 * POST /api/push/renewal: the service worker hands over the subscription the browser renewed
 * (`pushsubscriptionchange`), proving the old one by its secret (its auth key, which only the
 * browser and the server know), so the renewal needs no session cookie.
 */
export const pushRenewalSchema = z.object({
  old: z.object({
    endpoint: z.string().max(2048),
    auth: pushSubscriptionSchema.shape.keys.shape.auth,
  }),
  subscription: pushSubscriptionSchema,
});
export type PushRenewal = z.infer<typeof pushRenewalSchema>;

/** GET /api/me/push: the key a browser subscribes with, and whether this browser is subscribed. */
export const pushStatusSchema = z.object({
  publicKey: z.string(),
  subscribed: z.boolean(),
});
export type PushStatus = z.infer<typeof pushStatusSchema>;
