/** What other screens embed of graduation: the section on a student's /profile. */
export { GraduationSection } from './graduation-section';
