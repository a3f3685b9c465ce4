import { bookableMentor } from './book-slot-data';
import { NO_EMPLOYER_RULES, type EmployerRules } from '../../shared/schemas/employer-rules';
import type { MentorDetail } from '../../shared/schemas/mentors';
import type { VisitRequest } from '../../shared/schemas/visit-requests';
import { deskAnswer } from './desk-data';
import { signedInAs, type Answer, type Handler } from './render';

/** Her employer's rules as the API gives them in component tests: none, or some of each kind. */
export function employerRulesData(overrides: Partial<EmployerRules> = {}): EmployerRules {
  return { ...NO_EMPLOYER_RULES, ...overrides };
}

/** An employer that allows online visits only, ending by 19:00, with a desk reached by phone. */
export const ONLINE_ONLY_RULES: EmployerRules = {
  onlineOnly: true,
  premisesOnly: false,
  latestEnd: '19:00',
  noAlcohol: true,
  deskName: 'みらいテクノロジーズ 人事部 OB・OG訪問相談窓口',
  deskContact: '03-9876-5432',
};

/** The API of a request's page, as `role` sees it: the request, the desk and an empty thread. */
export function requestPageApi(request: VisitRequest, role = 'student', post?: Answer): Handler {
  const api = `/api/visit-requests/${encodeURIComponent(request.id)}`;
  return (url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/session') return signedInAs(role);
    if (method === 'GET' && url === api) return { status: 200, body: request };
    if (method === 'GET' && url === '/api/desk') return deskAnswer();
    if (method === 'GET' && url === `${api}/messages`) {
      return {
        status: 200,
        body: { messages: [], closedReason: null, masksContacts: true, readAt: null },
      };
    }
    if (method === 'POST' && post) return post;
    return { status: 404, body: { code: 'not-found', message: '' } };
  };
}

/** An alumna's page as a student sees it, with her employer's rules (the booking tests' page). */
export function mentorDetailData(employerRules: EmployerRules | null): MentorDetail {
  return bookableMentor({ invitedBy: { kind: 'staff' }, employerRules });
}
