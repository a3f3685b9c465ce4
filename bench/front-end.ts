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
        ? await lighthouseScores(`${origin}${page.path}`, { cookie })
        : undefined,
    });
  }
  return { routes };
}
