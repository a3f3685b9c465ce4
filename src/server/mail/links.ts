import { MENTOR_VERIFICATION_QUERY, paths } from '../../shared/paths';
import { introducedRequestPath } from '../../shared/schemas/introductions';

/**
 * The site's pages a mail links to, by name, each a whole address on the site's origin: the one
 * place where a mail's link is made, so that services name the page and never carry the origin
 * (a service asks mailLinks(tx), mail/mail-context.ts). A mail links only to the site
 * (docs/SECURITY.md).
 */
export function linksOn(origin: string) {
  const at = (path: string) => `${origin}${path}`;
  // One-time tokens are base64url: encoded all the same, as any value put in a query.
  const withToken = (path: string, token: string) =>
    at(`${path}?token=${encodeURIComponent(token)}`);
  return {
    /** A sign-in link; an invited alumna's confirmation ('verify') names it for its page. */
    signIn: (token: string, kind: 'sign-in' | 'verify' = 'sign-in') => {
      const query = new URLSearchParams({
        token,
        ...(kind === 'verify' ? MENTOR_VERIFICATION_QUERY : {}),
      });
      return at(`${paths.authVerifyEmail}?${query.toString()}`);
    },
    /** A student's registration: the same landing page as a sign-in link. */
    studentRegistration: (token: string) => withToken(paths.authVerifyEmail, token),
    /** The invitation's link; its proof tells the form it was opened from the link. */
    invitation: (email: string, code: string, proof?: string) =>
      at(
        `${paths.mentorRegister}?${new URLSearchParams({ email, code, ...(proof ? { proof } : {}) }).toString()}`,
      ),
    emailChange: (token: string) => withToken(paths.emailChange, token),
    emailChangeUndo: (token: string) => withToken(paths.emailChangeUndo, token),
    contactEmailConfirm: (token: string) => withToken(paths.contactEmailConfirm, token),
    graduation: () => at(paths.graduation),
    graduationConfirm: (token: string) => withToken(paths.graduationConfirm, token),
    mentorProfile: () => at(paths.mentorProfile),
    mentorProfileEdit: () => at(paths.mentorProfileEdit),
    mentorsList: () => at(paths.mentorsList),
    visitRequest: (id: string) => at(paths.visitRequest(id)),
    introduction: (id: string) => at(paths.introduction(id)),
    groupSession: (id: string) => at(paths.groupSession(id)),
    groupSessions: () => at(paths.groupSessions),
    /** The introduced alumna's request form, the introduction attached: one step to ask. */
    introducedRequest: (urlParam: string, introductionId: string) =>
      at(introducedRequestPath(urlParam, introductionId)),
    /** The request's page with its cancel dialog open. */
    visitRequestCancel: (id: string) => at(`${paths.visitRequest(id)}?cancel=1`),
    openReports: () => at(`${paths.adminReports}?status=open`),
    /** The student's note on a visit (her editor, with where it stands). */
    visitNoteWrite: (requestId: string) => at(paths.visitNoteWrite(requestId)),
    /** Her note on a 座談会 (issue 58). */
    groupSessionNoteWrite: (sessionId: string) => at(paths.groupSessionNoteWrite(sessionId)),
    /** The notes offered to an alumna. */
    mentorVisitNotes: () => at(paths.mentorVisitNotes),
    myVisitNotes: () => at(paths.myVisitNotes),
  };
}

export type MailLinks = ReturnType<typeof linksOn>;
