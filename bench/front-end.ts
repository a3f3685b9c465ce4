/**
 * The front-end figures of the benchmark: what each page downloads (gzip JS and CSS, against
 * the budgets the CI test enforces) and its Lighthouse scores, on the running server.
 */
import { paths } from '../src/shared/paths';
import { ROUTE_JS_BUDGET_GZIP } from './budgets';
import { calibratedMultiplier, lighthouseScores, type LighthouseScores } from './lighthouse';
import { measureRouteAssets } from './route-assets';

export interface RouteFigures {
  path: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  jsBudgetBytes: number | undefined;
  /** Calibrated to the host (calibratedMultiplier), the figure held to the target. */
  lighthouse: LighthouseScores | undefined;
  /** Lighthouse's plain 4×, the floor. */
  lighthousePlain: LighthouseScores | undefined;
}

export interface FrontEndFigures {
  routes: RouteFigures[];
}

/** Lighthouse's own advice: one run varies by a few points, the median of several does not. */
const LIGHTHOUSE_RUNS = 3;

async function medianLighthouse(
  url: string,
  cookie: { name: string; value: string } | undefined,
  cpuSlowdownMultiplier?: number,
) {
  const runs: LighthouseScores[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++)
    runs.push(await lighthouseScores(url, { cookie, cpuSlowdownMultiplier }));
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)]!;
}

/**
 * A page's scores at the plain 4×, then calibrated: the multiplier from the median of the plain
 * runs' benchmarkIndex (each run measures it; one varies with the machine's load).
 */
async function calibratedLighthouse(
  url: string,
  cookie: { name: string; value: string } | undefined,
) {
  const plain = await medianLighthouse(url, cookie);
  const calibrated = await medianLighthouse(
    url,
    cookie,
    calibratedMultiplier(plain.benchmarkIndex),
  );
  return { plain, calibrated };
}

export async function frontEndFigures(
  origin: string,
  options: { cookie: { name: string; value: string }; mentorPath: string; lighthouse: boolean },
): Promise<FrontEndFigures> {
  const pages = [
    { path: paths.login, signedIn: false },
    { path: paths.mentorsList, signedIn: true },
    { path: options.mentorPath, signedIn: true },
  ];
  const routes: RouteFigures[] = [];
  for (const page of pages) {
    const cookie = page.signedIn ? options.cookie : undefined;
    const assets = await measureRouteAssets({ baseUrl: origin, path: page.path, cookie });
    const budgets: Record<string, number> = ROUTE_JS_BUDGET_GZIP;
    const scores = options.lighthouse
      ? await calibratedLighthouse(`${origin}${page.path}`, cookie)
      : undefined;
    routes.push({
      path: page.path,
      jsGzipBytes: assets.jsGzipBytes,
      cssGzipBytes: assets.cssGzipBytes,
      jsBudgetBytes: budgets[page.path],
      lighthouse: scores?.calibrated,
      lighthousePlain: scores?.plain,
    });
  }
  return { routes };
}
