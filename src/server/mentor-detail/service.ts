import type { Role } from '../../shared/roles';
import type { MentorDetail } from '../../shared/schemas/mentors';
import type { Executor } from '../db/client';
import { isFavourite } from '../favourites/queries';
import { hasBlocked } from '../blocks/queries';
import { contactVisibleTo, visitUnavailableReason } from '../visits/availability-service';
import { findOpenRequestId } from '../visits/queries';
import { countHeldVisits } from '../visit-records/queries';
import { findListedMentor } from '../mentors/queries';

/**
 * The detail page as `viewer` sees it: the profile everyone sees, plus the parts that depend
 * on who asks (contact visibility, favourite, block, whether a request can be sent).
 */
export async function findMentorDetail(
  db: Executor,
  urlParam: string,
  viewer: { id: string; role: Role },
): Promise<MentorDetail | undefined> {
  const listed = await findListedMentor(db, urlParam);
  if (!listed) return undefined;
  const { row, card, requestsThisMonth, invitedBy } = listed;
  const [openRequestId, favourite, blocked, blockedByMentor, showContact, heldVisits] =
    await Promise.all([
      findOpenRequestId(db, viewer.id, row.userId),
      isFavourite(db, viewer.id, row.userId),
      hasBlocked(db, viewer.id, row.userId),
      hasBlocked(db, row.userId, viewer.id),
      contactVisibleTo(db, viewer, row),
      countHeldVisits(db, row.userId),
    ]);
  return {
    ...card,
    // Her block is not announced; to the student she is not accepting now.
    accepting: card.accepting && !blockedByMentor,
    userId: row.userId,
    contactEmail: showContact ? row.contactEmail : null,
    contactVisibility: row.contactVisibility,
    invitedBy,
    heldVisits,
    viewer: {
      favourite,
      blocked,
      openRequestId,
      visitUnavailable: await visitUnavailableReason(
        db,
        viewer,
        row,
        requestsThisMonth,
        openRequestId,
      ),
    },
  };
}
