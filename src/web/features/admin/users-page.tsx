import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES } from '../../../shared/roles';
import { USER_STATUSES } from '../../../shared/schemas/admin';
import { SelectField } from '../../components/form-fields';
import { useSession } from '../../lib/session';
import { adminUsersQuery } from './api';
import { GradeRolloverCard } from './grade-rollover-card';
import { GraduationCard } from './graduation-card';
import { ConfirmDialog, type ConfirmRequest } from '../../components/confirm-dialog';
import { AdminListPage, FilterForm } from './list-parts';
import { UserRow } from './user-row';
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
