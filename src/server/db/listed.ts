import { sql } from 'drizzle-orm';
import { mentors } from './schema';

/**
 * The list shows verified mentors and admins who keep a profile (decisions.md); a suspended
 * one is off the list and the detail page until an admin reinstates them. The database keeps
 * that as mentors.listed, from the user's row (migration 0019's triggers), so the rule lives
 * here beside it, under every feature that asks it (the OG list, a note's anonymity). The
 * column itself, not compared with a bound `true`, so a plan kept for a prepared statement
 * knows it as well (fixedLimit).
 */
export const listed = sql`${mentors.listed}`;
