import { maskContactDetails } from '../../shared/contact-masking';
import type { visitRequests } from '../db/schema';
import type { Side } from './queries';

/**
 * The site's rule (docs/PRODUCT.md §7): contact details are exchanged only once the alumnus
 * accepts. It holds for every text one side of a request writes for the other, not only the
 * thread: the request's message, a proposal's words, a refusal's, a cancellation's.
 *
 * Those texts are stored as written. Their author reads them so (and an admin would); the other
 * side reads a text written before the acceptance with its contact details masked, for good:
 * accepting later does not open what was written before it, so nobody gains by writing a number
 * early. What the alumnus writes with the acceptance itself, and anything written after it, is
 * read as written. A profile text shown through the request follows the request's state
 * (profileTextAsRead). Thread messages follow the same "before acceptance" test but are masked as
 * they are stored (thread/service.ts: their existing rows were stored so, and a report keeps
 * the words the other side saw).
 */

type VisitRow = typeof visitRequests.$inferSelect;

/** Who reads a text: one side of the request, or an admin. */
export type Reader = Side | 'admin';

/** A text, who wrote it, and whether the request was not accepted yet when it was written. */
export interface WrittenText {
  text: string;
  author: Side;
  beforeAcceptance: boolean;
}

/** Whether what is written on the request now is written before its acceptance. */
export function writesBeforeAcceptance(request: { status: string }): boolean {
  return request.status !== 'accepted';
}

/** The text as `reader` reads it: masked for the other side if written before acceptance. */
export function textAsRead(reader: Reader, written: WrittenText): string {
  if (reader === 'admin' || reader === written.author || !written.beforeAcceptance) {
    return written.text;
  }
  return maskContactDetails(written.text).text;
}

/**
 * A profile text the other side reads through the request (the student's self-introduction on
 * the alumna's view). It is not written on the request, so it follows the request as it is now,
 * as the student's contact address does: masked for the other side until the request is
 * accepted, and again once an accepted one is cancelled.
 */
export function profileTextAsRead(
  reader: Reader,
  author: Side,
  text: string,
  request: { status: string },
): string {
  return textAsRead(reader, { text, author, beforeAcceptance: writesBeforeAcceptance(request) });
}

function readOrNull(reader: Reader, written: WrittenText | null): string | null {
  return written && textAsRead(reader, written);
}

/**
 * Who wrote each text of the request, and when, told from the request's course (no column says
 * it; rows written before this rule are read by it as they are):
 * - the message and the agenda's questions: the student, with the request, always before
 *   acceptance;
 * - a proposal's words: its proposer, while the request waits;
 * - the answer (responseMessage), always the alumnus's: a refusal, before acceptance; the words
 *   with her acceptance, at it; or, when the student accepted her proposal, the proposal's words
 *   carried over, written before. A time is agreed (meetingAt) only by an acceptance, and an
 *   open proposal of the alumnus's can be accepted only by the student (the turn is the
 *   student's), so that case is an agreed time with the alumnus as the last proposer;
 * - a cancellation's words: the side that cancelled, before acceptance unless a time was agreed.
 */
function writtenTexts(request: VisitRow) {
  const agreed = request.meetingAt !== null;
  const answeredWithAcceptance = agreed && request.proposedBy !== 'mentor';
  const canceller =
    request.cancelledBy === 'student' || request.cancelledBy === 'mentor'
      ? request.cancelledBy
      : null;
  return {
    message: { text: request.message, author: 'student', beforeAcceptance: true },
    proposalMessage:
      request.proposalMessage !== null && request.proposedBy
        ? { text: request.proposalMessage, author: request.proposedBy, beforeAcceptance: true }
        : null,
    responseMessage:
      request.responseMessage !== null
        ? {
            text: request.responseMessage,
            author: 'mentor',
            beforeAcceptance: !answeredWithAcceptance,
          }
        : null,
    cancelMessage:
      request.cancelMessage !== null && canceller
        ? { text: request.cancelMessage, author: canceller, beforeAcceptance: !agreed }
        : null,
  } satisfies Record<string, WrittenText | null>;
}

/** The request's texts as `reader` reads them (the one place the API takes them from). */
export function requestTextsAsRead(request: VisitRow, reader: Reader) {
  const texts = writtenTexts(request);
  return {
    message: textAsRead(reader, texts.message),
    proposalMessage: readOrNull(reader, texts.proposalMessage),
    responseMessage: readOrNull(reader, texts.responseMessage),
    cancelMessage: readOrNull(reader, texts.cancelMessage),
    agendaQuestions: request.agendaQuestions.map((text) =>
      textAsRead(reader, { text, author: 'student', beforeAcceptance: true }),
    ),
  };
}
