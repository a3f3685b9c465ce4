// The storage feature's surface (icons): what app.ts and other features may use.
// Everything else in this folder is its own (scripts/check-imports.mjs holds others to this file).
export {
  iconUrl,
  processIcon,
  purgeRetiredIcons,
  retireIconsExcept,
  storeIcon,
} from './icons-service';
export { iconRoutes } from './routes';
