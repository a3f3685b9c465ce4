import type { jaThreads } from '../ja/threads';

/** English: the thread on each visit request, and the alumnus's saved replies. */
export const enThreads: typeof jaThreads = {
  thread: {
    thanks: 'Thanks',
    title: 'Messages',
    empty: 'No messages yet. Use this space to arrange the date or ask questions.',
    emptyClosed: 'No messages.',
    loadFailed: 'The messages could not be loaded.',
    retryLoad: 'Reload',
    you: 'You',
    unreadDivider: 'Unread from here',
    unread: 'Unread',
    label: 'Write a message',
    placeholder: 'Write a message (Ctrl+Enter or ⌘+Enter to send)',
    // Issue 56: a touch screen is told of no keyboard shortcut.
    placeholderTouch: 'Write a message',
    send: 'Send',
    sending: 'Sending…',
    failed: 'Not sent.',
    retry: 'Send again',
    discard: 'Discard',
    count: '{{count}} / {{max}} characters',
    maskedNote: 'Contact details were hidden because the request is not accepted yet.',
    maskRule:
      'Until the request is accepted, phone numbers, e-mail addresses, messenger IDs such as LINE IDs and links are replaced with "＊＊＊". On this site, contact details are exchanged only after acceptance.',
    maskPreview:
      'If you send this, what looks like contact details will be replaced with "＊＊＊".',
    maskPreviewOther:
      'If you send this, what looks like contact details will be shown to the other person as "＊＊＊". Please exchange contact details once the request is accepted.',
    closed: {
      ended: 'This conversation has ended. You can still read the messages.',
      blocked: 'You cannot exchange messages with a user you have blocked.',
      withdrawn: 'The other person has left the site, so no messages can be sent.',
    },
    report: 'Report',
    reportLabel: 'Report this message to the administrators',
    templates: 'Saved replies',
    templatesPlaceholder: 'Insert a saved reply…',
    templatesEdit: 'Edit saved replies',
    sentAt: 'Sent {{time}}',
  },
  replyTemplates: {
    title: 'Saved replies',
    description:
      'Keep replies you use often in request messages, and insert them with one choice (up to 10).',
    empty: 'No saved replies yet.',
    name: 'Name',
    namePlaceholder: 'e.g. Ask for a few dates',
    body: 'Text',
    add: 'Add a reply',
    remove: 'Delete this reply',
    save: 'Save',
    saved: 'Your saved replies were updated.',
    saveFailed: 'Your saved replies could not be saved.',
    loadFailed: 'Your saved replies could not be loaded.',
    maskPreview:
      'If you send this reply before a request is accepted, what looks like contact details will be replaced with "＊＊＊".',
  },
};
