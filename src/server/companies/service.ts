import { companyKey } from '../../shared/company';
import { mayReadSharedNotes } from '../../shared/roles';
import type { CompanyPage } from '../../shared/schemas/companies';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { companyMentorCards } from '../mentors';
import { companyNotes } from '../visit-notes';

/** Who reads a company's page: the session's user and the alumnae who blocked them. */
export interface CompanyReader {
  id: string;
  role: Parameters<typeof mayReadSharedNotes>[0];
  blockedBy: readonly string[];
}

/**
 * One company's page as `reader` sees it: its listed alumni (those who blocked the reader shown
 * as paused, as on the list) and, to those who search the notes, the shared notes about it under
 * the search's rules. A company with neither for this reader is not found: the page tells of
 * no company it has nothing to show about.
 */
export async function companyPage(
  db: Database,
  name: string,
  reader: CompanyReader,
): Promise<CompanyPage> {
  const key = companyKey(name);
  if (!key) throw new AppError('company/not-found');
  const mentors = await companyMentorCards(db, key, reader);
  const notes = mayReadSharedNotes(reader.role) ? await companyNotes(db, name, reader) : null;
  if (mentors.length === 0 && !notes?.items.length) throw new AppError('company/not-found');
  return {
    name: mentors[0]?.company ?? notes?.items.find((note) => note.company)?.company ?? name.trim(),
    mentors,
    notes,
  };
  // Its upcoming 座談会 join here when issue 58 brings them.
}
