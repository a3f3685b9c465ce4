/**
 * The front-end figures of the benchmark: what each page downloads (gzip JS and CSS, against
 * the budgets the CI test enforces) and its Lighthouse scores, on the running server.
 */
import { paths } from '../src/shared/paths';
import { ROUTE_JS_BUDGET_GZIP } from './budgets';
import { lighthouseScores, type LighthouseScores } from './lighthouse';
import { measureRouteAssets } from './route-assets';

export interface RouteFigures {
  path: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  jsBudgetBytes: number | undefined;
  lighthouse: LighthouseScores | undefined;
}

export interface FrontEndFigures {
  routes: RouteFigures[];
}

/** Lighthouse's own advice: one run varies by a few points, the median of several does not. */
const LIGHTHOUSE_RUNS = 3;

async function medianLighthouse(url: string, cookie: { name: string; value: string } | undefined) {
  const runs: LighthouseScores[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++)
    runs.push(await lighthouseScores(url, { cookie }));
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)]!;
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
    routes.push({
      path: page.path,
      jsGzipBytes: assets.jsGzipBytes,
      cssGzipBytes: assets.cssGzipBytes,
      jsBudgetBytes: budgets[page.path],
      lighthouse: options.lighthouse
        ? await medianLighthouse(`${origin}${page.path}`, cookie)
        : undefined,
    });
  }
  return { routes };
}
