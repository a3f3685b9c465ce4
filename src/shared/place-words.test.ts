import { describe, expect, it } from 'vitest';
import { isInPersonVisit, refusedPlaceWord } from './place-words';
import { meetingDetailsSchema, visitAcceptSchema } from './schemas/visit-requests';

/** Places people really meet at, as alumnae write them: none is refused. */
const ORDINARY = [
  'スターバックス 渋谷店',
  'スタバ 新宿南口',
  'モスバーガー 渋谷店',
  'マクドナルド（ハンバーガー店）',
  'ドトール 丸の内店',
  '大学の図書館',
  '大学のラーニングコモンズ',
  '丸の内オフィス1階ロビー',
  '本社ビル 受付（メンバーが迎えに行きます）',
  'ナンバーパーキング前の広場',
  'サーバールームの見学はしません、会議室へ',
  '駅のカバー付き広場',
  'オーバーブリッジ下のカフェ',
  'バーチャルオフィスではなく本社',
  'ハーバーランド umie のカフェ',
  'Blue Bottle Coffee (barista counter)',
  'Starbucks Reserve Roastery',
  'ホテルニューオータニ ロビーラウンジ',
  'ホテルオークラ 喫茶室',
  'the lobby café of the Hotel Okura',
  '半個室ではない、オープン席のカフェ',
  '個室なしのカフェ、窓際の席',
  '自宅近くのカフェ（駅前）',
  'オンライン（Zoom）',
  'タリーズコーヒー 新宿店 2階',
  '会社のミーティングスペース',
  'バーガーキング 池袋店',
  '図書館のグループ学習室',
  'Google Tokyo オフィス',
  '渋谷ヒカリエ 8階 コワーキングスペース',
  '市役所の市民ロビー',
  'ルノアール 銀座店',
];

/** Each refused word as someone might try to write it. */
const EVASIONS: [string, string][] = [
  ['渋谷の居酒屋', 'izakaya'],
  ['いざかや 和民', 'izakaya'],
  ['IZAKAYA near the station', 'izakaya'],
  ['駅前の ば ー', 'bar'],
  ['ショットバー 銀座', 'bar'],
  ['ワイン・バー', 'bar'],
  ['Bar Hemingway', 'bar'],
  ['ｶﾗｵｹ 駅前店', 'karaoke'],
  ['KARAOKE', 'karaoke'],
  ['か ら お け', 'karaoke'],
  ['ｋａｒａｏｋｅ館', 'karaoke'],
  ['個室のある和食店', 'privateRoom'],
  ['こしつ', 'privateRoom'],
  ['a private room upstairs', 'privateRoom'],
  ['私の自宅', 'home'],
  ['じたく', 'home'],
  ['my place', 'home'],
  ['at my home', 'home'],
  ['新宿のホテル', 'hotel'],
  ['ホテルの部屋（ロビーで待ち合わせ）', 'hotel'],
  ['ﾎﾃﾙ', 'hotel'],
  ['ラブホ', 'hotel'],
  ['hotel room 1203', 'hotel'],
];

describe('refused place words', () => {
  it.each(ORDINARY)('lets an ordinary place through: %s', (place) => {
    expect(refusedPlaceWord(place)?.word).toBeUndefined();
  });

  it.each(EVASIONS)('refuses %s as %s', (place, key) => {
    expect(refusedPlaceWord(place)?.key).toBe(key);
  });

  it("is what the schemas check: the place and an 'other' place's words, named in the message", () => {
    const place = meetingDetailsSchema.safeParse({ meetingPlace: '渋谷の居酒屋' });
    expect(place.error?.issues[0]).toMatchObject({
      path: ['meetingPlace'],
      message: 'validation.placeRefusedIzakaya',
    });
    const other = visitAcceptSchema.safeParse({
      slotIndex: 0,
      safetyRulesConfirmed: true,
      placeKind: 'other',
      placeOther: 'ｶﾗｵｹ',
    });
    expect(other.error?.issues[0]).toMatchObject({
      path: ['placeOther'],
      message: 'validation.placeRefusedKaraoke',
    });
    expect(
      visitAcceptSchema.safeParse({ slotIndex: 0, safetyRulesConfirmed: true, placeKind: 'other' })
        .error?.issues[0],
    ).toMatchObject({ path: ['placeOther'], message: 'validation.placeOtherRequired' });
    expect(meetingDetailsSchema.safeParse({ meetingPlace: 'モスバーガー 渋谷店' }).success).toBe(
      true,
    );
  });
});

describe('isInPersonVisit', () => {
  it('follows the kind of place, and the format on requests from before kinds', () => {
    expect(isInPersonVisit({ meetingFormat: 'in_person', placeKind: 'online' })).toBe(false);
    expect(isInPersonVisit({ meetingFormat: 'online', placeKind: 'office' })).toBe(true);
    expect(isInPersonVisit({ meetingFormat: 'in_person', placeKind: null })).toBe(true);
    expect(isInPersonVisit({ meetingFormat: 'online', placeKind: null })).toBe(false);
  });
});
