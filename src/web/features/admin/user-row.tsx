import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { Role } from '../../../shared/roles';
import type { AdminUser } from '../../../shared/schemas/admin';
import type { ConfirmRequest } from '../../components/confirm-dialog';
import { formatDate } from '../../lib/format';
import { universityName } from '../../lib/university-name';
import { ApproveButton } from './user-actions/approve-button';
import { ClearNoShowsButton } from './user-actions/clear-no-shows-button';
import { DeleteButton } from './user-actions/delete-button';
import { ReinstateButton } from './user-actions/reinstate-button';
import { RoleChangeForm } from './user-actions/role-change-form';
import { SuspendButton } from './user-actions/suspend-button';
import { NoShowClaimList } from './user-no-show-claims';

/**
 * One account on /admin/users: who it is, and its actions laid out (each action is its own
 * component in user-actions/, asking the page's one dialog when it needs confirming).
 */
export function UserRow({
  user,
  isSelf,
  ask,
}: {
  user: AdminUser;
  isSelf: boolean;
  ask: (request: ConfirmRequest) => void;
}) {
  const { t, i18n } = useTranslation();
  const name = user.name ?? user.email;
  const suspended = user.suspendedAt !== null;
  const roleLabel = (role: Role) => t(`admin.roles.${role}`);
  const action = { user, name, ask };

  return (
    <li className="admin-row">
      <div className="admin-row-head">
        <h3 className="admin-row-title">{user.name ?? t('admin.users.noName')}</h3>
        <span className="badge admin-badge-role">{roleLabel(user.role)}</span>
        <span className={suspended ? 'badge admin-badge-stopped' : 'badge admin-badge-ok'}>
          {suspended ? t('admin.users.statusSuspended') : t('admin.users.statusActive')}
        </span>
        {user.emailVerified ? null : (
          <span className="badge admin-badge-warning">{t('admin.users.unverified')}</span>
        )}
        {isSelf ? <span className="badge badge-muted">{t('admin.users.you')}</span> : null}
        {user.requestsStopped ? (
          <span className="badge admin-badge-warning">{t('admin.users.requestsStopped')}</span>
        ) : null}
      </div>
      <p className="admin-row-email">{user.email}</p>
      <dl className="admin-meta">
        <div>
          <dt>{t('admin.users.university')}</dt>
          <dd>
            {user.universityName
              ? universityName(user.universityName, user.universityNameEn, i18n.language)
              : t('admin.none')}
          </dd>
        </div>
        <div>
          <dt>{t('admin.users.registeredAt')}</dt>
          <dd>{formatDate(user.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('admin.users.lastActiveAt')}</dt>
          <dd>
            {user.lastActiveAt ? formatDate(user.lastActiveAt) : t('admin.users.neverActive')}
          </dd>
        </div>
      </dl>
      <NoShowClaimList
        claims={user.noShowClaims}
        userId={user.id}
        decidable={user.profile === 'student'}
      />
      {user.visitStats ? (
        <p className="admin-row-stats">
          {t('admin.users.visitStats', user.visitStats)}
          {' / '}
          {user.visitStats.averageRating === null
            ? t('admin.users.noRating')
            : t('admin.users.averageRating', { rating: user.visitStats.averageRating })}
        </p>
      ) : null}
      {user.mentorUrlParam ? (
        <p className="admin-row-link">
          <Link to={paths.mentor(user.mentorUrlParam)}>{t('admin.users.viewProfile')}</Link>
        </p>
      ) : null}
      <div className="admin-actions">
        {/* The one action a waiting alumna needs stays in view; the rest are in the menu. */}
        {user.requestsStopped ? <ClearNoShowsButton {...action} /> : null}
        {user.role === 'mentor_pending' && user.profile === 'mentor' ? (
          <ApproveButton {...action} />
        ) : null}
        <details className="row-menu">
          <summary className="button button-secondary">
            {t('admin.users.menu')}
            <span className="visually-hidden">{t('admin.users.actionsLabel', { name })}</span>
          </summary>
          <div
            className="row-menu-items"
            role="group"
            aria-label={t('admin.users.actionsLabel', { name })}
          >
            <RoleChangeForm {...action} isSelf={isSelf} />
            {suspended ? <ReinstateButton user={user} name={name} /> : null}
            {isSelf ? null : (
              <>
                {suspended ? null : <SuspendButton {...action} />}
                <DeleteButton {...action} />
              </>
            )}
          </div>
        </details>
      </div>
    </li>
  );
}
