import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushStatus } from '../../../shared/schemas/notifications';
import { apiRequest } from '../../api/client';
// Apart from api.ts: the bell, on every page, downloads none of this; /profile's section does.

/** Where this browser stands with push notifications (docs/PRODUCT.md §14). */
export type PushState =
  | { supported: false }
  | {
      supported: true;
      permission: NotificationPermission;
      subscribed: boolean;
      publicKey: string;
    };

/** How long a page waits for the worker it registered as it loaded (a first visit). */
const WORKER_WAIT_MS = 5_000;

/**
 * The service worker's registration: none in development (Vite serves no worker) or where the
 * browser has no service workers or no push, and then push is not offered. On a first visit
 * the page registers it as it loads: that one is waited for, a little.
 */
async function workerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return undefined;
  }
  const registered = await navigator.serviceWorker.getRegistration();
  if (registered || !import.meta.env.PROD) return registered;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((late) => setTimeout(() => late(undefined), WORKER_WAIT_MS)),
  ]);
}

/**
 * The site's key, and whether the server holds `subscription` (this browser's) for this very
 * session: a subscription ends with the session that made it, so after signing in again the
 * page shows push as off until it is turned on again.
 */
function serverPushStatus(subscription: PushSubscription | null): Promise<PushStatus> {
  const query = subscription ? `?endpoint=${encodeURIComponent(subscription.endpoint)}` : '';
  return apiRequest<PushStatus>(`/api/me/push${query}`);
}

export const pushStateQuery = queryOptions({
  queryKey: ['push'],
  queryFn: async (): Promise<PushState> => {
    const registration = await workerRegistration();
    if (!registration) return { supported: false };
    const subscription = await registration.pushManager.getSubscription();
    const status = await serverPushStatus(subscription);
    return {
      supported: true,
      permission: Notification.permission,
      subscribed: subscription !== null && status.subscribed,
      publicKey: status.publicKey,
    };
  },
});

/** The person did not allow notifications when the browser asked. */
export class NotificationsNotAllowed extends Error {
  override name = 'NotificationsNotAllowed';
}

/**
 * The browser would not subscribe, though the person allowed notifications: a private window, a
 * browser with its push turned off or with no push service to reach. Trying again later does not
 * help there; another window or browser does.
 */
export class PushRefusedByBrowser extends Error {
  override name = 'PushRefusedByBrowser';
}

/** The VAPID key as the bytes PushManager.subscribe takes (every browser takes these). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Turns push on for this browser, after the person pressed the button (the browser asks for
 * permission then, never on page load): subscribe with the site's key and hand the subscription
 * to the server. A subscription the server no longer knows (signed out since, another account)
 * is replaced, in case it was made with another key.
 */
export function useTurnPushOn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (publicKey: string) => {
      if ((await Notification.requestPermission()) !== 'granted') {
        throw new NotificationsNotAllowed();
      }
      const registration = await navigator.serviceWorker.ready;
      await (await registration.pushManager.getSubscription())?.unsubscribe();
      const subscription = await registration.pushManager
        .subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) })
        .catch((error: unknown) => {
          throw new PushRefusedByBrowser(String(error));
        });
      try {
        await apiRequest('/api/me/push', { method: 'PUT', body: subscription.toJSON() });
      } catch (error) {
        // Refused or not saved: the browser keeps no subscription the server does not know.
        await subscription.unsubscribe().catch(() => undefined);
        throw error;
      }
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['push'] }),
  });
}

/** Turns push off for this browser: the server forgets it, then the browser. */
export function useTurnPushOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.getSubscription();
      if (!subscription) return;
      await apiRequest('/api/me/push', {
        method: 'DELETE',
        body: { endpoint: subscription.endpoint },
      });
      await subscription.unsubscribe();
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['push'] }),
  });
}

/**
 * A browser subscription the server does not know for this session (made by another account on
 * this computer, or by an earlier session that ended: sign-out, timeout, an address change) is
 * dropped: its push service then tells the server it is gone, and nothing more arrives here for
 * anyone else.
 */
export async function dropPushOfOthers(subscription: PushSubscription): Promise<void> {
  const { subscribed } = await serverPushStatus(subscription);
  if (!subscribed) await subscription.unsubscribe();
}
