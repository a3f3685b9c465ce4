// Types of run-server.mjs for the TypeScript that imports it (bench/).
export const repoRoot: string;
export const SERVER_ARGS: readonly string[];
export function runServer(env: NodeJS.ProcessEnv, beforeExit?: () => void): void;
export const SERVER_ENV: Readonly<Record<string, string>>;
