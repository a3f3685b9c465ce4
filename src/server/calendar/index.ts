// The calendar feature's surface (the calendar feed and .ics files): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { calendarRoutes } from './routes';
