import type { jaNoteSearch } from '../ja/note-search';

/** English: the seminar's shared 訪問記録, searched and read. */
export const enNoteSearch: typeof jaNoteSearch = {
  noteSearch: {
    title: 'Visit notes from the seminar',
    lead: 'Find what earlier students asked on their visits and the advice they were given, by company, industry, job type or academic year.',
    myNotes: 'My visit notes',
    filtersTitle: 'Search visit notes',
    keyword: 'Keyword',
    keywordPlaceholder: 'Company or keyword',
    keywordHint:
      'Company names can be found by their reading (hiragana or katakana) too. Words in the notes are searched as well.',
    search: 'Search',
    industry: 'Industry',
    jobType: 'Job type',
    year: 'Academic year',
    any: 'Any',
    narrowedBy: 'Current filters',
    aboutMentor: 'Mentor: {{name}}',
    thisMentor: 'This mentor',
    aboutCompany: 'Company: {{company}}',
    removeFilter: 'Remove the filter "{{label}}"',
    clear: 'Clear filters',
    total: '{{total}} in all',
    showing: 'Showing {{count}}',
    firstQuestion: 'Question',
    moreQuestions: '+{{count}} more',
    loadMore: 'Show more',
    loadingMore: 'Loading…',
    loadMoreFailed: 'Could not load more. Please try again.',
    failed: 'Could not load the visit notes. Please try again later.',
    retry: 'Reload',
    emptyTitle: 'No visit notes have been shared yet',
    emptyBody:
      'Visit notes are written by students after a visit, and appear here only once the mentor they visited agrees. After your own visit, please write a note and share it with the seminar.',
    noMatchTitle: 'No visit notes match these filters',
    noMatchBody: 'Try another keyword or remove a filter.',
    mentorNotes: '{{count}} visit note(s)',
    note: {
      title: 'Visit note',
      backToSearch: 'Search visit notes',
      backToResults: 'Back to the results',
      backToMine: 'My visit notes',
      backToAboutMe: 'Visit notes about me',
      edit: 'Edit and sharing settings',
      requestVisit: 'Request a visit with this mentor',
      requestVisitLead:
        'If you would like to hear more, you can ask this mentor for a visit directly.',
      hidden: 'This note has been hidden by the seminar staff (reason: {{reason}}).',
      notFound:
        'This visit note could not be found. It may have been deleted, or it is no longer shared.',
      failed: 'Could not load this visit note. Please try again later.',
    },
  },
};
