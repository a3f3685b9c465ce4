/**
 * What the device is, as CSS media queries say it, for what the page shows at its first render.
 * Without matchMedia (a test's document), a wide screen with a mouse and keyboard.
 */

function matches(query: string): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia(query).matches;
}

/** A tablet's or a computer's width: what a phone folds starts open there. */
export function isWideScreen(): boolean {
  return matches('(min-width: 768px)');
}

/**
 * A fine pointer that hovers (a mouse or a trackpad), so most likely a keyboard too: a touch
 * screen is told of no keyboard shortcut (issue 56: 「Ctrl+Enter」 on a phone).
 */
export function hasKeyboardShortcuts(): boolean {
  return matches('(hover: hover) and (pointer: fine)');
}
