-- Issue 17, point 10: universities are listed in あいうえお順 of their reading and named in
-- English in English mode. A new database gets both from the seed (seed/universities.ts); this
-- fills them in for the seeded universities of a database created before, leaving what an
-- admin already wrote.
UPDATE "universities" SET
  "reading" = CASE WHEN "universities"."reading" = '' THEN "seeded"."reading" ELSE "universities"."reading" END,
  "name_en" = COALESCE("universities"."name_en", "seeded"."name_en")
FROM (VALUES
  ('u-tokyo', 'とうきょうだいがく', 'The University of Tokyo'),
  ('kyoto-u', 'きょうとだいがく', 'Kyoto University'),
  ('osaka-u', 'おおさかだいがく', 'Osaka University'),
  ('tohoku', 'とうほくだいがく', 'Tohoku University'),
  ('nagoya-u', 'なごやだいがく', 'Nagoya University'),
  ('kyushu-u', 'きゅうしゅうだいがく', 'Kyushu University'),
  ('hokudai', 'ほっかいどうだいがく', 'Hokkaido University'),
  ('hit-u', 'ひとつばしだいがく', 'Hitotsubashi University'),
  ('isct', 'とうきょうかがくだいがく', 'Institute of Science Tokyo'),
  ('kobe-u', 'こうべだいがく', 'Kobe University'),
  ('tsukuba', 'つくばだいがく', 'University of Tsukuba'),
  ('ynu', 'よこはまこくりつだいがく', 'Yokohama National University'),
  ('hiroshima-u', 'ひろしまだいがく', 'Hiroshima University'),
  ('omu', 'おおさかこうりつだいがく', 'Osaka Metropolitan University'),
  ('waseda', 'わせだだいがく', 'Waseda University'),
  ('keio', 'けいおうぎじゅくだいがく', 'Keio University'),
  ('sophia', 'じょうちだいがく', 'Sophia University'),
  ('icu', 'こくさいきりすときょうだいがく', 'International Christian University'),
  ('meiji', 'めいじだいがく', 'Meiji University'),
  ('aoyama', 'あおやまがくいんだいがく', 'Aoyama Gakuin University'),
  ('rikkyo', 'りっきょうだいがく', 'Rikkyo University'),
  ('chuo-u', 'ちゅうおうだいがく', 'Chuo University'),
  ('hosei', 'ほうせいだいがく', 'Hosei University'),
  ('tus', 'とうきょうりかだいがく', 'Tokyo University of Science'),
  ('nihon-u', 'にほんだいがく', 'Nihon University'),
  ('toyo', 'とうようだいがく', 'Toyo University'),
  ('doshisha', 'どうししゃだいがく', 'Doshisha University'),
  ('ritsumei', 'りつめいかんだいがく', 'Ritsumeikan University'),
  ('kansai-u', 'かんさいだいがく', 'Kansai University'),
  ('kwansei', 'かんせいがくいんだいがく', 'Kwansei Gakuin University')
) AS "seeded" ("id", "reading", "name_en")
WHERE "universities"."id" = "seeded"."id";
