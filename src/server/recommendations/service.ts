import type { Recommendations } from '../../shared/schemas/recommendations';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { suggestedGroupSessions } from '../group-sessions';
import { tokyoMonthStart, tokyoSchoolYear } from '../lib/tokyo-time';
import { mentorCardsOf } from '../mentors';
import { jobTypesNamedBy } from './job-types';
import { findCandidateRows, findSeekerRow, type SeekerRow } from './queries';
import { recommend, type Seeker } from './score';

/** The signed-in student and the alumnae who blocked her (the session's blockedBy). */
export interface RecommendationReader {
  id: string;
  blockedBy: readonly string[];
}

/** The score's Seeker from what she told the site. */
export function seekerOf(row: SeekerRow): Seeker {
  return {
    industries: row.desiredIndustry ? [row.desiredIndustry] : [],
    jobTypes: jobTypesNamedBy(row.desiredJobType),
    universityId: row.universityId,
    // Cleared on her profile it is '' (students.faculty is required): not given.
    faculty: row.faculty || null,
    askedTopics: new Set(row.askedTopics),
    savedMentorIds: new Set(row.savedMentorIds),
    readNoteMentorIds: new Set(row.readNoteMentorIds),
  };
}

/**
 * 「あなたへのおすすめ」: up to `count` alumnae for the student, best first, each as the OG list
 * shows her with the reasons she is recommended (score.ts decides both), and the 座談会 that fit
 * her. Four statements whatever the number of alumnae: her profile, the candidates with their
 * loads, the cards, and the 座談会 (none asked when she has told neither 志望業界 nor topics).
 */
export async function recommendationsFor(
  db: Database,
  reader: RecommendationReader,
  count: number,
  now = new Date(),
): Promise<Recommendations> {
  const seekerRow = await findSeekerRow(db, reader.id);
  if (!seekerRow) throw new AppError('not-found');
  const monthStart = tokyoMonthStart(now);
  const candidates = await findCandidateRows(db, reader.id, now, monthStart);
  const ranked = recommend(seekerOf(seekerRow), candidates, {
    year: tokyoSchoolYear(now),
    count,
  });
  const groupSessions = await suggestedGroupSessions(db, reader.id, seekerRow, now);
  const urlParamOf = new Map(candidates.map((candidate) => [candidate.id, candidate.urlParam]));
  const cards = new Map(
    (
      await mentorCardsOf(
        db,
        ranked.map((entry) => entry.id),
        reader,
        monthStart,
      )
    ).map((card) => [card.urlParam, card]),
  );
  const items = ranked.flatMap((entry) => {
    const card = cards.get(urlParamOf.get(entry.id)!);
    return card ? [{ ...card, reasons: [...entry.reasons] }] : [];
  });
  return { items, profileIncomplete: !seekerRow.desiredIndustry, groupSessions };
}
