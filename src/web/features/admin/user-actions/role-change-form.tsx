import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, roleFitsProfile, type Role } from '../../../../shared/roles';
import type { AdminUser } from '../../../../shared/schemas/admin';
import { SelectField } from '../../../components/form-fields';
import { useChangeUserRole } from '../api';
import type { UserActionProps } from './action-props';

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

/** A new role among those the account fits, confirmed first; nothing when there is no choice. */
export function RoleChangeForm({ user, name, ask, isSelf }: UserActionProps & { isSelf: boolean }) {
  const { t } = useTranslation();
  const changeRole = useChangeUserRole();
  const [nextRole, setNextRole] = useState<Role>(user.role);
  const roleLabel = (role: Role) => t(`admin.roles.${role}`);
  const choices = rolesFor(user);
  if (choices.length <= 1) return null;

  function askRole(role: Role) {
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

  return (
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
      <button type="submit" className="button button-secondary" disabled={nextRole === user.role}>
        {t('admin.users.changeRole')}
      </button>
    </form>
  );
}
