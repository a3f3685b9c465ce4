// The simulated year's server side (decision 0046): what app.ts may use. Everything else in
// this folder is its own (scripts/check-imports.mjs holds others to this file).
export { SimulatedClock } from './clock';
export { installDatabaseClock, SIMULATION_SEARCH_PATH } from './database-clock';
export { simulationRoutes } from './routes';
export type { Simulation } from './service';
