import { toHalfWidth } from '../../../shared/half-width';

/**
 * Where a desk's contact leads: an http(s) address as a link, an e-mail address as mailto:, a
 * phone number as tel: (its digits and a leading +); anything else is shown as text, never as
 * a link (a desk's contact is hers to type: no other scheme may become one).
 */
export function contactHref(contact: string): string | null {
  const text = contact.trim();
  if (/^https?:\/\/\S+$/i.test(text)) {
    try {
      const url = new URL(text);
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
    } catch {
      return null;
    }
  }
  if (/^[^\s@:/]+@[^\s@:/]+\.[^\s@:/]+$/.test(text)) return `mailto:${text}`;
  const dialled = toHalfWidth(text).replace(/[\s()\-‐－―ー]/g, '');
  if (/^\+?\d{6,15}$/.test(dialled)) return `tel:${dialled}`;
  return null;
}
