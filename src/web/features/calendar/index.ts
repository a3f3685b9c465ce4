/** What other features may use of calendar: the feed section of /profile. */
export { CalendarFeedSection } from './calendar-feed-section';
