// The booking feature's surface (予約枠: the windows alumni publish and the open slots worked out
// from them): what app.ts and other features may use. Everything else in this folder is its own
// (scripts/check-imports.mjs holds others to this file).
export { bookingRoutes } from './routes';
export { busyDuring, findBooking, groupSessionDuring, holdingBookedSlot } from './queries';
export {
  monthlyLimitReached,
  requestsClosedBy,
  requestsCountingSince,
  takesRequests,
  type RequestsClosedBy,
} from './takes-requests';
export { openSlotsOf, refreshNextSlots, refreshStaleNextSlots } from './service';
export type { Slot } from './slots';
export { keepEmployerRules } from './employer-rules';
