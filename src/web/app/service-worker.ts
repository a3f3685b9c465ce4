import { appVersion } from '../lib/browser-storage';

/**
 * The service worker of the built site (src/web/service-worker/sw.ts), registered once the
 * page has loaded, so it never competes with the page's own requests. Not in development,
 * where Vite serves every file fresh.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener(
    'load',
    () => {
      navigator.serviceWorker.register('/sw.js').catch(() => {
        // Without it the site works as before, only not offline.
      });
    },
    { once: true },
  );
}

/** The address of the script this module was built into: in a build, named by its content. */
export const runningScript = import.meta.url;

/**
 * Whether this is the first open of a new version of the site: the address of the running
 * script (named by its content in the build) differs from the one this browser last ran.
 * Not on the very first open, which is not an update.
 */
export function openedNewVersion(script: string = runningScript): boolean {
  return appVersion.isNew(script);
}
