// What a page embeds from here brings its rules with it.
import './booking.css';

/**
 * What other features may use of booking: her 予約枠's status and link, on her profile page.
 * (A barrel brings every module it names into the importer's chunk, so it names only this.)
 */
export { BookingStatusLink } from './booking-status-link';
