import type { SafetyMessages } from './ja-safety';

/** The English twin of ja-safety.ts. */
export const enSafety: SafetyMessages = {};
