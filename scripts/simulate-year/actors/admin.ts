import { seasonWeight } from '../calendar';
import { ok, type Action } from '../model';

/** The seminar's admins: they invite the alumni, most in April and May. */
export const inviteAlumni: Action = {
  name: 'admin.invite',
  weight: ({ model, now }) =>
    model.who('alumni', 'absent').length > 0 && model.who('admin').length > 0
      ? 2 * Math.max(0.3, seasonWeight('register', now()))
      : 0,
  async run({ model, rng }) {
    const admin = rng.pick(model.who('admin'));
    const alumni = rng.pick(model.who('alumni', 'absent'));
    const answer = await admin.client.call('POST', '/api/invitations', {
      body: { email: alumni.email, role: 'mentor' },
    });
    if (answer.status === 201) alumni.status = 'invited';
    return ok(answer.status);
  },
};

export const ADMIN_ACTIONS: Action[] = [inviteAlumni];
