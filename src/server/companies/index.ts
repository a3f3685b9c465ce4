// The companies feature's surface (a company's page: its alumni and the shared 訪問記録 about
// it, decision 0040): what app.ts may use. Everything else in this folder is its own
// (scripts/check-imports.mjs holds others to this file).
export { companyRoutes } from './routes';
