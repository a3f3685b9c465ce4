import type { jaRegistration } from '../ja/registration';

/** English: student registration and its confirmation link. */
export const enRegistration: typeof jaRegistration = {
  register: {
    title: 'Student registration',
    lead: 'Please register with the email address issued by your university. We will send a confirmation link to that address.',
    name: 'Full name',
    namePlaceholder: 'e.g. Hanako Yamada',
    studentNumber: 'Student ID number',
    university: 'University',
    universityPlaceholder: 'Select your university',
    faculty: 'Faculty',
    facultyPlaceholder: 'e.g. Faculty of Economics',
    department: 'Department',
    departmentPlaceholder: 'e.g. Department of Economics',
    grade: 'Year',
    gradePlaceholder: 'Select your year',
    email: 'University email address',
    emailHintNoUniversity: 'Select your university first to enter this.',
    emailHint: 'Enter an address ending in one of: {{domains}}.',
    emailHintOneDomain: 'Enter your university address ending in {{domain}}.',
    submit: 'Review the terms and register',
    sending: 'Sending…',
    sentTitle: 'Confirmation email sent',
    sentBody:
      'We sent a confirmation link to {{email}}. Within 24 hours, open the link in the email, check your details and complete your registration.',
    sentNote: "If you don't receive the email, please check your spam folder as well.",
    toLogin: 'Go to login',
    haveAccount: 'Already registered? Log in here',
    failed: 'An error occurred during registration. [ERR:{{code}}]',
    universitiesNotFound: 'University data was not found.',
    universitiesInvalid: 'The university data is not in the expected format.',
    universitiesFailed: 'Could not load the university data. Please reload the page.',
    termsLead:
      'Please read the terms of use before registering. Press "Agree and continue" to send the confirmation email.',
  },
  // The registration link's page (/auth/verify-email for a registration).
  registrationLink: {
    title: 'Check your registration',
    lead: 'A student registration was submitted with this email address and the details below. Check them, correct anything that is wrong and complete your registration.',
    university: 'University',
    grade: 'Year',
    email: 'Email address',
    name: 'Name',
    studentNumber: 'Student number',
    faculty: 'Faculty',
    department: 'Department',
    confirm: 'Complete registration with these details',
    confirming: 'Registering…',
    notMineTitle: 'If you did not apply',
    notMineLead:
      'Someone else may have tried to register with your email address. Cancelling frees the address at once.',
    notMine: 'This is not my registration',
    cancelling: 'Cancelling…',
    cancelledTitle: 'Registration cancelled',
    cancelledBody:
      'The registration has been deleted. To register yourself, apply on the student registration page.',
    toRegister: 'To student registration',
    toLogin: 'To the login page',
  },
};
