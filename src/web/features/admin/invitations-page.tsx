import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVITATION_STATUSES, type AdminInvitation } from '../../../shared/schemas/admin';
import { errorMessage } from '../../api/error-message';
import { SelectField } from '../../components/form-fields';
import { useToast } from '../../components/toast';
import { formatDate } from '../../lib/format';
import { adminInvitationsQuery, useResendInvitation, useRevokeInvitation } from './api';
import { ConfirmDialog, type ConfirmRequest } from '../../components/confirm-dialog';
import { AdminListPage, FilterForm } from './list-parts';
import { useUrlFilters } from '../../lib/use-url-filters';
import './admin.css';

const FILTERS = ['q', 'status'] as const;

/** /admin/invitations: every invitation, whoever sent it; revoke pending, resend expired. */
export function InvitationsPage() {
  const { t } = useTranslation();
  const { filters, setFilter, clear } = useUrlFilters(FILTERS, { status: INVITATION_STATUSES });
  const list = useInfiniteQuery(adminInvitationsQuery(filters));
  const invitations = list.data?.pages.flatMap((page) => page.invitations) ?? [];
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const filtered = Object.keys(filters).length > 0;

  return (
    <AdminListPage
      title={t('admin.invitations.title')}
      filters={
        <FilterForm
          title={t('admin.invitations.filtersTitle')}
          search={{
            param: 'q',
            label: t('admin.invitations.search'),
            hint: t('admin.invitations.searchHint'),
            onSearch: (text) => setFilter('q', text),
          }}
          onClear={clear}
        >
          <SelectField
            label={t('admin.invitations.status')}
            placeholder={t('admin.any')}
            value={filters.status ?? ''}
            onChange={(event) => setFilter('status', event.target.value)}
          >
            <option value="pending">{t('admin.invitations.statusPending')}</option>
            <option value="completed">{t('admin.invitations.statusCompleted')}</option>
            <option value="expired">{t('admin.invitations.statusExpired')}</option>
          </SelectField>
        </FilterForm>
      }
      list={list}
      count={invitations.length}
      empty={filtered ? t('admin.invitations.noMatch') : t('admin.invitations.empty')}
      shape={{
        kind: 'cards',
        headingId: 'admin-invitation-list',
        heading: t('admin.invitations.listLabel'),
      }}
      afterList={<ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />}
    >
      {invitations.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} ask={setConfirm} />
      ))}
    </AdminListPage>
  );
}

function statusBadge(invitation: AdminInvitation): { key: string; className: string } {
  if (invitation.revoked) {
    return { key: 'admin.invitations.statusRevoked', className: 'admin-badge-stopped' };
  }
  switch (invitation.status) {
    case 'pending':
      return { key: 'admin.invitations.statusPending', className: 'badge-info' };
    case 'completed':
      return { key: 'admin.invitations.statusCompleted', className: 'admin-badge-ok' };
    default:
      return { key: 'admin.invitations.statusExpired', className: 'badge-muted' };
  }
}

function InvitationRow({
  invitation,
  ask,
}: {
  invitation: AdminInvitation;
  ask: (request: ConfirmRequest) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const revoke = useRevokeInvitation();
  const resend = useResendInvitation();
  const badge = statusBadge(invitation);
  const email = invitation.email;
  // Each row's buttons say which address they act on.
  const headingId = useId();

  function askRevoke() {
    ask({
      title: t('admin.invitations.revokeTitle'),
      body: <p>{t('admin.invitations.revokeBody', { email })}</p>,
      confirmLabel: t('admin.invitations.revokeConfirm'),
      pendingLabel: t('admin.invitations.revoking'),
      run: async () => {
        await revoke.mutateAsync(invitation.id);
        return t('admin.invitations.revoked', { email });
      },
    });
  }

  async function doResend() {
    try {
      const created = await resend.mutateAsync(invitation.id);
      toast.success(t('admin.invitations.resent', { email: created.email }));
    } catch (error) {
      toast.error(t('admin.actionFailed', { message: errorMessage(t, error) }));
    }
  }

  return (
    <li className="admin-row">
      <div className="admin-row-head">
        <h3 id={headingId} className="admin-row-title admin-row-email">
          {email}
        </h3>
        <span className={`badge ${badge.className}`}>
          {t(badge.key as 'admin.invitations.statusPending')}
        </span>
        <span className="badge admin-badge-role">{t(`admin.roles.${invitation.role}`)}</span>
      </div>
      <dl className="admin-meta">
        <div>
          <dt>{t('admin.invitations.inviter')}</dt>
          <dd>
            {invitation.inviter
              ? (invitation.inviter.name ?? invitation.inviter.email)
              : t('admin.invitations.inviterWithdrawn')}
          </dd>
        </div>
        <div>
          <dt>{t('admin.invitations.code')}</dt>
          <dd className="code">{invitation.inviteCode}</dd>
        </div>
        <div>
          <dt>{t('admin.invitations.sentAt')}</dt>
          <dd>{formatDate(invitation.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('admin.invitations.expiresAt')}</dt>
          <dd>{formatDate(invitation.expiresAt)}</dd>
        </div>
        {invitation.completedAt ? (
          <div>
            <dt>{t('admin.invitations.completedAt')}</dt>
            <dd>{formatDate(invitation.completedAt)}</dd>
          </div>
        ) : null}
      </dl>
      {invitation.status === 'pending' ? (
        <div className="admin-actions">
          <button
            type="button"
            className="button button-danger"
            aria-describedby={headingId}
            onClick={askRevoke}
          >
            {t('admin.invitations.revoke')}
          </button>
        </div>
      ) : invitation.status === 'expired' ? (
        <div className="admin-actions">
          <button
            type="button"
            className="button button-secondary"
            aria-describedby={headingId}
            disabled={resend.isPending}
            aria-busy={resend.isPending || undefined}
            onClick={() => void doResend()}
          >
            {resend.isPending ? t('admin.invitations.resending') : t('admin.invitations.resend')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
