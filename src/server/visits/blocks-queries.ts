import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { lockName } from '../db/locks';
import { userBlocks } from '../db/schema';

/*
 * What a block means for requests and threads: read by visits and threads, and taken as a lock by
 * safety, which places and lifts blocks and stands above both.
 */

/** `blockerId` blocked `blockedId` (one direction: what the blocker's button shows). */
export function blockedBy(blockerId: string | SQLWrapper, blockedId: string | SQLWrapper) {
  return sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${blockerId} and ${userBlocks.blockedId} = ${blockedId})`;
}

/** A block between the two, whichever placed it (what keeps them apart, as neither is told). */
export function eitherBlocked(a: string | SQLWrapper, b: string | SQLWrapper) {
  return sql<boolean>`(${blockedBy(a, b)} or ${blockedBy(b, a)})`;
}

/**
 * Serialises what is decided about one pair of users (a block, a new visit request between
 * them): whichever comes second sees the first. The same name whatever the order of the ids.
 */
export async function lockUserPair(tx: Transaction, a: string, b: string): Promise<void> {
  await lockName(tx, userPairLockName(a, b));
}

/** The name lockUserPair locks, for a caller that takes it with other locks (db/locks.ts). */
export function userPairLockName(a: string, b: string): string {
  const [first, second] = a < b ? [a, b] : [b, a];
  return `user-pair:${first}:${second}`;
}
