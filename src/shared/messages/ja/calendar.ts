/** Japanese: calendar events of agreed visits, and the feed settings on /profile. */
export const jaCalendar = {
  calendar: {
    /** The calendar's name in the subscriber's app. */
    name: 'OGコネクト OG訪問',
    summary: 'OG訪問：{{name}}さん',
    withdrawn: '退会したユーザー',
    format: '形式',
    where: '場所',
    host: '接続先',
    details: '依頼の詳細・メッセージ：',
    download: 'カレンダーに追加（.ics）',
    feedTitle: 'カレンダー連携',
    feedLead:
      'このURLをGoogleカレンダーやiPhoneのカレンダーに「URLで追加」すると、承諾済みのOG訪問が自動で表示されます。',
    feedPrivate:
      'このURLを知っている人は誰でもあなたの予定を見られます。他の人に教えないでください。漏れた場合は再発行してください。',
    feedLabel: 'カレンダーのURL',
    copy: 'URLをコピー',
    copied: 'URLをコピーしました。',
    copyFailed: 'コピーできませんでした。URLを選択してコピーしてください。',
    regenerate: 'URLを再発行',
    regenerateTitle: 'カレンダーのURLを再発行しますか？',
    regenerateBody:
      '今のURLは使えなくなります。登録済みのカレンダーでは、新しいURLを追加し直してください。',
    regenerateConfirm: '再発行する',
    cancel: 'キャンセル',
    regenerating: '再発行中…',
    regenerated: '新しいURLを発行しました。',
    loadFailed: 'カレンダーのURLを読み込めませんでした。',
  },
};
