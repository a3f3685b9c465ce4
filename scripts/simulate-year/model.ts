import type { Client } from './client';
import type { PersonSeed } from './population';
import type { Rng } from './prng';
import type { World } from './world';

/**
 * The expected state of the seminar, updated only from the API's answers: what the driver
 * chooses its next actions from (always in sorted order, never by uuid or list order).
 */

export type PersonStatus = 'absent' | 'invited' | 'active' | 'withdrawn';

export interface Person extends PersonSeed {
  client: Client;
  status: PersonStatus;
  /** Alumni: her page's handle in URLs, once registered. */
  urlParam?: string;
  /** Alumni: she published her 予約枠. */
  published?: boolean;
  /** Alumni: 受付停止. */
  paused?: boolean;
  /** Handles of the people she blocked. */
  blocked: Set<string>;
  /** A student who applied to graduate: her personal address confirmed, awaiting approval. */
  graduating?: boolean;
  /** A former student, now an alumna (her role changed from student). */
  graduated?: boolean;
}

export type RequestStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';

export interface VisitRequestModel {
  /** `req#N`, in the order the driver saw them made. */
  handle: string;
  id: string;
  student: string;
  mentor: string;
  status: RequestStatus;
  booked: boolean;
  meetingFormat: 'online' | 'in_person';
  meetingAt?: number;
  /** The times the student asked for (a request; a booking's slot), as the site answered them. */
  preferredSlots: number[];
  /** Whose turn a proposal waits on, and its times. */
  awaiting?: 'student' | 'mentor' | null;
  proposalTimes: string[];
  proposalsLeft: number;
  studentOutcome?: string | null;
  mentorOutcome?: string | null;
  safeEnded: boolean;
  noteId?: string;
  /** Her note was dealt with: offered to the seminar, or kept to herself. */
  noteOffered: boolean;
  /** The alumna's answer to the offered note: consented (named or not). */
  noteConsented?: boolean;
  /** The note was offered (and waits for the alumna's consent until she gives it). */
  noteShared?: boolean;
  messages: number;
}

export class Model {
  readonly people = new Map<string, Person>();
  readonly requests = new Map<string, VisitRequestModel>();
  private requestCount = 0;

  add(person: Person): void {
    this.people.set(person.handle, person);
  }

  /** People of a role (or roles) in a status, sorted by handle. */
  who(
    role: Person['role'] | Person['role'][],
    status: PersonStatus | PersonStatus[] = 'active',
  ): Person[] {
    const roles = Array.isArray(role) ? role : [role];
    const statuses = Array.isArray(status) ? status : [status];
    return [...this.people.values()]
      .filter(
        (person) =>
          roles.includes(person.role) && statuses.includes(person.status) && !person.graduating,
      )
      .sort((a, b) => a.handle.localeCompare(b.handle));
  }

  /** Students whose graduation awaits an admin's approval, sorted by handle. */
  graduating(): Person[] {
    return [...this.people.values()]
      .filter((person) => person.graduating && person.status === 'active')
      .sort((a, b) => a.handle.localeCompare(b.handle));
  }

  /** Whether she acts as a student now: registered, not withdrawn, not graduating or graduated. */
  isStudent(handle: string): boolean {
    const person = this.person(handle);
    return person.role === 'student' && person.status === 'active' && !person.graduating;
  }

  person(handle: string): Person {
    const person = this.people.get(handle);
    if (!person) throw new Error(`no person ${handle}`);
    return person;
  }

  requestList(filter: (request: VisitRequestModel) => boolean): VisitRequestModel[] {
    return [...this.requests.values()]
      .filter(filter)
      .sort((a, b) => Number(a.handle.slice(4)) - Number(b.handle.slice(4)));
  }

  addRequest(fields: Omit<VisitRequestModel, 'handle'>): VisitRequestModel {
    const request = { handle: `req#${++this.requestCount}`, ...fields };
    this.requests.set(request.handle, request);
    return request;
  }

  /** Whether the two have an open request between them (pending, or accepted and ahead). */
  openBetween(student: string, mentor: string, now: number): boolean {
    return [...this.requests.values()].some(
      (request) =>
        request.student === student &&
        request.mentor === mentor &&
        (request.status === 'pending' ||
          (request.status === 'accepted' && (request.meetingAt ?? 0) > now)),
    );
  }
}

/** What an action has to act with. */
export interface ActionContext {
  model: Model;
  world: World;
  /** The action stream: which person, which choice. */
  rng: Rng;
  /** The texts stream: words and client ids, never shifting the choices. */
  texts: Rng;
  now(): number;
}

export interface Action {
  name: string;
  /** How often it is drawn now (0: not now). */
  weight(context: ActionContext): number;
  /** Does it; false when it found nothing to do (the driver draws again, up to a bound). */
  run(context: ActionContext): Promise<boolean>;
}

/**
 * An action on one of the requests `due` lists (sorted): drawn with `weight` whenever one is
 * due, on the one the seed picks.
 */
export function requestAction(
  name: string,
  weight: number,
  due: (context: ActionContext) => VisitRequestModel[],
  act: (context: ActionContext, request: VisitRequestModel) => Promise<boolean>,
): Action {
  return {
    name,
    weight: (context) => (due(context).length > 0 ? weight : 0),
    async run(context) {
      const requests = due(context);
      if (requests.length === 0) return false;
      return act(context, context.rng.pick(requests));
    },
  };
}

/** A uuid from the texts stream, for a message's client id (the same seed, the same ids). */
export function seededUuid(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = (8 + rng.int(0, 3)).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

interface RequestView {
  status: RequestStatus;
  preferredSlots: string[];
  meetingAt: string | null;
  meetingFormat: 'online' | 'in_person';
  awaiting: 'student' | 'mentor' | null;
  proposal: { times: string[]; by: 'student' | 'mentor' } | null;
  proposalsLeft: number;
  followUp: { myOutcome: string | null; otherOutcome: string | null };
  side: 'student' | 'mentor';
}

/**
 * Reads the request again as `viewer` and sets the model from the answer: after every change,
 * and whenever an answer was not seen (a fault), so that nothing is assumed.
 */
export async function refreshRequest(request: VisitRequestModel, viewer: Person): Promise<boolean> {
  const answer = await viewer.client.call('GET', `/api/visit-requests/${request.id}`);
  if (answer.status !== 200) return false;
  const view = answer.json as RequestView;
  request.status = view.status;
  request.meetingAt = view.meetingAt ? Date.parse(view.meetingAt) : undefined;
  request.meetingFormat = view.meetingFormat;
  request.preferredSlots = view.preferredSlots.map((slot) => Date.parse(slot));
  request.awaiting = view.awaiting;
  request.proposalTimes = view.proposal?.times ?? [];
  request.proposalsLeft = view.proposalsLeft;
  if (view.side === 'student') {
    request.studentOutcome = view.followUp.myOutcome;
    request.mentorOutcome = view.followUp.otherOutcome;
  } else {
    request.mentorOutcome = view.followUp.myOutcome;
    request.studentOutcome = view.followUp.otherOutcome;
  }
  return true;
}

/**
 * One side records how the visit went: held, or (with the chance `noShow.chance`) that the
 * other did not come, in her words; the request is then read again as her.
 */
export async function recordOutcome(
  request: VisitRequestModel,
  by: Person,
  rng: Rng,
  noShow: { chance: number; reason: string },
): Promise<boolean> {
  const body = rng.chance(noShow.chance)
    ? { outcome: 'no_show', reason: noShow.reason }
    : { outcome: 'held' };
  const answer = await by.client.call('POST', `/api/visit-requests/${request.id}/outcome`, {
    body,
  });
  await refreshRequest(request, by);
  return ok(answer.status);
}

/** A 2xx answer. */
export const ok = (status: number) => status >= 200 && status < 300;
