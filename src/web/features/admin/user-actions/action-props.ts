import type { AdminUser } from '../../../../shared/schemas/admin';
import type { ConfirmRequest } from '../../../components/confirm-dialog';

/** What every action of a user row is given: the account, how to name it, and the page's dialog. */
export interface UserActionProps {
  user: AdminUser;
  /** The name, or the address for an account without one. */
  name: string;
  /** Hands the page's one confirmation dialog its request. */
  ask: (request: ConfirmRequest) => void;
}
