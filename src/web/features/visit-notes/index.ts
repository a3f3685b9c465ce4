// What a page embeds from here brings its rules with it.
import './visit-notes.css';

/**
 * What other features may use of visit-notes (訪問記録). (A barrel brings every module it names
 * into the importer's chunk, so it names only what others embed.)
 */
export { NoteView } from './note-view';
export { NoteCard } from './note-card';
export { MentorNotesLink } from './mentor-notes-link';
export { MentorLabel } from './note-view';
// Where her note about a 座談会 stands, on its page (issue 58).
export { NoteStateBadge } from './note-state';
