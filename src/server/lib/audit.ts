import type { Executor } from '../db/client';
import type { AuditAction } from '../../shared/audit-actions';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  actorId: string | null;
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

/** Who did what, when; callers pass ids, not personal data. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}
