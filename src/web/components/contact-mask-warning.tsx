import { maskContactDetails } from '../../shared/contact-masking';

/**
 * The warning under a text the other side will read with contact details masked (docs/PRODUCT.md
 * §7): shown while typing, as soon as the text holds what the rule would hide, so the writer
 * knows before sending. The one way every such form warns (the thread's box, the request form,
 * the answers' words, the saved replies); `message` says what happens to this kind of text.
 */
export function ContactMaskWarning({ text, message }: { text: string; message: string }) {
  if (!maskContactDetails(text).masked) return null;
  return (
    <p className="notice notice-warning" role="status">
      {message}
    </p>
  );
}
