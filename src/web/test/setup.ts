import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { visitingTextsReady } from '../i18n';
import { employerRulesTextsReady } from '../features/employer-rules/texts';

// Pages load lazily and two cores may be busy with the rest of the suite: findBy*/waitFor
// wait up to 5 s (they return as soon as the condition holds).
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no modal dialogs; these follow the spec closely enough for the components.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

// jsdom has no ResizeObserver; charts (recharts) watch their container's size with one.
globalThis.ResizeObserver ??= class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Components are rendered here without the routes that load the OG訪問 texts: load them once.
beforeAll(async () => {
  await visitingTextsReady();
  await employerRulesTextsReady();
});

beforeEach(() => {
  // The once-per-sign-in privacy notice is tested on its own; elsewhere it is already seen.
  localStorage.setItem('privacyNoticeSeen', 'true');
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});
