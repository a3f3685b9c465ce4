// What a page embeds from here brings its rules with it.
import './book-slot.css';

/** What other features embed of booking: her open slots on her page, beside the request. */
export { OpenSlotsCall } from './open-slots-section';
