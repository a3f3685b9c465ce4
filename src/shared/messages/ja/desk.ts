/**
 * Japanese: the seminar's 相談窓口 as every page shows it (the footer is on /login too, so these
 * come with the first texts; the console's form is in admin.ts).
 */
export const jaDesk = {
  desk: {
    title: '困ったときの相談窓口',
    email: 'メール',
    phone: '電話',
    hours: '受付時間',
    hoursValue: '受付時間：{{hours}}',
    // Unset: the admins' contact, the inquiry form of the menu.
    unset: '就活ゼミの運営者が相談を受け付けています。',
    inquiry: 'お問い合わせフォーム',
    inquiryCompact: '就活ゼミの運営者へのお問い合わせ',
    newTab: '（新しいタブで開きます）',
    // The desk could not be read: the menu's inquiries are always there.
    unavailable: 'メニューの「お問い合わせ」から、就活ゼミの運営者にご相談ください。',
    notTold: '相談や通報をしたことが、相手の方に伝わることはありません。',
    // The request form's note to the student.
    requestNote:
      'OG訪問の前後で困ったことや不安なことがあれば、いつでも相談窓口に相談できます。通報したことが相手の方に伝わることはありません。',
    // The safety box of a request page.
    boxTitle: '困ったときは',
    boxLead:
      'OG訪問で困ったことや不安なことがあれば、一人で抱え込まずに相談してください。身の危険を感じる場合は、ためらわずに警察（110番）に連絡してください。',
  },
};
