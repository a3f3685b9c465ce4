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
    // A booking still waiting for her answer, in both sides' feeds.
    tentativeSummary: '【仮予約】{{summary}}',
    tentativeStudent: '予約枠の仮予約です。OGが承諾すると確定します。',
    tentativeMentor: '予約枠の仮予約です。依頼ページから承諾すると確定します。',
    // An alumna's 予約枠 as free/busy (the second URL).
    slotsName: 'OGコネクト 予約枠',
    slotOpen: '予約枠（空き）',
    slotOpenNote: '学生が予約できる空き枠です。予約が入ると「予約枠（予約済み）」に変わります。',
    slotBooked: '予約枠（予約済み）',
    slotHeld: '予約枠（仮予約）',
    download: 'カレンダーに追加（.ics）',
    feedTitle: 'カレンダー連携',
    feedLead:
      'このURLをGoogleカレンダーやiPhoneのカレンダーに「URLで追加」すると、承諾済みのOG訪問（予約枠の仮予約も）と参加する座談会が自動で表示されます。',
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
    slotsLabel: '予約枠のURL（空き状況）',
    slotsLead:
      '公開中の予約枠を、ご自身のカレンダーに「空き」として表示するURLです。予約や仮予約が入った枠と座談会の時間は「予定あり」になります。',
    slotsCopy: '予約枠のURLをコピー',
    regenerateSlots: '予約枠のURLも新しくなります。',
    // 座談会 (issue 58): one as .ics, in the feeds of its alumna and seated students, busy in her slots.
    groupSummary: '座談会：{{title}}（{{name}}さん）',
    groupHostSummary: '座談会：{{title}}',
    groupSeats: '参加予定 {{seated}} / {{seats}}名',
    groupDetails: '座談会の詳細：',
    groupBusy: '座談会',
  },
};
