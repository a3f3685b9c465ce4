// What a page embeds from here brings its rules with it.
import './threads.css';

/**
 * What other features may use of threads: the thread a request page embeds (and its query, which
 * the booked visit reads too), and the saved replies section of an alumnus's profile.
 */
export { VisitThread } from './visit-thread';
export { threadQuery } from './api';
export { ReplyTemplatesSection } from './reply-templates-section';
