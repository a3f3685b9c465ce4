// What a page embeds from here brings its rules with it.
import './calendar.css';

/** What other features may use of calendar: the feed section of /profile. */
export { CalendarFeedSection } from './calendar-feed-section';
