/**
 * What other features may use of threads: the thread a request page embeds, and the saved
 * replies section of an alumnus's profile.
 */
export { VisitThread } from './visit-thread';
export { ReplyTemplatesSection } from './reply-templates-section';
