/** Japanese: an admin's own profile. */
export const jaAccounts = {
  /** /profile for an admin. */
  adminProfile: {
    title: '管理者メニュー',
    lead: '管理者として、次のことができます。',
    sections: {
      overview: '概要：登録状況と対応が必要なこと',
      users: 'ユーザー：承認・権限の変更・利用停止',
      invitations: '招待：OGへの招待の確認と取り消し',
      universities: '大学：大学とメールドメインの管理',
      reports: '通報：利用者からの通報への対応',
      audit: '監査ログ：管理操作の記録',
      inviteMentor: 'OG招待：新しいOGを招待する',
    },
    noMentorProfile: 'OGとしてのプロフィールは登録されていません。',
  },
};
