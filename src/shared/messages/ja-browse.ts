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

/** Issue 17: the labels of the richer profile's fixed lists (keys in shared/constants). */
export const jaProfileFields = {
  profileFields: {
    jobType: '職種',
    joinedYear: '入社年',
    topics: '相談できること',
    topicsNote: '相談できること（自由記述）',
    nameReading: 'ふりがな',
    jobTypes: {
      sales: '営業',
      planning_marketing: '企画・マーケティング',
      corporate: '管理部門（人事・経理・総務など）',
      engineering: 'エンジニア・技術職',
      research: '研究・開発',
      specialist: '専門職（士業・医療など）',
      service: '販売・サービス',
      creative: 'クリエイティブ',
      consulting: 'コンサルタント',
      public_service: '公務員・団体職員',
      other: 'その他',
    },
    topicLabels: {
      industry_research: '業界研究',
      es_review: 'ES添削',
      interview_practice: '面接練習',
      career_advice: 'キャリア相談',
      working_life: '社会人生活',
      regional_jobs: '地方就職',
      study_abroad: '留学経験',
      women_careers: '女性のキャリア',
      work_and_family: '仕事と家庭の両立',
      career_change: '転職',
    },
  },
};

export type BrowseMessages = typeof jaBrowse;
