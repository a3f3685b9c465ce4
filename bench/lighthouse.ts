import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_FLAGS, defaultChromiumPath } from './route-assets';

/**
 * Lighthouse's mobile default slows the CPU 4×, which its throttling guide (its "Throttling" page,
 * "Calibrating the CPU slowdown") says takes a typical high-end desktop (benchmarkIndex
 * 1,500–2,000) to a mid-tier phone. Another host slowed 4× stands for another phone, so the guide
 * sets the multiplier from the host's benchmarkIndex. Here it is the index over the one that 4×
 * takes the middle of that bracket to (1,750 / 4): 2× for a low-end desktop of 875, as the
 * guide's table says (2×, 1–5), more than 4× for a host above the bracket (this machine measured
 * 2,805 on 2026-12-07: 6.4×), never below 1×.
 */
export const REFERENCE_PHONE_INDEX = 1750 / 4;

export function calibratedMultiplier(benchmarkIndex: number): number {
  return Math.max(1, Math.round((benchmarkIndex / REFERENCE_PHONE_INDEX) * 10) / 10);
}

/** The flags of route-assets.ts plus headless: nothing is fetched from outside the machine. */
const LIGHTHOUSE_CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

export interface LighthouseOptions {
  /** A session cookie, for pages behind sign-in. */
  cookie?: { name: string; value: string };
  chromiumPath?: string;
  /** Lighthouse's default is mobile (Moto G Power, slow 4G and 4× CPU, simulated). */
  formFactor?: 'mobile' | 'desktop';
  /** The CPU slowdown on mobile (default Lighthouse's 4×; `calibratedMultiplier` sets it). */
  cpuSlowdownMultiplier?: number;
}

export interface LighthouseScores {
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The host's CPU as Lighthouse measured it in this run, and the slowdown it applied. */
  benchmarkIndex: number;
  cpuSlowdownMultiplier: number;
}

/**
 * Chromium on this machine kind now and then records a trace without the navigation's start
 * (Lighthouse's NO_NAVSTART): that run says nothing about the page, so it is run again.
 */
const FLAKY_TRACE_ERRORS = new Set(['NO_NAVSTART']);
const ATTEMPTS = 3;

class LighthouseRunError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One Lighthouse navigation of `url` (performance and accessibility only) in a fresh Chromium. */
export async function lighthouseScores(
  url: string,
  options: LighthouseOptions = {},
): Promise<LighthouseScores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, options);
    } catch (error) {
      const flaky = error instanceof LighthouseRunError && FLAKY_TRACE_ERRORS.has(error.code);
      if (!flaky || attempt >= ATTEMPTS) throw error;
    }
  }
}

async function runLighthouse(url: string, options: LighthouseOptions): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromiumPath ?? defaultChromiumPath(),
    chromeFlags: LIGHTHOUSE_CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(options.cpuSlowdownMultiplier !== undefined && options.formFactor !== 'desktop'
          ? {
              throttling: {
                ...throttling.mobileSlow4G,
                cpuSlowdownMultiplier: options.cpuSlowdownMultiplier,
              },
            }
          : {}),
        ...(options.cookie
          ? { extraHeaders: { Cookie: `${options.cookie.name}=${options.cookie.value}` } }
          : {}),
      },
      options.formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      throw new LighthouseRunError(
        runtimeError.code,
        `Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`,
      );
    }
    // Sent elsewhere (a missing or expired session sends to /login): not the page asked for.
    const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
    if (landed !== new URL(url).pathname) {
      throw new Error(`Lighthouse on ${url} ended on ${landed}: no scores for the page asked for`);
    }
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: Math.round(metric('first-contentful-paint')),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      cpuSlowdownMultiplier: result.lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4,
    };
  } finally {
    chrome.kill();
  }
}
