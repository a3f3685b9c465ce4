import type { Messages } from '../ja';
import { enAdmin } from './admin';
import { enApp } from './app';
import { enVisiting } from './visiting';
import { enGuidelines } from './guidelines';
import { enEmployerRules } from './employer-rules';
import { enCompanyPage } from './companies';
import { enRecommendations } from './recommendations';
import { enIntroductions } from './introductions';
import { enGroupSessions } from './group-sessions';

/**
 * The English message catalogue: the same files and keys as the Japanese one (the type check
 * fails on a missing or extra key), offered as a second interface language.
 */
export const en: Messages = {
  ...enApp,
  ...enVisiting,
  ...enAdmin,
  ...enGuidelines,
  ...enEmployerRules,
  ...enCompanyPage,
  ...enRecommendations,
  ...enIntroductions,
  ...enGroupSessions,
};
