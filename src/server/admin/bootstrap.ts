import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { recordAudit } from '../lib/audit';

/**
 * Makes sure every address of ADMIN_EMAILS is an admin: created verified if missing,
 * promoted if it exists with another role. Never demotes anyone.
 */
export async function bootstrapAdmins(db: Database, adminEmails: readonly string[]): Promise<void> {
  for (const email of adminEmails) {
    await db.transaction(async (tx) => {
      const [admin] = await tx
        .insert(users)
        .values({ email, role: 'admin', emailVerified: true })
        .onConflictDoUpdate({
          target: users.email,
          set: { role: 'admin', emailVerified: true },
          setWhere: sql`${users.role} <> 'admin' or ${users.emailVerified} = false`,
        })
        .returning({ id: users.id });
      if (admin) {
        await recordAudit(tx, {
          actorId: null,
          action: 'admin.bootstrap',
          targetType: 'user',
          targetId: admin.id,
        });
      }
    });
  }
}
