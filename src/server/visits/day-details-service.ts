import type { DayDetails, DayVisit } from '../../shared/schemas/day-details';
import type { VisitRequest } from '../../shared/schemas/visit-requests';
import type { Executor } from '../db/client';
import { readDesk } from '../desk';
import { upcomingAgreedVisits } from './views';

/** The other side as the request page shows them: their name, and a contact only where shown. */
function dayVisitOf(view: VisitRequest): DayVisit {
  const other = view.side === 'student' ? view.mentor : view.student;
  return {
    id: view.id,
    side: view.side,
    meetingAt: view.meetingAt!,
    meetingFormat: view.meetingFormat,
    meetingPlace: view.meetingPlace,
    meetingUrl: view.meetingUrl,
    other: { name: other.name, withdrawn: other.withdrawn, contactEmail: other.contactEmail },
  };
}

/**
 * GET /api/visit-requests/day-details (docs/PRODUCT.md §14): the user's agreed visits still
 * ahead, with the 相談窓口, for their device to keep while they are signed in and show offline.
 * Read from the same views as the request pages, so the device holds nothing those pages do not
 * show; answered with no-store (app.ts), as every API answer, so no shared cache keeps a copy.
 */
export async function dayDetails(
  db: Executor,
  userId: string,
  inquiryUrl: string,
  now = new Date(),
): Promise<DayDetails> {
  const [visits, desk] = await Promise.all([upcomingAgreedVisits(db, userId, now), readDesk(db)]);
  return { userId, visits: visits.map(dayVisitOf), desk: { desk, inquiryUrl } };
}
