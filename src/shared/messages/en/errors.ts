import type { jaErrors } from '../ja/errors';

/** English: what the site says for each API error code. */
export const enErrors: typeof jaErrors = {
  errors: {
    'invalid-argument': 'Some of the information entered is incorrect.',
    'not-found': 'No data found.',
    'already-exists': 'The data already exists.',
    'permission-denied': 'You do not have access.',
    unavailable: 'The service is temporarily unavailable. Please try again later.',
    internal: 'A database error occurred.',
    'payload-too-large': 'The data sent is too large.',
    'csrf/origin-mismatch':
      'The request could not be processed because it was invalid. Please reload the page and try again.',
    'http/unknown-host':
      "OG Connect cannot be opened at this address. Please open it from its correct URL, such as your bookmark or a link in the site's emails.",
    'auth/unauthenticated': 'Please log in.',
    'auth/session-expired':
      'You were logged out after a period of inactivity. Please log in again.',
    'auth/email-not-verified': 'Your email address has not been confirmed yet.',
    'auth/user-not-found':
      'This email address is not registered. Students, please register first; OGs, please register after receiving an invitation.',
    'auth/invalid-email': 'The email address is not valid.',
    'auth/user-disabled': 'This account has been disabled. Please contact the operators.',
    'auth/too-many-requests': 'Too many attempts. Please wait a while and try again.',
    'auth/invalid-link':
      'The link is invalid or has expired. Please log in again to receive a new link.',
    'auth/email-mismatch':
      'This does not match the email address used to start logging in. Please enter the email address that received the link.',
    'auth/invalid-code': 'The verification code is incorrect or has expired.',
    'auth/email-already-in-use': 'This email address is already registered.',
    'auth/email-already-registered':
      'This email address is already registered. Please log in from the login page.',
    'graduation/not-eligible':
      'Students in their fourth year, second year of a master’s course, or graduating (or marked so by the seminar) can apply to become alumni.',
    'registration/domain-not-allowed':
      'Email addresses from this domain cannot be registered. Please use the email address issued by your university.',
    'upload/not-an-image': 'Please select an image file.',
    'push/unsupported-service':
      "This browser's push service is not supported. Please use mail notifications and the bell.",
    'upload/image-too-large':
      'Please choose an image of 5 MB or less and no more than 8000 pixels wide or high.',
    'invitation/invalid-link':
      'The invitation link is incorrect. Please open the link exactly as it appears in the email.',
    'invitation/invalid-or-used':
      'This invitation is invalid or has already been used. Please ask the person who invited you for a new invitation.',
    'invitation/expired':
      'This invitation has expired. Please ask the person who invited you for a new invitation.',
    'invitation/already-registered-as-mentor': 'This email address is already registered as an OG.',
    'invitation/already-invited': 'An invitation has already been sent to this email address.',
    'invitation/quota-exceeded':
      'You can have up to 3 invitations. Please wait for your invitees to register.',
    'mentor/email-already-registered':
      'This email address is already registered. Please log in from the login page.',
    'admin/last-admin':
      'The last administrator cannot change role, be suspended, be deleted or withdraw. Make someone else an administrator first.',
    'admin/self-action': 'You cannot do this to your own account.',
    'admin/profile-required':
      'This role needs a profile the account does not have, so it cannot be changed.',
    'invitation/not-pending': 'This invitation is no longer pending, so it cannot be revoked.',
    'invitation/not-expired': 'Only expired invitations can be sent again.',
    'university/domain-taken': 'This domain is already registered to another university.',
    'visit/not-accepting': 'This mentor is not accepting visit requests at the moment.',
    'visit/monthly-limit-reached':
      'This mentor has reached their limit of requests for this month (requests withdrawn before the mentor answered are not counted). Please ask again next month.',
    // Introductions (issue 57).
    'introduction/turned-off': 'This mentor is not taking introductions.',
    'introduction/unavailable': 'This student cannot be introduced to this mentor.',
    'introduction/already-pending': 'This introduction is waiting for the mentor’s answer.',
    'introduction/no-visit': 'You can only introduce students you have met on a visit.',
    'introduction/not-pending': 'This introduction has already been answered.',
    'introduction/monthly-limit':
      'You have reached this month’s request limit, so you cannot take this introduction now. Raise your limit, or answer next month.',
    'group-session/closed': 'Sign-up for this group session has closed.',
    'group-session/cancelled': 'This group session has been cancelled.',
    'group-session/not-for-you': 'This group session is open only to the students it names.',
    'group-session/already-joined': 'You have already signed up for this group session.',
    'group-session/not-joined': 'You have not signed up for this group session.',
    'group-session/not-held-yet': 'You can record this once the group session has started.',
    'group-session/attendance-closed':
      'Attendance for this group session can no longer be recorded.',
    'group-session/same-time': 'There is another visit or group session at this time.',
    // The simulated year's tools (decision 0046); never answered outside a simulation.
    'sim/clock-backwards': 'The simulated clock cannot go back.',
    'group-session/started':
      'This group session has already started, so it can no longer be changed.',
    'group-session/seats-fewer':
      'Seats cannot be taken away (the students with a seat keep theirs). You can add seats.',
    'group-session/format-fixed':
      'The format (online or in person) cannot change. To change it, cancel this group session and open a new one.',
    'visit/same-hour':
      'You already have a visit with another mentor at about this time (agreed, or a booking waiting for a reply).',
    'visit/already-open':
      'You already have a request in progress with this mentor. Wait for the reply, or cancel it before sending a new one.',
    'note/not-held': 'A visit note can be written after a visit that took place.',
    'note/not-offerable':
      'This note cannot be shared with the seminar now. Please reload the page.',
    'note/not-offered': 'This note is not waiting for your answer now. Please reload the page.',
    'note/not-shared': 'This note is not shared. Please reload the page.',
    'company/not-found': 'No mentors or visit notes were found for this company.',
    'thread/closed': 'This conversation has ended, so no more messages can be sent.',
    'thread/blocked': 'Messages cannot be exchanged with this user.',
    'visit/blocked': 'Visit requests cannot be exchanged with this user.',
    'visit/not-open':
      'This request has already been accepted, declined or cancelled, so it cannot be changed.',
    'visit/students-only': 'Only students can send visit requests.',
    'booking/slot-taken': 'Another student has just booked this slot. Please choose another one.',
    'booking/not-offered':
      'This slot can no longer be booked. Please choose from the latest open slots.',
    'visit/not-your-turn':
      'This request is waiting for the other side. Reload the page to see where it stands.',
    'visit/proposal-changed':
      'The proposed times have changed. Reload the page to see the latest proposal.',
    'visit/proposal-limit':
      'No more times can be proposed for this request. Accept the proposed time or cancel the request.',
    'visit/no-show-limit':
      'Two reports that you missed a visit in the last 90 days now count, so you cannot send new requests. Please contact the seminar staff.',
    'visit/not-held-yet': 'This can be recorded once the time of the visit has come.',
    'visit/safe-end-not-asked':
      'This visit is not one we ask about, or it is not yet time to say that it ended well.',
    'visit/follow-up-closed': 'This visit can no longer be recorded.',
    'visit/already-thanked': 'You have already sent your thanks.',
    'visit/no-show-recorded': 'This visit was recorded as missed, so thanks can no longer be sent.',
    'visit/no-show-not-claimed':
      'No one has reported that you missed this visit (the report may have been withdrawn). Please reload the page.',
    'visit/no-show-answered':
      'You have already answered that you attended. You can answer only once.',
    'visit/employer-rule-online-only':
      "The mentor's employer allows online visits only. Please choose an online visit.",
    'visit/employer-rule-premises-only':
      "The mentor's employer allows in-person visits only on its premises. Please choose the employer's office or an online visit.",
    'visit/employer-rule-latest-end':
      "The mentor's employer asks that visits end by a set time. Please choose a time that ends earlier.",
    'visit/no-show-withdrawn':
      'You withdrew your report that the other side did not come to this visit, so it cannot be recorded again. If something happened, please contact the seminar staff.',
    'admin/rollover-undone': 'This grade rollover has already been undone.',
    'block/self': 'You cannot block yourself.',
    'report/self': 'You cannot report yourself.',
    'report/not-open': 'This report has already been handled.',
    'report/not-resolved': 'This report is already open.',
    'account/address-held':
      'This address cannot be registered at the moment. If you think this is a mistake, please contact the seminar organisers.',
    'email-change/undo-open':
      'For 7 days after an address change, the previous address can undo it, so the address cannot be changed again until then (nor can an application to become an OG be sent). Please try again once the 7 days have passed.',
    'email-change/undo-address-taken':
      'The previous address is now used by another account, so it could not be put back. Please contact the seminar staff.',
    // Issue 56, point 1 (the place is said once).
    'visit/url-in-person':
      'An in-person visit takes no online meeting link. Enter where to meet, or choose Online as the kind of place.',
    // Issue 57, point 3 (a first visit before anyone's fifth).
    'visit/waiting-limit': 'You have as many requests waiting for an answer as the seminar allows.',
    // Issue 58, point 4 (a visit note about a group session).
    'note/session-not-held': 'A visit note can be written once the group session has taken place.',
    'note/not-seated':
      'Only students who had a seat in this group session can write a visit note about it.',
    'note/absent':
      'You were recorded as absent from this group session, so you cannot write a visit note about it.',
  },
};
