/**
 * The Japanese texts of reporting and blocking a user (the users' side; the admins' is in ja-admin.ts) (issue 10): part of the app catalogue (ja-app.ts).
 */
export const jaSafety = {};

export type SafetyMessages = typeof jaSafety;
