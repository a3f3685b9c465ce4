import { JST_OFFSET_MS } from './clock-driver';

/**
 * The seminar's seasons: how busy each month is for each kind of action (a weight, 1 = an
 * ordinary month). April is registration; June to August the bookings and visits; the winter
 * quiet; March graduation.
 */

export type Season = 'register' | 'book' | 'answer' | 'graduate';

const MONTH_WEIGHTS: Record<Season, readonly number[]> = {
  //          Jan  Feb  Mar  Apr  May  Jun  Jul  Aug  Sep  Oct  Nov  Dec
  register: [0.3, 0.3, 0.5, 4.0, 2.0, 1.0, 0.6, 0.4, 0.4, 0.6, 0.4, 0.3],
  book: [0.6, 0.5, 0.8, 0.8, 1.2, 2.5, 2.5, 2.0, 1.0, 0.8, 0.7, 0.4],
  answer: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  graduate: [0.2, 1.5, 3.0, 0, 0, 0, 0, 0, 0, 0, 0.1, 0.2],
};

/** The month in Japan (0–11) of an instant. */
export function jstMonth(at: number): number {
  return new Date(at + JST_OFFSET_MS).getUTCMonth();
}

/** The hour in Japan (0–23) of an instant. */
export function jstHour(at: number): number {
  return new Date(at + JST_OFFSET_MS).getUTCHours();
}

export function seasonWeight(season: Season, at: number): number {
  return MONTH_WEIGHTS[season][jstMonth(at)]!;
}

/** People act in the day, little at night. */
export function hourWeight(at: number): number {
  const hour = jstHour(at);
  if (hour < 7) return 0.05;
  if (hour < 9) return 0.5;
  if (hour < 22) return 1;
  return 0.4;
}

/** "YYYY-MM-DDTHH:mm" in Japan time, as the request form sends a preferred time. */
export function jstLocal(at: number): string {
  return new Date(at + JST_OFFSET_MS).toISOString().slice(0, 16);
}
