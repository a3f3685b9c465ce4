import { maskContactDetails, maskContactDetailsAcross } from '../../shared/contact-masking';

/**
 * The warning under a text the other side will read with contact details masked (docs/PRODUCT.md
 * §7): shown while typing, as soon as the text holds what the rule would hide, so the writer
 * knows before sending. The one way every such form warns (the thread's box, the request form,
 * the answers' words, the saved replies); `message` says what happens to this kind of text.
 * Several texts the reader reads as one (a note's questions, answers and advice) are checked as
 * the server masks them, together.
 */
export function ContactMaskWarning({
  text,
  message,
}: {
  text: string | readonly string[];
  message: string;
}) {
  const masked =
    typeof text === 'string'
      ? maskContactDetails(text).masked
      : maskContactDetailsAcross(text).masked;
  if (!masked) return null;
  return (
    <p className="notice notice-warning" role="status">
      {message}
    </p>
  );
}
