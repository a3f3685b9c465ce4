import { sql, type Placeholder } from 'drizzle-orm';
import type { Role } from '../../shared/roles';
import type { MentorDetail } from '../../shared/schemas/mentors';
import { hasEmployerRules, storedEmployerRules } from '../../shared/schemas/employer-rules';
import type { Database } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { mentors } from '../db/schema';
import { favouriteOf } from '../mentors';
import { tokyoMonthStart } from '../lib/tokyo-time';
import { listedMentorQuery, toListedMentor, mentorVisitStats } from '../mentors';
import { contactShown, pairFactColumns, unavailableReason } from '../visits';
import { namedSharedNotesOf } from '../visit-notes';

function viewerFactColumns(viewerId: Placeholder, now: Placeholder) {
  return {
    ...pairFactColumns(viewerId, mentors.userId, now),
    favourite: favouriteOf(viewerId, mentors.userId),
    heldVisits: mentorVisitStats(mentors.userId).held,
    sharedNoteCount: namedSharedNotesOf(mentors.userId),
  };
}

/** The page's one statement, built once (its values are the request's: see execute below). */
const detailStatement = preparedPerDatabase((db) =>
  listedMentorQuery(
    db,
    sql.placeholder('urlParam'),
    sql.placeholder('monthStart'),
    viewerFactColumns(sql.placeholder('viewerId'), sql.placeholder('now')),
  ).prepare('mentor_detail'),
);

/**
 * The detail page as `viewer` sees it: the profile everyone sees, plus the parts that depend
 * on who asks (contact visibility, favourite, block, whether a request can be sent), all read
 * in one prepared statement (docs/PERFORMANCE.md).
 */
export async function findMentorDetail(
  db: Database,
  urlParam: string,
  viewer: { id: string; role: Role },
): Promise<MentorDetail | undefined> {
  const now = new Date();
  const [found] = await detailStatement(db).execute({
    urlParam,
    viewerId: viewer.id,
    now: now.toISOString(),
    monthStart: tokyoMonthStart(now).toISOString(),
  });
  if (!found) return undefined;
  const listed = await toListedMentor<ReturnType<typeof viewerFactColumns>>(db, found);
  const { row, card, closedBy, invitedBy, extra: facts } = listed;
  return {
    ...card,
    // Her block is not announced; to the student she is not accepting now.
    accepting: card.accepting && !facts.blockedByMentor,
    userId: row.userId,
    faculty: row.faculty,
    contactEmail: contactShown(viewer, row, facts) ? row.contactEmail : null,
    contactVisibility: row.contactVisibility,
    invitedBy,
    heldVisits: facts.heldVisits,
    sharedNoteCount: facts.sharedNoteCount,
    employerRules: shownEmployerRules(row.employerRules),
    viewer: {
      favourite: facts.favourite,
      blocked: facts.blockedByViewer,
      openRequestId: facts.openRequestId,
      visitUnavailable: unavailableReason(viewer, { userId: row.userId, closedBy }, facts),
    },
  };
}

/** Her employer's rules as students read them: null when she recorded none. */
function shownEmployerRules(stored: MentorDetail['employerRules']): MentorDetail['employerRules'] {
  const rules = storedEmployerRules(stored);
  return hasEmployerRules(rules) ? rules : null;
}
