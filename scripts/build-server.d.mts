// Types of build-server.mjs for the TypeScript that imports it (its test).
import type { BuildOptions } from 'esbuild';

export const serverBundle: string;
export const serverBuildOptions: BuildOptions;
export function buildServer(): Promise<void>;
