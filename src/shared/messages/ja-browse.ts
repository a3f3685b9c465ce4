/**
 * The Japanese texts of browsing the OG list: favourites, who is accepting requests, last active (issue 10): part of the app catalogue (ja-app.ts).
 */
export const jaBrowse = {
  browse: {
    accepting: '受付中',
    notAccepting: '受付停止中',
    /** How long ago the alumnus last signed in, never the time itself. */
    lastActive: {
      day: '1日以内にログイン',
      week: '1週間以内にログイン',
      month: '1か月以内にログイン',
      older: '1か月以上ログインなし',
    },
    narrowTitle: '絞り込み',
    acceptingOnly: '受付中のOGのみ',
    favouritesOnly: 'お気に入りのみ',
    /** The star on a card: read out where the star itself says nothing. */
    favouriteMarker: 'お気に入り',
    addFavourite: 'お気に入りに追加',
    favourited: 'お気に入り済み',
    favouriteFailed: 'お気に入りを更新できませんでした。時間をおいて、もう一度お試しください。',
    noFavourites:
      'お気に入りに追加したOGはまだいません。OGの詳細ページにある「お気に入りに追加」から登録できます。',
  },
};

export type BrowseMessages = typeof jaBrowse;
