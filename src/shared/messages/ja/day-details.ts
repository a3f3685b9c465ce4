/** The day's details read offline (docs/PRODUCT.md §14): the visits this device keeps. */
export const jaDayDetails = {
  dayDetails: {
    title: 'これからのOG訪問',
    lead: 'この端末に保存してある予定です（{{time}} 時点）。変更があっても、接続が戻るまで反映されません。',
    none: 'これからの確定したOG訪問はありません。',
    other: {
      student: '学生',
      mentor: 'OG',
    },
    contact: '連絡先',
    place: '待ち合わせ場所',
    url: 'オンライン会議のURL',
    notSet: 'まだ決まっていません',
    opens: '{{host}} を開きます',
    open: '依頼のページを開く（接続が必要です）',
    privacy: 'この予定はサインアウトすると端末から消えます。',
  },
};
