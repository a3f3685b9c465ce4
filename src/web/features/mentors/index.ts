// What a page embeds from here brings its rules with it.
import './mentors.css';

/**
 * What other screens embed of the alumni profile: its form fields and its required icon (the
 * graduation form).
 */
export {
  MentorProfileFields,
  type MentorProfileForm,
  type MentorProfileFormApi,
  type MentorProfileValues,
} from './mentor-profile-fields';
export { submitWithIcon, useProfileIcon } from './profile-icon';
export { MentorCardView } from './mentor-card';
