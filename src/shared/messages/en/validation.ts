import type { jaValidation } from '../ja/validation';

/** English: what a form says about a field (the keys the shared schemas name). */
export const enValidation: typeof jaValidation = {
  validation: {
    visitPurposeRequired: 'Please choose the purpose of the visit.',
    visitMessageRequired: 'Please enter a message.',
    visitMessageTooLong: 'The message must be 1000 characters or fewer.',
    visitSlotRequired: 'Please enter at least one preferred date and time.',
    visitSlotTooMany: 'You can give up to 3 preferred dates and times.',
    visitSlotInvalid: 'Please enter a valid date and time.',
    visitSlotPast: 'The date and time must be in the future.',
    visitProposalPast: 'The proposed time has passed. Please propose another time.',
    visitProposalTimePast:
      'The time you chose has passed. Please choose another of the proposed times or propose a new one.',
    visitProposalTimeRequired: 'Please enter the time you propose.',
    visitProposalTooMany: 'You can propose up to 3 times at once.',
    visitProposalChoiceRequired: 'Please choose one of the proposed times.',
    visitSlotTooFar: 'Please choose a date within the next 90 days.',
    visitSlotLateNight: 'A meeting must start between 8:00 and 20:00 (no late-night meetings).',
    visitSlotDuplicate: 'The same date and time is given twice.',
    visitSlotChoiceRequired: 'Choose one of the preferred times or propose another one.',
    meetingFormatRequired: 'Please choose online or in person.',
    safetyRulesRequired: 'Please read the safety rules and tick the box.',
    meetingPlaceTooLong: 'Please keep the place within 200 characters.',
    meetingPlaceBlank:
      'The place is only spaces. Please enter the place, or leave the field empty.',
    placeKindRequired: 'Please choose the kind of place.',
    placeOtherRequired: 'For “Other”, please describe the place briefly.',
    placeOtherTooLong: 'Please keep the description within 60 characters.',
    placeRefusedIzakaya:
      'An izakaya or another place serving alcohol cannot be the meeting place (no meetings with alcohol). Please choose a public place such as a café or an office.',
    placeRefusedBar:
      'A bar or another place serving alcohol cannot be the meeting place (no meetings with alcohol). Please choose a public place such as a café or an office.',
    placeRefusedKaraoke:
      'Karaoke cannot be the meeting place (no meetings in private rooms). Please choose a public place such as a café or an office.',
    placeRefusedPrivateRoom:
      'A private room cannot be the meeting place (no meetings out of sight of others). Please choose a public place such as a café or an office.',
    placeRefusedHome:
      'A home cannot be the meeting place (no meetings at home or in hotels). Please choose a public place such as a café or an office.',
    placeRefusedHotel:
      'A hotel cannot be the meeting place (no meetings at home or in hotels). A hotel lobby or lounge is fine: please say so.',
    meetingUrlInvalid: 'Please enter a URL starting with https://.',
    meetingUrlCredentials:
      'A URL with a user name or password (a part before @) cannot be used. Please paste the URL the meeting service gave you as it is.',
    meetingUrlIpHost:
      'A URL with an IP address cannot be used. Please enter the meeting service’s address, such as meet.google.com.',
    meetingUrlHost:
      'Please check the URL’s domain name: it needs one with a dot, such as meet.google.com.',
    meetingUrlTooLong: 'Please keep the URL within 500 characters.',
    threadMessageRequired: 'Please enter a message.',
    threadMessageTooLong: 'Please keep the message within 1,000 characters.',
    replyTemplateTitleRequired: 'Please enter a name for the reply.',
    replyTemplateTitleTooLong: 'Please keep the name within 40 characters.',
    replyTemplatesTooMany: 'You can keep up to 10 saved replies.',
    visitReplyTooLong: 'The message must be 500 characters or fewer.',
    visitOutcomeRequired:
      'Please choose whether the visit took place or the other person did not come.',
    feedbackRatingRequired: 'Please choose a rating from 1 to 5.',
    feedbackCommentTooLong: 'The comment must be 1,000 characters or fewer.',
    noShowReasonTooLong: 'The reason must be 500 characters or fewer.',
    noShowAnswerRequired: 'Please say how the visit went (the seminar will read it).',
    noShowAnswerTooLong: 'The note must be 500 characters or fewer.',
    visitCancelReasonRequired:
      'Cancelling within 24 hours of the visit needs a reason; the other person will see it.',
    reportTargetInvalid: 'The user to report is not valid.',
    reportReasonRequired: 'Please choose a reason.',
    reportDetailsRequired: 'Please describe what happened.',
    reportDetailsTooLong: 'The description must be 1000 characters or fewer.',
    reportNoteTooLong: 'The note must be 500 characters or fewer.',
    // The seminar's consultation desk (admin console).
    deskNameTooLong: 'The name of the desk must be 60 characters or fewer.',
    deskPhoneInvalid:
      'Enter a phone number of 10 to 15 digits, with only "-", "+" and "()" besides (e.g. 03-1234-5678).',
    deskHoursTooLong: 'The opening hours must be 100 characters or fewer.',
    deskNoteTooLong: 'The note must be 300 characters or fewer.',
    deskContactRequired:
      'Enter an email address or a phone number (to leave the desk unset, empty every field).',
    invalidChoice: 'Please choose one of the options.',
    domainInvalid: 'Enter a domain name (e.g. stu.example.ac.jp).',
    universityNameRequired: 'Please enter the university name.',
    domainRequired: 'Enter at least one mail domain.',
    tooManyDomains: 'Up to 20 mail domains.',
    domainDuplicated: 'The same domain is listed twice.',
    domainTaken: 'This domain is already registered to another university.',
    emailRequired: 'Please enter your email address.',
    emailInvalid: 'The email address is not valid.',
    codeInvalid: 'Please enter a 6-digit number.',
    invalid: 'Please check your input.',
    textTooLong: 'Please enter 100 characters or fewer.',
    nameRequired: 'Please enter your name.',
    studentNumberRequired: 'Please enter your student ID number.',
    universityRequired: 'Please select your university.',
    facultyRequired: 'Please enter your faculty.',
    departmentRequired: 'Please enter your department.',
    gradeRequired: 'Please select your year.',
    emailDomainMismatch: 'Please use an email address of the selected university.',
    emailSameAsCurrent: 'This is your current address. Please enter a new one.',
    emailChangeUniversityOnly:
      'Students can change only to an address of their university. After graduating, please apply to become an OG.',
    emailNeedsUniversity: 'Please select your university first.',
    termsRequired: 'You must agree to the terms of use.',
    imageRequired: 'Please select a profile picture.',
    introductionTooLong: 'Please keep your self-introduction to 1000 characters or fewer.',
    inviteEmailInvalid: 'Please enter a valid email address.',
    graduationYearRequired: 'Please select your graduation year.',
    graduationYearOutOfRange: 'Choose a graduation year from 1960 up to next year.',
    industryCategoryRequired: 'Please select an industry.',
    industrySubcategoryRequired: 'Please select the industry details.',
    companyRequired: 'Please enter your company name.',
    messageRequired: 'Please enter a message to students.',
    messageTooLong: 'Please keep your message to 140 characters or fewer.',
    nameReadingRequired: 'Please enter the reading of your name (furigana).',
    nameReadingKana: 'Enter the reading in katakana or hiragana, up to 40 characters.',
    joinedYearInvalid: 'Choose a year joined from your graduation year up to next year.',
    joinedYearBeforeGraduation: 'The year you joined cannot be before your graduation year.',
    topicsNoteTooLong: 'Please keep this to 200 characters or fewer.',
    mentorNameRequired: 'Please enter your name.',
    imageNotImage: 'Please select an image file.',
    imageTooLarge: 'Please choose an image of 5 MB or less.',
    // What input and mail may carry.
    nameLinkLike:
      'A name cannot contain anything like a web address, domain name or email address, nor "<" or ">". Please enter just your name.',
    nameEmoji: 'A name cannot contain emoji. Please enter it without them.',
  },
};
