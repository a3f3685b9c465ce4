// What a page embeds from here brings its rules with it.
import './mentors.css';

/** What other screens embed of the alumni profile: its form fields (the graduation form). */
export {
  MentorProfileFields,
  mentorProfileFormData,
  showServerFieldErrors,
  type MentorProfileForm,
  type MentorProfileFormApi,
  type MentorProfileValues,
} from './mentor-profile-fields';
