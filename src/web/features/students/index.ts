/** What other features may use of students: the student's fields, as registration asks them. */
export { StudentFields } from './student-fields';
