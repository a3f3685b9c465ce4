// The system feature's surface (health, metrics and public settings): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export { registerMetrics } from './metrics';
export { systemRoutes } from './routes';
