import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { ROLES, roleFitsProfile, type Role } from '../../../shared/roles';
import {
  USER_STATUSES,
  type AdminNoShowClaim,
  type AdminUser,
} from '../../../shared/schemas/admin';
import { errorMessage } from '../../api/error-message';
import { SelectField } from '../../components/form-fields';
import { useToast } from '../../components/toast';
import { formatDate } from '../../lib/format';
import { formatMeetingTime } from '../../lib/meeting-time';
import { universityName } from '../../lib/university-name';
import { useSession } from '../../lib/session';
import {
  adminUsersQuery,
  useChangeUserRole,
  useDeleteUser,
  useClearNoShows,
  useReinstateUser,
  useSuspendUser,
} from './api';
import { GradeRolloverCard } from './grade-rollover-card';
import { GraduationCard } from './graduation-card';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog';
import { AdminListPage, FilterForm } from './list-parts';
import { useUrlFilters } from '../../lib/use-url-filters';
import './admin.css';

const FILTERS = ['q', 'role', 'status'] as const;

/** /admin/users: find people, approve alumni, change roles, suspend or delete accounts. */
export function UsersPage() {
  const { t } = useTranslation();
  const { filters, setFilter, clear } = useUrlFilters(FILTERS, {
    role: ROLES,
    status: USER_STATUSES,
  });
  const list = useInfiniteQuery(adminUsersQuery(filters));
  const users = list.data?.pages.flatMap((page) => page.users) ?? [];
  const myId = useSession().data?.user?.id;
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const filtered = Object.keys(filters).length > 0;

  return (
    <AdminListPage
      title={t('admin.users.title')}
      filters={
        <FilterForm
          title={t('admin.users.filtersTitle')}
          search={{
            param: 'q',
            label: t('admin.users.search'),
            hint: t('admin.users.searchHint'),
            onSearch: (text) => setFilter('q', text),
          }}
          onClear={clear}
        >
          <SelectField
            label={t('admin.users.role')}
            placeholder={t('admin.any')}
            value={filters.role ?? ''}
            onChange={(event) => setFilter('role', event.target.value)}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`admin.roles.${role}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('admin.users.status')}
            placeholder={t('admin.any')}
            value={filters.status ?? ''}
            onChange={(event) => setFilter('status', event.target.value)}
          >
            <option value="active">{t('admin.users.statusActive')}</option>
            <option value="suspended">{t('admin.users.statusSuspended')}</option>
          </SelectField>
        </FilterForm>
      }
      beforeList={
        <>
          <GradeRolloverCard ask={setConfirm} />
          <GraduationCard ask={setConfirm} />
        </>
      }
      list={list}
      count={users.length}
      empty={filtered ? t('admin.users.noMatch') : t('admin.users.empty')}
      shape={{ kind: 'cards', headingId: 'admin-user-list', heading: t('admin.users.listLabel') }}
      afterList={<ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />}
    >
      {users.map((user) => (
        <UserRow
          // A new role or status starts the row's choices afresh.
          key={`${user.id}:${user.role}:${user.suspendedAt ? 's' : 'a'}`}
          user={user}
          isSelf={user.id === myId}
          ask={setConfirm}
        />
      ))}
    </AdminListPage>
  );
}

/**
 * The roles the server accepts for this account: each needs the profile its pages show.
 * An alumna awaiting approval is approved with 「承認」, so the role list does not
 * offer the same change a second time.
 */
function rolesFor(user: AdminUser): Role[] {
  return ROLES.filter(
    (role) =>
      role === user.role ||
      (roleFitsProfile(role, user.profile) &&
        !(role === 'mentor' && user.role === 'mentor_pending')),
  );
}

function UserRow({
  user,
  isSelf,
  ask,
}: {
  user: AdminUser;
  isSelf: boolean;
  ask: (request: ConfirmRequest) => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const changeRole = useChangeUserRole();
  const suspend = useSuspendUser();
  const reinstate = useReinstateUser();
  const clearNoShows = useClearNoShows();
  const remove = useDeleteUser();
  const [nextRole, setNextRole] = useState<Role>(user.role);
  const name = user.name ?? user.email;
  const suspended = user.suspendedAt !== null;
  const roleLabel = (role: Role) => t(`admin.roles.${role}`);
  const choices = rolesFor(user);

  function askRole(role: Role) {
    if (role === 'mentor' && user.role === 'mentor_pending') {
      ask({
        title: t('admin.users.approveTitle'),
        body: <p>{t('admin.users.approveBody', { name })}</p>,
        confirmLabel: t('admin.users.approveConfirm'),
        pendingLabel: t('admin.users.approving'),
        tone: 'primary',
        run: async () => {
          await changeRole.mutateAsync({ id: user.id, role });
          return t('admin.users.approved', { name });
        },
      });
      return;
    }
    ask({
      title: t('admin.users.roleTitle'),
      body: (
        <>
          <p>
            {t('admin.users.roleBody', { name, from: roleLabel(user.role), to: roleLabel(role) })}
          </p>
          {role === 'admin' ? <p>{t('admin.users.roleBodyAdmin')}</p> : null}
          {isSelf && user.role === 'admin' ? (
            <p className="notice notice-warning">{t('admin.users.roleBodySelf')}</p>
          ) : null}
        </>
      ),
      confirmLabel: t('admin.users.roleConfirm'),
      pendingLabel: t('admin.users.roleChanging'),
      tone: 'primary',
      run: async () => {
        await changeRole.mutateAsync({ id: user.id, role });
        return t('admin.users.roleChanged', { name, role: roleLabel(role) });
      },
    });
  }

  function askSuspend() {
    ask({
      title: t('admin.users.suspendTitle'),
      body: <p>{t('admin.users.suspendBody', { name })}</p>,
      confirmLabel: t('admin.users.suspendConfirm'),
      pendingLabel: t('admin.users.suspending'),
      run: async () => {
        await suspend.mutateAsync(user.id);
        return t('admin.users.suspended', { name });
      },
    });
  }

  function askDelete() {
    ask({
      title: t('admin.users.deleteTitle'),
      body: (
        <>
          <p>{t('admin.users.deleteLead', { name })}</p>
          <ul className="withdraw-list">
            <li>{t('admin.users.deleteAccount')}</li>
            <li>{t('admin.users.deleteProfile')}</li>
            <li>{t('admin.users.deleteSessions')}</li>
          </ul>
          <p>{t('admin.users.deleteInvitations')}</p>
          <p>{t('admin.users.deleteKept')}</p>
        </>
      ),
      confirmLabel: t('admin.users.deleteConfirm'),
      pendingLabel: t('admin.users.deleting'),
      typeToConfirm: user.email,
      run: async () => {
        await remove.mutateAsync(user.id);
        return t('admin.users.deleted', { name });
      },
    });
  }

  function askClearNoShows() {
    ask({
      title: t('admin.users.clearNoShowsTitle'),
      body: <p>{t('admin.users.clearNoShowsBody', { name })}</p>,
      confirmLabel: t('admin.users.clearNoShowsConfirm'),
      pendingLabel: t('admin.users.clearingNoShows'),
      tone: 'primary',
      run: async () => {
        await clearNoShows.mutateAsync(user.id);
        return t('admin.users.clearedNoShows', { name });
      },
    });
  }

  async function doReinstate() {
    try {
      await reinstate.mutateAsync(user.id);
      toast.success(t('admin.users.reinstated', { name }));
    } catch (error) {
      toast.error(t('admin.actionFailed', { message: errorMessage(t, error) }));
    }
  }

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
      <NoShowClaimList claims={user.noShowClaims} />
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
        {user.requestsStopped ? (
          <button type="button" className="button button-primary" onClick={askClearNoShows}>
            {t('admin.users.clearNoShows')}
          </button>
        ) : null}
        {user.role === 'mentor_pending' && user.profile === 'mentor' ? (
          <button type="button" className="button button-primary" onClick={() => askRole('mentor')}>
            {t('admin.users.approve')}
          </button>
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
            {choices.length > 1 ? (
              <form
                className="admin-role-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (nextRole !== user.role) askRole(nextRole);
                }}
              >
                <SelectField
                  label={t('admin.users.role')}
                  value={nextRole}
                  onChange={(event) => setNextRole(event.target.value as Role)}
                >
                  {choices.map((role) => (
                    <option key={role} value={role}>
                      {roleLabel(role)}
                    </option>
                  ))}
                </SelectField>
                <button
                  type="submit"
                  className="button button-secondary"
                  disabled={nextRole === user.role}
                >
                  {t('admin.users.changeRole')}
                </button>
              </form>
            ) : null}
            {suspended ? (
              <button
                type="button"
                className="button button-secondary"
                disabled={reinstate.isPending}
                aria-busy={reinstate.isPending || undefined}
                onClick={() => void doReinstate()}
              >
                {reinstate.isPending ? t('admin.users.reinstating') : t('admin.users.reinstate')}
              </button>
            ) : null}
            {isSelf ? null : (
              <>
                {suspended ? null : (
                  <button type="button" className="button admin-button-warn" onClick={askSuspend}>
                    {t('admin.users.suspend')}
                  </button>
                )}
                <button type="button" className="button button-danger" onClick={askDelete}>
                  {t('admin.users.delete')}
                </button>
              </>
            )}
          </div>
        </details>
      </div>
    </li>
  );
}

/**
 * The no-show claims against a user (docs/PRODUCT.md §7), each with the claimant's name, the
 * reason and the answer 「参加しました」 beside it: what the admins weigh before clearing a stop.
 */
function NoShowClaimList({ claims }: { claims: AdminNoShowClaim[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (claims.length === 0) return null;
  return (
    <div className="admin-no-show-claims" role="group" aria-labelledby={titleId}>
      <h4 id={titleId}>{t('admin.users.noShowClaimsTitle')}</h4>
      <ul>
        {claims.map((claim) => (
          <li key={String(claim.claimedAt)}>
            <p>
              {claim.claimantName !== null
                ? t('admin.users.noShowClaimVisit', {
                    date: formatMeetingTime(String(claim.meetingAt)),
                    name: claim.claimantName,
                    claimedAt: formatDate(claim.claimedAt),
                  })
                : t('admin.users.noShowClaimVisitWithdrawn', {
                    date: formatMeetingTime(String(claim.meetingAt)),
                    claimedAt: formatDate(claim.claimedAt),
                  })}
            </p>
            <p className="report-details-text">
              {claim.reason
                ? t('admin.users.noShowClaimReason', { reason: claim.reason })
                : t('admin.users.noShowClaimNoReason')}
            </p>
            {claim.answer ? (
              <p className="report-details-text">
                {t('admin.users.noShowClaimAnswer', {
                  date: formatDate(claim.answer.at),
                  note: claim.answer.note,
                })}
              </p>
            ) : (
              <p className="muted">{t('admin.users.noShowClaimNoAnswer')}</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
