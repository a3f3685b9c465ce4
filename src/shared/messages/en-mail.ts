import type { jaMail } from './ja-mail';

/** The e-mails' English texts: the same keys as ja-mail.ts (part of `en`). */
export const enMail: typeof jaMail = {
  mail: {
    salutation: 'Dear {{name}},',
    signature:
      '――\nOG Connect (career seminar)\nIf you did not expect this email, please delete it.',
    signIn: {
      subject: '[OG Connect] Your login link',
      greeting: 'Thank you for using OG Connect.',
      body: 'Open the link below to log in. The link is valid for 10 minutes and can be used only once.',
      button: 'Log in',
      codeIntro:
        'If you opened this email on another device or app, enter the following verification code on the login page.',
      ignore: 'If you did not expect this email, please delete it without opening the link.',
    },
    invitation: {
      subject: '[OG Connect] Invitation to register as an OG',
      greeting:
        '{{inviter}} has invited you to "OG Connect", the alumni visit site for the career seminar.',
      body: 'Please support the job hunting of younger students as an OG (alumna/alumnus). You can register from the link below.',
      button: 'Register as an OG',
      code: 'Invitation code: {{code}}',
      expires: 'This link is valid until {{date}} (7 days).',
      adminInviter: 'The OG Connect team',
      mentorInviter: '{{name}}',
    },
    mentorVerification: {
      subject: '[OG Connect] Confirm your email address (OG registration)',
      greeting: 'Thank you for registering with OG Connect.',
      body: 'Open the link below to confirm your email address and complete your registration. The link is valid for 10 minutes. If it expires, please resend it from the confirmation page.',
      button: 'Confirm email address',
    },
    mentorApproved: {
      subject: '[OG Connect] Your OG registration has been approved',
      greeting: 'Thank you for registering with OG Connect.',
      body: 'The seminar office has approved your OG registration. Your profile is now on the OG list for students to see. You can check and edit it from the link below.',
      button: 'View my profile',
    },
    studentRegistration: {
      subject: '[OG Connect] Confirm your email address (student registration)',
      greeting: 'Thank you for applying to register as a student on OG Connect.',
      body: 'Open the link below, check the details and complete your registration. If you did not apply, you can cancel the registration there. The link is valid for 24 hours and can be used only once.',
      button: 'Complete registration',
    },
    visitRequested: {
      subject: '[OG Connect] You have a new visit request',
      greeting: '{{student}} ({{university}}) has sent you a visit request.',
      body: 'Please open the link below to read the request and accept or decline it.',
      button: 'View the request',
    },
    visitAccepted: {
      subject: '[OG Connect] Your visit request was accepted',
      greeting: '{{mentor}} has accepted your visit request.',
      body: 'Open the link below for the date, her contact address and her message. Please follow the safety rules when you meet.',
      button: 'View the request',
    },
    visitDeclined: {
      subject: '[OG Connect] A reply to your visit request',
      greeting: '{{mentor}} has declined your visit request this time.',
      body: 'Open the link below to read her message. You can also ask other alumni from the OG list.',
      button: 'View the request',
    },
    visitCancelled: {
      subject: '[OG Connect] A visit request was cancelled',
      greeting: '{{name}} has cancelled the visit request.',
      body: 'Open the link below for the details.',
      button: 'View the request',
    },
    visitProposed: {
      subject: '[OG Connect] A new time was proposed for your visit',
      greeting: '{{name}} has proposed another time for the visit.',
      body: 'Open the link below to accept this time or propose another one.',
      button: 'View the proposal',
    },
    visitProposalAccepted: {
      subject: '[OG Connect] The visit is set for the time you proposed',
      greeting: '{{name}} has accepted the time you proposed.',
      body: "Open the link below for the date and the student's contact address. Please follow the safety rules when you meet.",
      button: 'View the request',
    },
    visitProposedTime: 'Proposed time: {{date}} ({{format}})',
    visitMeeting: 'Date: {{date}} ({{format}})',
    visitSlots: 'Preferred dates: {{slots}}',
    visitPurpose: 'Purpose: {{purpose}}',
    // Issue 16: what the outbox keeps of a message's body once it may no longer be read.
    redacted: '(This message was sent. Its body was removed so that no link or code is kept.)',
    // Issue 16 (point 4): a request cancelled because the other side withdrew.
    visitCancelledByWithdrawal: {
      subject: '[OG Connect] A visit request was cancelled because the other person left',
      greeting:
        'The other person of your visit request has left OG Connect, so the request was cancelled.',
      body: 'Open the link below to see the request.',
      button: 'View the request',
    },
  },
};
