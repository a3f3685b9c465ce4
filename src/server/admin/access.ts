/** Every route of the console is for admins only; the guard enforces it before the handler. */
export const ADMIN = { access: { roles: ['admin'] as const } };
