/**
 * Simulated time: an event queue (ticks, actions, faults, daily checks) ordered by simulated
 * time, then by the order they were scheduled, so that a seed always takes them in one order.
 * Time only moves forward: an event scheduled in the past runs at the queue's present.
 */

export interface SimEvent {
  at: number;
  kind: string;
  /** What the event does when its time comes. */
  run(): Promise<void>;
}

interface Queued extends SimEvent {
  seq: number;
}

export class EventQueue {
  private items: Queued[] = [];
  private seq = 0;
  private current: number;

  constructor(start: number) {
    this.current = start;
  }

  /** The simulated time of the event being run (or the start). */
  get now(): number {
    return this.current;
  }

  get size(): number {
    return this.items.length;
  }

  schedule(event: SimEvent): void {
    const item = { ...event, at: Math.max(event.at, this.current), seq: this.seq++ };
    // A binary search for the place after every event of the same time: insertion order holds.
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const other = this.items[middle]!;
      if (other.at < item.at || (other.at === item.at && other.seq < item.seq)) low = middle + 1;
      else high = middle;
    }
    this.items.splice(low, 0, item);
  }

  /** The next event, its time now the present; undefined when none is left before `until`. */
  take(until = Infinity): SimEvent | undefined {
    const first = this.items[0];
    if (!first || first.at > until) return undefined;
    this.items.shift();
    this.current = first.at;
    return first;
  }
}

const HOUR_MS = 60 * 60 * 1000;
const JST_OFFSET_MS = 9 * HOUR_MS;

/**
 * The tick times from `from` to `to`: every `everyHours` simulated hours, plus 18:00 and 00:00
 * Japan time each day (when the day-before mail and the day's asks fall due).
 */
export function tickTimes(from: number, to: number, everyHours: number): number[] {
  const times = new Set<number>();
  const firstHour = Math.ceil(from / HOUR_MS) * HOUR_MS;
  // The grid starts at midnight in Japan, so that six-hourly ticks fall at 00, 06, 12 and 18.
  const midnight =
    Math.floor((from + JST_OFFSET_MS) / (24 * HOUR_MS)) * 24 * HOUR_MS - JST_OFFSET_MS;
  for (let at = midnight; at <= to; at += everyHours * HOUR_MS) if (at >= from) times.add(at);
  for (let hour = firstHour; hour <= to; hour += HOUR_MS) {
    const jstHour = new Date(hour + JST_OFFSET_MS).getUTCHours();
    if (jstHour === 18 || jstHour === 0) times.add(hour);
  }
  return [...times].sort((a, b) => a - b);
}

/** The calendar day in Japan (YYYY-MM-DD) of an instant. */
export function jstDay(at: number): string {
  return new Date(at + JST_OFFSET_MS).toISOString().slice(0, 10);
}

export { HOUR_MS, JST_OFFSET_MS };
